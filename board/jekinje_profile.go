package board

// jeKiNJeProfile is Je ki n je's profile (see Profile; the matches behind each
// figure are in docs/ledger.md).
var jeKiNJeProfile = Profile{
	Eval: EvalProfile{
		// No hand-set term beat material alone ("Evaluation features").
		Hand:    []string{"material"},
		Default: "learned",
		Weights: "je-ki-n-je.txt",
	},
	Search: SearchProfile{
		// A seed a ply won an SPRT against no pruning, and 50 lost to 100 ("Pruning").
		FutilityMargin: 100,
		// 4 won an SPRT against none ("Singular extensions"); not tuned.
		SingularMargin: 4,
		// At fixed depth 8 plies gained 53 Elo, but at 1 s + 10 ms neither 8 nor 1
		// or 2 plies gained anything ("Quiescence search").
		QuiesceDepth: Off,
	},
	Clock: ClockProfile{
		// Moves left counted by their demand, the share of a full search each takes:
		// its endings are long and mostly forced or solved ("The clock by demand";
		// `go run ./cmd/clockfit demand --tc TC --engine final FILE...` over 800 games
		// at 1 s + 10 ms and 400 at 10 s + 100 ms). MCTS's own share (0.25) gained
		// nothing in an SPRT, so it keeps alpha-beta's.
		MovesLeft:      []float64{1.45, 5.5, 9.95, 12.65, 14.45, 16.4, 17.1, 18.65, 20.35, 21.45},
		SpendAlphaBeta: 0.5,
		SpendMCTS:      0.5,
	},
	Bench: []BenchPosition{
		{"4,4,4,4,4,4/4,4,4,4,4,4 S 0 0 -", 16},
		{"2,13,1,0,2,2/9,0,2,7,1,0 S 0 9 -", 16},
		{"4,1,2,0,1,1/2,4,0,0,3,8 S 16 6 -", 16},
		{"2,4,1,1,1,0/0,0,1,2,6,1 S 19 10 -", 16},
	},
	Score: ScoreProfile{
		// Fitted by `go run ./cmd/scorefit fit T G` on 1,000 random exact boards of 15-18
		// seeds (T: `go run ./cmd/scorefit table --variant je-ki-n-je --dir D`, D an
		// 18-seed table) and 400 self-play games at depth 10 (G: `go run
		// ./cmd/scorefit games --variant je-ki-n-je --games 400 --depth 10`); the errors
		// before and after are in docs/strength.md, "Scores".
		// WinAt and WinWidth: fitted by `scorefit fit` on 200 self-play games at 20 ms a
		// move (`go run ./cmd/scorefit games --variant je-ki-n-je --games 200 --movetime
		// 20 --seed 33`), Brier score and reliability in docs/strength.md, "Scores".
		Margin: 0.72, Lead: 1, Reach: 0, WinAt: 90, WinWidth: 28,
	},
	Words: Words{
		Phases: []string{"relay sowing; a last seed landing on the opponent's side captures the hole after it"},
		Ends: map[Reason]string{
			NoLegalMove:       "the player to move could not move: each took the seeds on their own side",
			FeedingImpossible: "the opponent's row was empty and could not be fed: the player to move took every seed left",
			LoopEnding:        "a position repeated: each took the seeds on their own side",
		},
		Score: ScoreWords{Unit: "seeds", One: "seed", Marks: [3]float64{1, 2, 4}},
	},
}
