package board

// adjiKuiProfile is Adji Kui I's profile (see Profile; the matches behind each
// figure are in docs/ledger.md).
var adjiKuiProfile = Profile{
	Eval: EvalProfile{
		// The seeds on each row won their match ("Evaluation features").
		Hand:    []string{"material", "row"},
		Default: "learned",
		Weights: "adji-kui-1.txt",
	},
	Search: SearchProfile{
		// With the reductions, a seed a ply won an SPRT ("Pruning").
		FutilityMargin: 100,
		// 4 won an SPRT against none ("Singular extensions"); not tuned.
		SingularMargin: 4,
		// Quiescence gained at fixed depth but not at 1 s + 10 ms ("Quiescence search").
		QuiesceDepth: Off,
	},
	Clock: ClockProfile{
		// Every move left counted as one: `go run ./cmd/clockfit moves FILE...` and
		// `go run ./cmd/clockfit simulate --engine final FILE...` over 400 games at
		// 1 s + 10 ms ("The clock"); MCTS's spend from 100 games of MCTS ("MCTS and
		// the clock").
		MovesLeft:      []float64{2.0, 3.4, 4.6, 6.1, 8.3, 10.3, 13.1, 16.3, 19.2, 23.1},
		SpendAlphaBeta: 0.54,
		SpendMCTS:      0.19,
	},
	Bench: []BenchPosition{
		{"4,4,4,4,4,4/4,4,4,4,4,4 S 0 0 -", 17},
		{"8,2,0,7,0,1/1,1,0,0,8,8 S 3 9 -", 17},
		{"0,1,11,4,1,5/6,4,0,0,11,2 S 0 3 -", 17},
		{"7,6,1,1,0,1/13,4,1,0,3,0 S 9 2 -", 17},
	},
	Score: ScoreProfile{
		// Fitted by `go run ./cmd/scorefit fit T G` on 1,000 random exact boards of 15-18
		// seeds (T: `go run ./cmd/scorefit table --variant adji-kui-1 --dir D`, D an
		// 18-seed table) and 400 self-play games at depth 10 (G: `go run
		// ./cmd/scorefit games --variant adji-kui-1 --games 400 --depth 10`); the errors
		// before and after are in docs/strength.md, "Scores".
		Margin: 1.00, Lead: 1, Reach: 8, WinAt: 130, WinWidth: 307,
	},
	Words: Words{
		Phases: []string{"single lap; a last seed making 2 or 3 on the opponent's side captures, and the holes before it"},
		Ends: map[Reason]string{
			NoLegalMove: "neither player could move: each took the seeds on their own side",
			LoopEnding:  "a position repeated: each took the seeds on their own side",
		},
		Score: ScoreWords{Unit: "seeds", One: "seed", Marks: [3]float64{1, 2, 4}},
	},
}
