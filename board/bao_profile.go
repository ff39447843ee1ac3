package board

// baoProfile is Bao la Kimasai's profile (see Profile; the matches behind each
// figure are in docs/ledger.md).
var baoProfile = Profile{
	Eval: EvalProfile{
		// Cows in the inner row weigh against their owner ("Evaluation features").
		Hand:    []string{"material", "inner"},
		Default: "learned",
		Weights: "bao-la-kimasai.txt",
	},
	Search: SearchProfile{
		// One move can take many cows: reverse futility pruning gained nothing
		// ("Pruning").
		FutilityMargin: Off,
		// Not tested.
		SingularMargin: Off,
		// 8 plies of captures gained at fixed depth and at 1 s + 10 ms
		// ("Quiescence search").
		QuiesceDepth: 8,
	},
	Clock: ClockProfile{
		// The cows on the board grow while the reserves are placed, so they do not
		// tell how far a game has gone: a flat 30 moves. Games at 1 s + 10 ms end with
		// about 12% of the clock left, and a flat 20 lost; MCTS keeps it too (a
		// spread of 22 was undecided after 800 games; "MCTS and the clock").
		Flat: 30,
	},
	Bench: []BenchPosition{
		{"0,0,0,0,0,0,0,0/1,1,1,1,1,1,1,1/1,1,1,1,1,1,1,1/0,0,0,0,0,0,0,0 S 24 24 *", 13},
		{"1,1,1,2,0,1,2,2/0,1,0,4,0,0,1,0/1,0,1,2,1,2,1,1/0,0,2,1,0,2,1,0 S 17 16 -", 10},
		{"5,2,3,1,1,1,0,1/1,0,1,4,3,0,1,4/5,0,3,1,2,0,0,1/0,7,0,3,1,1,0,3 S 5 4 -", 10},
		{"0,4,1,3,4,0,2,1/1,0,1,3,6,1,1,1/5,1,6,1,1,1,2,0/2,1,1,0,5,1,0,8 S 0 0 -", 10},
	},
	Score: ScoreProfile{
		// Bao la Kimasai has no seed margin: the reported score is Margin·v with Margin
		// = 100/WinWidth, so that cp/100 is the log-odds of a win in the model (Lead
		// and Reach, which bound a margin, do not apply). The model is fitted on 150
		// self-play games at depth 10, none drawn (so WinAt 0): `go run
		// ./cmd/scorefit games --variant bao-la-kimasai --games 150 --depth 10 > G`,
		// `go run ./cmd/scorefit fit G` (docs/strength.md, "Scores").
		Margin: 0.71, Lead: 0, Reach: 0, WinAt: 0, WinWidth: 141,
	},
	Words: Words{
		Phases: []string{
			baoFirstMove: "first move (no cow added)",
			baoReserve:   "reserve phase: each move first adds a cow from the reserve",
			baoRaiding:   "raiding phase: captures",
		},
		Ends: map[Reason]string{
			InnerRowEmpty: "an inner row emptied: its owner lost",
			NoLegalMove:   "the player to move could not move and lost",
			LoopEnding:    "a position repeated: a draw",
		},
		// The score is the log-odds of a win (Score above), so a loss is counted in
		// log-odds: from an even position, 0.5 takes a win's chance from 50% to 38%,
		// 1 to 27%, 2 to 12%.
		Score: ScoreWords{Unit: "log-odds units", One: "log-odds unit", Marks: [3]float64{0.5, 1, 2}},
	},
}
