package board

// owareProfile is Oware Abapa's profile (see Profile; the matches behind each
// figure are in docs/ledger.md). The search settings started as Adji Kui I's, the
// closest game (the same board, seeds and capture, without the pass and with the
// feeding rule), and each was then measured in this game (docs/oware.md, "Search
// and clock").
var owareProfile = Profile{
	Eval: EvalProfile{
		// Row and mobility each won alone on material (94.0%, 96.8%) and beside the
		// other (62.5%, 69.5%) ("Evaluation features").
		Hand: []string{"material", "row", "mobility"},
		// Weights from 8000 games of self-play; +338 at equal nodes, +280 to +400
		// at depths 9 to 20; not yet matched at equal time ("Learned evaluation").
		Default: "learned",
		Weights: "oware-abapa.txt",
	},
	Search: SearchProfile{
		// Each measured against the others at 0.5 s + 5 ms (200 games a run, docs/oware.md,
		// "Search and clock"): futility off lost -100.0 ± 39.4 Elo, singular extensions
		// off -85.0 ± 36.5; quiescence to 8 plies won +29.6 ± 35.1 and +47.2 ± 39.7
		// in two runs.
		FutilityMargin: 100,
		SingularMargin: 4,
		QuiesceDepth:   8,
	},
	Clock: ClockProfile{
		// Moves left from 700 games of this game (`go run ./cmd/clockfit moves
		// FILE...` on 600 self-play games at fixed depths and nodes and 100 against
		// Aalina; the 20-40% bins pooled to keep the table rising); the spends are
		// Adji Kui I's. Oware games run twice as long as Adji Kui I's, whose table
		// this replaced (docs/oware.md, "Search and clock").
		MovesLeft:      []float64{5.3, 21.4, 27.6, 27.6, 31.0, 34.4, 39.9, 44.2, 48.4, 51.7},
		SpendAlphaBeta: 0.54,
		SpendMCTS:      0.19,
	},
	Bench: []BenchPosition{
		// The start, then three positions of the games Aualé and Aalina played
		// (the `position fen` lines of ../shared/oware/auale-transcript.txt).
		{"4,4,4,4,4,4/4,4,4,4,4,4 S 0 0 -", 15},
		{"7,0,6,0,0,7/7,6,1,0,0,7 S 2 5 -", 15},
		{"3,5,0,1,3,4/0,3,4,4,2,0 S 5 14 -", 15},
		{"1,2,0,4,1,1/1,0,3,1,1,0 N 10 23 -", 15},
	},
	Score: ScoreProfile{
		// Fitted by `go run ./cmd/scorefit fit T G` on 400 self-play games at depth 10
		// (G: `go run ./cmd/scorefit games --variant oware-abapa --games 400 --depth 10`,
		// 48,875 positions: MAE 4.45 seeds as raw cp, 4.30 reported) and 1,000 random
		// exact boards of 15-18 seeds (T: `go run ./cmd/scorefit table --variant
		// oware-abapa --dir D`, D a 20-seed table), of which the search proved all but 38
		// (MAE 5.51 -> 2.35 on those).
		// WinAt and WinWidth: fitted by `scorefit fit` on 100 self-play games at 20 ms a
		// move (`go run ./cmd/scorefit games --variant oware-abapa --games 100 --movetime
		// 20 --seed 33`), Brier score and reliability in docs/strength.md, "Scores".
		Margin: 0.96, Lead: 1, Reach: 8, WinAt: 150, WinWidth: 171,
	},
	Words: Words{
		Phases: []string{"single lap, skipping the emptied hole; a last seed making 2 or 3 on the opponent's side captures, and the holes before it; the opponent must be fed"},
		Ends: map[Reason]string{
			MajorityCaptured: "a player captured more than half the seeds and won at once",
			NoLegalMove:      "the player to move could not move: each took the seeds on their own side",
			LoopEnding:       "a position repeated: each took the seeds on their own side",
		},
		Score: ScoreWords{Unit: "seeds", One: "seed", Marks: [3]float64{1, 2, 4}},
	},
}
