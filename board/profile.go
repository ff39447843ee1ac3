package board

import (
	"errors"
	"fmt"
)

// A Profile is everything said or tuned about one game beyond its rules: how the
// evaluation, the search and the clock are set for it, the bench positions that
// sign the search, and the words a person reads about it. A game's profile starts
// generic (fileProfile, or namedProfile for named rules) and a profile file beside
// its rule file sets it (profilefile.go; the five games' is
// board/games/builtin.profile.toml); a rule file's profile key takes a game of
// builtin.toml's instead. Every algorithm reads its per-game settings from the
// variant's Profile, never from a table of its own: a new game is its rule file,
// and optionally a profile and learned weights (docs/new-game.md).
//
// The figures come from matches recorded in docs/ledger.md; each profile says which.
type Profile struct {
	Eval   EvalProfile
	Search SearchProfile
	Clock  ClockProfile
	// Bench is the game's share of the fixed bench suite (package bench): the
	// start position first, then positions from the middle and the end of games.
	Bench []BenchPosition
	// Score turns the search's internal values into the reported score and its
	// win/draw/loss chances (search.Reported and search.WDL).
	Score ScoreProfile
	Words Words
}

// Off is the value of a search setting that turns its feature off for a game.
const Off = -1

// EvalProfile says which evaluation a game plays with (package eval).
type EvalProfile struct {
	// Hand lists the terms of the best hand-set evaluation by name ("material",
	// always, then any of "row", "mobility", "inner"): the evaluation the learned
	// one must beat and the one that played the games its weights were fitted on.
	Hand []string
	// Default is the evaluation the engine uses: "learned" or "hand".
	Default string
	// Weights names the learned evaluation's weights file in eval/weights ("" for a
	// game that plays its hand-set terms and has no learned weights).
	Weights string
	// WeightsText is learned weights given as text (a profile file's weights file, in
	// eval's format), in place of Weights.
	WeightsText string
}

// SearchProfile holds the alpha-beta search's per-game settings (package
// search/alphabeta). A setting of Off turns its feature off.
type SearchProfile struct {
	// FutilityMargin is how many centiseeds per ply of remaining depth the static
	// evaluation must stand above beta for a null-window node near the horizon to
	// fail high without a search (reverse futility pruning).
	FutilityMargin int
	// SingularMargin is how many centiseeds per ply of depth every other move must
	// score below the table's score for the table's move to be extended a ply
	// (singular extensions).
	SingularMargin int
	// QuiesceDepth bounds how many plies of captures the quiescence search follows
	// below the horizon.
	QuiesceDepth int
}

// ClockProfile is what the time manager (package search) knows of a game's length:
// over how many moves it spreads a sudden-death clock. Either Flat is set, or
// MovesLeft and both spends are.
type ClockProfile struct {
	// Flat, when set, is a fixed number of moves, for a game whose progress the seeds
	// on the board do not tell.
	Flat float64
	// MovesLeft is the mean number of moves the side to move still makes, the one to
	// be searched included, by the share of the game's seeds on the board: entry i is
	// the mean over positions with a share from i/n to (i+1)/n.
	MovesLeft []float64
	// SpendAlphaBeta and SpendMCTS are the mean time each searcher took over its
	// target per move.
	SpendAlphaBeta, SpendMCTS float64
}

// ScoreProfile holds the fitted conversions of the search's internal values v (the
// evaluation's centiseeds, a log-odds scale for a learned evaluation) into what the
// engine reports (package search, Reported and WDL).
type ScoreProfile struct {
	// Margin scales v into seeds of expected final margin before the margin is bounded
	// by what the position can still reach: d + B·tanh((Margin·v/100 − Lead·d)/(B +
	// Reach)), d the store lead and B the seeds on the board, in seeds. In Bao la
	// Kimasai, without seed margins, the reported score is Margin·v.
	Margin float64
	// Lead is the share of the store lead d that v already counts (0 to 1): the
	// conversion takes v·Margin/100 − Lead·d as the seeds to be won on the board.
	Lead float64
	// Reach (seeds, 0 or more) softens the bound: the larger, the less of the board's
	// seeds an advantage is expected to win.
	Reach float64
	// WinAt and WinWidth are the win/draw/loss model, in internal centiseeds: the side
	// to move wins with chance σ((v−WinAt)/WinWidth), loses with σ((−v−WinAt)/WinWidth)
	// and draws otherwise (σ the logistic function).
	WinAt, WinWidth float64
}

// BenchPosition is one position of the bench suite and the depth it is searched to.
type BenchPosition struct {
	Position string // in the notation of docs/rules.md
	Depth    int
}

// Words are the texts a person reads about a game (the GUI's phase line and result).
type Words struct {
	// Phases names each phase of the game in the order of the rules' phase numbers
	// (Position.Phase); a game without phases has one.
	Phases []string
	// Ends says in words how each way the game can end scores it.
	Ends map[Reason]string
	// Score says what the engine's reported score counts and where a game review
	// marks a move.
	Score ScoreWords
}

// ScoreWords name what a reported score of 1.00 (cp 100) counts in a game, and the
// losses in that unit from which a game review marks a move.
type ScoreWords struct {
	// Unit and One name the unit, plural and singular: "seeds" and "seed" where the
	// score is a seed margin.
	Unit, One string
	// Marks are the losses, in Unit, from which a reviewed move is an inaccuracy
	// (?!), a mistake (?) and a blunder (??); a move's accuracy falls from 100% at
	// no loss to 0% at a blunder's.
	Marks [3]float64
}

// Check reports every setting the profile lacks, so that a game cannot be added with
// a part of its profile forgotten.
func (pr *Profile) Check() error {
	var errs []error
	missing := func(what string) { errs = append(errs, fmt.Errorf("%s is not set", what)) }
	if len(pr.Eval.Hand) == 0 || pr.Eval.Hand[0] != "material" {
		missing(`Eval.Hand (starting with "material")`)
	}
	if pr.Eval.Default != "learned" && pr.Eval.Default != "hand" {
		missing(`Eval.Default ("learned" or "hand")`)
	}
	if pr.Eval.Weights == "" && pr.Eval.WeightsText == "" && pr.Eval.Default != "hand" {
		missing("Eval.Weights")
	}
	for name, v := range map[string]int{"Search.FutilityMargin": pr.Search.FutilityMargin,
		"Search.SingularMargin": pr.Search.SingularMargin, "Search.QuiesceDepth": pr.Search.QuiesceDepth} {
		if v == 0 || v < Off {
			missing(name + " (a value, or Off)")
		}
	}
	c := pr.Clock
	modelled := len(c.MovesLeft) >= 2 && c.SpendAlphaBeta > 0 && c.SpendMCTS > 0
	if (c.Flat > 0) == modelled {
		missing("Clock (either Flat, or MovesLeft with both spends)")
	}
	if len(pr.Bench) == 0 {
		missing("Bench")
	}
	for _, b := range pr.Bench {
		if b.Position == "" || b.Depth <= 0 {
			missing("Bench position and depth")
		}
	}
	if sc := pr.Score; sc.Margin <= 0 || sc.Lead < 0 || sc.Lead > 1 || sc.Reach < 0 || sc.WinAt < 0 || sc.WinWidth <= 0 {
		missing("Score (Margin > 0, Lead 0 to 1, Reach >= 0, WinAt >= 0, WinWidth > 0)")
	}
	if len(pr.Words.Phases) == 0 {
		missing("Words.Phases")
	}
	for _, w := range pr.Words.Phases {
		if w == "" {
			missing("Words.Phases (a name for every phase)")
		}
	}
	if len(pr.Words.Ends) == 0 {
		missing("Words.Ends")
	}
	if sw := pr.Words.Score; sw.Unit == "" || sw.One == "" || !(0 < sw.Marks[0] && sw.Marks[0] < sw.Marks[1] && sw.Marks[1] < sw.Marks[2]) {
		missing("Words.Score (Unit, One, and Marks rising from above 0)")
	}
	return errors.Join(errs...)
}

// Phase names the phase of the game at p, in the words of its profile.
func (p *Position) Phase() string {
	v := variants[p.variant]
	return v.Profile.Words.Phases[v.rules.phase(p)]
}

// EndWords says in words how the game ended with result r, from the game's profile
// ("" for a reason the profile does not name, such as a runner's adjudication).
func (v *Variant) EndWords(r Reason) string { return v.Profile.Words.Ends[r] }
