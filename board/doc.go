// Package board holds the rules of the games: positions, their notation, legal
// moves, and how and when a game ends. Nothing outside this package knows how seeds
// move; the search and the evaluation ask it questions instead.
//
// # Is the game over?
//
// One path answers it, in this order:
//
//  1. Position.Ended(repeated): over without generating moves. A repeated position
//     (one that occurred earlier in the game; only the caller knows the history)
//     ends the game by the loop ending; otherwise a rule decided by the move that
//     produced the position (Bao la Kimasai's empty inner rows, a store of more than
//     half the seeds in Oware Abapa and the rule files' games with end.majority)
//     may end it.
//  2. Otherwise Position.Generate: the game goes on exactly when it lists a child
//     (a move or a pass). When it lists none, Position.NoMoveResult is the result.
//
// Position.Result runs steps 1 (without history) and 2; Game.Play runs them with
// the game's history, so Game.Result includes loop endings, and so do PerftGame and
// DivideGame, which count games (Perft, without history, counts move sequences). Position.MayBeOver is a
// cheap filter in front of step 2 for callers that would rather not generate moves
// (a search at its horizon): when it reports false, step 2 would list a child.
package board
