// Package words is the vocabulary the layers share: the score an engine reports
// (Score, with its Bound) and its text ("cp X", "mate N" and the bound words, written
// by Score.String and read by ParseScore), the one scale of scores (Centiseeds), and
// the one-line descriptions of the strength levels (Level). The engine (package search
// and protocol), the client, the match runner and the page all speak it.
//
// It imports nothing of the project, so that the client side (protocol/client,
// protocol/tournament, gui) reads and writes scores without the search and the
// evaluation's embedded weights. How a search's internal values become a reported
// Score is the search's business (search.ToScore, search.Reported, search.WDL).
package words
