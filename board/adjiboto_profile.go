package board

// adjiBotoProfile is Adji-Boto's profile (see Profile; the matches behind each
// figure are in docs/ledger.md).
var adjiBotoProfile = Profile{
	Eval: EvalProfile{
		// The seeds on each row and the playable holes won their matches
		// ("Evaluation features").
		Hand:    []string{"material", "row", "mobility"},
		Default: "learned",
		Weights: "adji-boto.txt",
	},
	Search: SearchProfile{
		// With the reductions, a seed a ply won an SPRT ("Pruning").
		FutilityMargin: 100,
		// The SPRT of 4 against none was undecided ("Singular extensions").
		SingularMargin: Off,
		// 8 plies of captures gained at fixed depth and at 1 s + 10 ms
		// ("Quiescence search").
		QuiesceDepth: 8,
	},
	Clock: ClockProfile{
		// As Adji Kui I's: every move left counted as one ("The clock"; "MCTS and
		// the clock").
		MovesLeft:      []float64{2.1, 4.9, 8.2, 12.1, 16.0, 20.1, 24.4, 29.5, 35.4, 43.0},
		SpendAlphaBeta: 0.73,
		SpendMCTS:      0.32,
	},
	Bench: []BenchPosition{
		{"10,10,10,10,10/10,10,10,10,10 S 0 0 a1b1c1d1e1a2b2c2d2e2", 16},
		{"8,21,2,5,12/21,6,4,11,10 S 0 0 a1b2", 16},
		{"16,13,5,2,8/2,2,21,19,6 S 5 1 -", 16},
		{"1,24,13,9,5/6,10,8,2,14 S 0 8 -", 16},
	},
	Score: ScoreProfile{
		// Fitted by `go run ./cmd/scorefit fit T G` on 1,000 random exact boards of 15-18
		// seeds (T: `go run ./cmd/scorefit table --variant adji-boto --dir D`, D an
		// 18-seed table) and 400 self-play games at depth 10 (G: `go run
		// ./cmd/scorefit games --variant adji-boto --games 400 --depth 10`); the errors
		// before and after are in docs/strength.md, "Scores".
		// WinAt and WinWidth: fitted by `scorefit fit` on 200 self-play games at 20 ms a
		// move (`go run ./cmd/scorefit games --variant adji-boto --games 200 --movetime
		// 20 --seed 33`), Brier score and reliability in docs/strength.md, "Scores".
		Margin: 0.68, Lead: 1, Reach: 0, WinAt: 130, WinWidth: 356,
	},
	Words: Words{
		Phases: []string{
			adjiBotoOpening: "opening cycle: each player plays every hole once, no captures",
			adjiBotoPlay:    "after the opening: captures of 1, 3 and 5",
		},
		Ends: map[Reason]string{
			NoLegalMove: "neither player could move: each swept their own row into their store",
			LoopEnding:  "a position repeated: each swept their own row into their store",
		},
		Score: ScoreWords{Unit: "seeds", One: "seed", Marks: [3]float64{1, 2, 4}},
	},
}
