package board_test

import (
	"math/rand/v2"
	"testing"

	"mancala/board"
)

// maxGamePlies bounds the length of a random game. A board.Game cannot run forever
// (its positions are all different, and there are finitely many), but that bound is
// astronomical; this one is empirical. When it was set, 20,000 random games per game
// (half from the start, half from random positions) ended within 172 (je-ki-n-je),
// 194 (adji-kui-1), 181 (adji-boto) and 482 (bao-la-kimasai) moves, so 2,000 leaves
// a margin of four times the longest while keeping the quadratic loop check cheap.
const maxGamePlies = 2000

// checkInvariants checks what must hold in every position.
func checkInvariants(t *testing.T, p *board.Position) bool {
	t.Helper()
	v := p.Variant()
	total := p.Store(board.South) + p.Store(board.North)
	for h := 0; h < v.Holes(); h++ {
		total += p.Seeds(h)
	}
	if total != v.Seeds {
		t.Errorf("%s %q: %d seeds, want %d", v.Name, p.String(), total, v.Seeds)
		return false
	}
	if p.RowSeeds(board.South)+p.RowSeeds(board.North)+p.Store(board.South)+p.Store(board.North) != v.Seeds {
		t.Errorf("%q: RowSeeds do not add up", p.String())
		return false
	}
	if p.Hash() != p.ComputeHash() {
		t.Errorf("%q: incremental hash %x, computed %x", p.String(), p.Hash(), p.ComputeHash())
		return false
	}
	text := p.String()
	q, err := v.ParsePosition(text)
	if err != nil {
		t.Errorf("%q does not parse back: %v", text, err)
		return false
	}
	if q != *p || q.String() != text {
		t.Errorf("%q parses back as %q (equal %v)", text, q.String(), q == *p)
		return false
	}
	var cl board.ChildList
	p.Generate(&cl)
	if n := board.Perft(p, 1); n != uint64(cl.N) {
		t.Errorf("%q: perft(1) counts %d moves, Generate lists %d", text, n, cl.N)
		return false
	}
	for i := 0; i < cl.N; i++ {
		m := cl.Children[i].Move
		back, err := v.ParseMove(v.FormatMove(m))
		if err != nil || back != m {
			t.Errorf("%q: move %d formats as %q and reads back as %d (%v)", text, m, v.FormatMove(m), back, err)
			return false
		}
		// (a game won by depriving, drawn by an endless sowing, leaves the turn as it was)
		if c := &cl.Children[i]; c.Pos.SideToMove() == p.SideToMove() && !v.ExtraTurns() && (v.Scoring || !c.Pos.Result().Over()) {
			t.Errorf("%q: after %s the same side is to move", text, v.FormatMove(m))
			return false
		}
	}
	return true
}

// TestRandomGameProperties plays random games of every variant from the start and
// from random positions and checks the invariants after every move, and that every
// game ends within maxGamePlies.
func TestRandomGameProperties(t *testing.T) {
	games := scaled(400)
	for _, name := range builtinNames() {
		t.Run(name, func(t *testing.T) {
			v := variant(t, name)
			rng := rand.New(rand.NewPCG(21, uint64(len(name))))
			for i := 0; i < games && !t.Failed(); i++ {
				start := v.StartPosition()
				if i%2 == 1 {
					r := randomRefPosition(rng, name)
					start = parse(t, name, r.format())
				}
				g := board.NewGame(start)
				for !g.Result().Over() {
					p := g.Position()
					if !checkInvariants(t, &p) {
						return
					}
					if len(g.Moves()) >= maxGamePlies {
						t.Fatalf("game from %q still going after %d moves", start.String(), maxGamePlies)
					}
					var ml board.MoveList
					p.LegalMoves(&ml)
					if ml.N == 0 {
						t.Fatalf("%q: no legal move but the game is not over", p.String())
					}
					if err := g.Play(ml.Moves[rng.IntN(ml.N)]); err != nil {
						t.Fatalf("%q: a listed move is refused: %v", p.String(), err)
					}
				}
				end := g.Position()
				checkInvariants(t, &end)
				checkGameResult(t, g)
			}
		})
	}
}

// checkGameResult checks a finished game's result against its final position.
func checkGameResult(t *testing.T, g *board.Game) {
	t.Helper()
	p := g.Position()
	res := g.Result()
	v := p.Variant()
	if v.Scoring != res.Scored {
		t.Errorf("%q: result %q scored=%v in a game with Scoring=%v", p.String(), res, res.Scored, v.Scoring)
	}
	switch {
	case res.Reason == board.MajorityCaptured:
		// The game ends at once: the counts are the stores, the board is not shared out.
		if res.South != p.Store(board.South) || res.North != p.Store(board.North) {
			t.Errorf("%q: final counts %d-%d are not the stores", p.String(), res.South, res.North)
		}
	case res.Scored && res.South+res.North != v.Seeds:
		t.Errorf("%q: final counts %d-%d do not add up to %d", p.String(), res.South, res.North, v.Seeds)
	}
	if res.Reason == board.LoopEnding {
		if lr, _ := p.Ended(true); res != lr {
			t.Errorf("%q: loop result %q, Ended(true) %q", p.String(), res, lr)
		}
	} else if res != p.Result() {
		t.Errorf("%q: game result %q, position result %q", p.String(), res, p.Result())
	}
	// Moves and positions line up: replaying the moves gives the same positions.
	q := g.Start()
	for i, m := range g.Moves() {
		next, err := q.Play(m)
		if err != nil || next != g.Positions()[i+1] {
			t.Errorf("replaying move %d (%s) from %q: %v", i, v.FormatMove(m), q.String(), err)
			return
		}
		q = next
	}
}
