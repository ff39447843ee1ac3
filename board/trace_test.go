package board_test

import (
	"math/rand/v2"
	"strconv"
	"strings"
	"testing"

	"mancala/board"
)

// replayTrace applies a trace's steps to p's counts, stores and reserves the way a
// front-end draws them, checking that every step is possible (no seed taken from
// nowhere, a hand that is empty between laps and at the end).
func replayTrace(t *testing.T, p *board.Position, tr board.Trace) (holes []int, stores [2]int) {
	t.Helper()
	v := p.Variant()
	holes = make([]int, v.Holes())
	for h := range holes {
		holes[h] = p.Seeds(h)
	}
	stores = [2]int{p.Store(board.South), p.Store(board.North)}
	hand := 0
	for i, st := range tr.Steps {
		if st.Kind == board.Store {
			if hand == 0 || st.Hole != 0 && st.Hole != 1 {
				t.Fatalf("%q %s: step %d drops into store %d with %d in hand", p.String(), v.FormatMove(tr.Move), i, st.Hole, hand)
			}
			stores[st.Hole]++
			hand--
			continue
		}
		if st.Kind == board.LiftStore { // the whole of the mover's store, between laps
			if hand != 0 || st.Hole != int(tr.Side) || st.Count == 0 || stores[st.Hole] != st.Count {
				t.Fatalf("%q %s: step %d lifts %d from store %d of %d with %d in hand", p.String(), v.FormatMove(tr.Move), i, st.Count, st.Hole, stores[st.Hole], hand)
			}
			stores[st.Hole] = 0
			hand = st.Count
			continue
		}
		if st.Hole < 0 || st.Hole >= v.Holes() {
			t.Fatalf("%q %s: step %d has hole %d", p.String(), v.FormatMove(tr.Move), i, st.Hole)
		}
		switch st.Kind {
		case board.Lift, board.Seize:
			if hand != 0 || st.Count <= 0 || holes[st.Hole] < st.Count {
				t.Fatalf("%q %s: step %d %s %d from a hole of %d with %d in hand", p.String(),
					v.FormatMove(tr.Move), i, st.Kind, st.Count, holes[st.Hole], hand)
			}
			if st.Kind == board.Seize && (v.Owner(st.Hole) == tr.Side || holes[st.Hole] != st.Count) {
				t.Fatalf("%q %s: step %d seizes %d of %d from an own hole or part of a hole", p.String(),
					v.FormatMove(tr.Move), i, st.Count, holes[st.Hole])
			}
			holes[st.Hole] -= st.Count
			hand = st.Count
		case board.Drop:
			if hand == 0 {
				t.Fatalf("%q %s: step %d drops from an empty hand", p.String(), v.FormatMove(tr.Move), i)
			}
			holes[st.Hole]++
			hand--
		case board.Capture:
			if hand != 0 || holes[st.Hole] != st.Count || st.Count == 0 {
				t.Fatalf("%q %s: step %d captures %d from a hole of %d", p.String(), v.FormatMove(tr.Move), i, st.Count, holes[st.Hole])
			}
			holes[st.Hole] = 0
			stores[tr.Side] += st.Count
		case board.Give:
			// with an empty hand only the hole the last seed just fell into
			// (capture.passing = "owner-all")
			lastSeed := i > 0 && tr.Steps[i-1].Kind == board.Drop && tr.Steps[i-1].Hole == st.Hole
			if hand == 0 && !lastSeed || holes[st.Hole] != st.Count || st.Count == 0 {
				t.Fatalf("%q %s: step %d gives %d of a hole of %d with %d in hand", p.String(), v.FormatMove(tr.Move), i, st.Count, holes[st.Hole], hand)
			}
			holes[st.Hole] = 0
			stores[v.Owner(st.Hole)] += st.Count
		case board.Reserve:
			if stores[tr.Side] == 0 {
				t.Fatalf("%q %s: step %d places a cow from an empty reserve", p.String(), v.FormatMove(tr.Move), i)
			}
			stores[tr.Side]--
			holes[st.Hole]++
		default:
			t.Fatalf("step kind %v", st.Kind)
		}
	}
	if hand != 0 {
		t.Fatalf("%q %s: %d seeds left in hand", p.String(), v.FormatMove(tr.Move), hand)
	}
	return holes, stores
}

// TestTraceReplaysToPlay plays random games of every game and checks, for every
// legal move of every position reached, that replaying the move's trace gives the
// counts and stores of the position Generate produces, and that the side and variant
// state after it are those of that position.
func TestTraceReplaysToPlay(t *testing.T) {
	games := 60
	if testing.Short() {
		games = 15
	}
	for _, name := range []string{jeKiNJe, adjiKui, adjiBoto, bao} {
		t.Run(name, func(t *testing.T) {
			v := variant(t, name)
			rng := rand.New(rand.NewPCG(8, uint64(len(name))))
			moves, relays, captures := 0, 0, 0
			for i := 0; i < games; i++ {
				start := v.StartPosition()
				if i%2 == 1 {
					r := randomRefPosition(rng, name)
					start = parse(t, name, r.format())
				}
				g := board.NewGame(start)
				for !g.Result().Over() {
					p := g.Position()
					var cl board.ChildList
					p.Generate(&cl)
					for _, c := range cl.Children[:cl.N] {
						tr, err := p.Trace(c.Move)
						if err != nil {
							t.Fatalf("%q: Trace(%s): %v", p.String(), v.FormatMove(c.Move), err)
						}
						checkTrace(t, &p, &c.Pos, tr)
						moves++
						if tr.Laps > 1 {
							relays++
						}
						if tr.Captured > 0 || hasSeize(tr) {
							captures++
						}
					}
					if err := g.Play(cl.Children[rng.IntN(cl.N)].Move); err != nil {
						t.Fatal(err)
					}
				}
			}
			// The games must have exercised captures, and relays in the relay games, or
			// the test proves little.
			relayGame := name == jeKiNJe || name == bao
			if captures < moves/100 || relayGame && relays < moves/10 {
				t.Errorf("%d moves, %d relays, %d capturing moves: too few to test", moves, relays, captures)
			}
		})
	}
}

// hasSeize reports whether a trace seizes cows (Bao la Kimasai's capture).
func hasSeize(tr board.Trace) bool {
	for _, st := range tr.Steps {
		if st.Kind == board.Seize {
			return true
		}
	}
	return false
}

// checkTrace compares a replayed trace with the position the move produced.
func checkTrace(t *testing.T, p, want *board.Position, tr board.Trace) {
	t.Helper()
	v := p.Variant()
	holes, stores := replayTrace(t, p, tr)
	if seedsIn(want) < seedsIn(p) {
		// An endless sowing that ended the game (sow.endless = "ends-game": the seeds
		// in hand leave it): the trace stops at the lap limit, and the seeds shared at
		// the end are Play's alone.
		return
	}
	for h, n := range holes {
		if n != want.Seeds(h) {
			t.Fatalf("%q %s: trace leaves %d in hole %d, Play %d (%q)", p.String(), v.FormatMove(tr.Move), n, h, want.Seeds(h), want.String())
		}
	}
	for s, n := range stores {
		if n != want.Store(board.Side(s)) {
			t.Fatalf("%q %s: trace leaves store %d at %d, Play %d", p.String(), v.FormatMove(tr.Move), s, n, want.Store(board.Side(s)))
		}
	}
	if tr.Side != p.SideToMove() || (want.SideToMove() == p.SideToMove()) != tr.Again {
		t.Fatalf("%q %s: trace side %s", p.String(), v.FormatMove(tr.Move), tr.Side)
	}
	captured := 0
	lifts := 0
	for _, st := range tr.Steps {
		if st.Kind == board.Capture {
			captured += st.Count
		}
		if st.Kind == board.Lift || st.Kind == board.Seize || st.Kind == board.LiftStore {
			lifts++
		}
	}
	if captured != tr.Captured || lifts != tr.Laps || (tr.Move == board.Pass) != (len(tr.Steps) == 0) {
		t.Fatalf("%q %s: %d captured and %d laps in steps, trace says %d and %d", p.String(),
			v.FormatMove(tr.Move), captured, lifts, tr.Captured, tr.Laps)
	}
	// Variant state: the opening loses the played hole; Bao's first move is over.
	if v.Name == adjiBoto && p.OpeningLeft() != 0 && tr.Move != board.Pass &&
		want.OpeningLeft() != p.OpeningLeft()&^(1<<tr.Move) {
		t.Fatalf("%q %s: opening state after is %q", p.String(), v.FormatMove(tr.Move), want.String())
	}
	if want.IsFirstMove() {
		t.Fatalf("%q %s: still the first move after a move", p.String(), v.FormatMove(tr.Move))
	}
}

// TestTraceExamples checks hand-worked traces: a Je ki n je relay with a capture
// and an Adji-Boto opening move that leaves a seed behind.
func TestTraceExamples(t *testing.T) {
	// Je ki n je start, South plays f1: 4 seeds to f2..c2 (indexes 6..9); the last lands in
	// c2, which then holds 5, so the relay lifts it and goes on.
	p := parse(t, jeKiNJe, "4,4,4,4,4,4/4,4,4,4,4,4 S 0 0 -")
	tr, err := p.Trace(move(t, jeKiNJe, "f1"))
	if err != nil {
		t.Fatal(err)
	}
	if got := describeTrace(p.Variant(), tr, 6); got != "lift f1 4,drop f2,drop e2,drop d2,drop c2,lift c2 5" {
		t.Errorf("f1 from the start: %s", got)
	}
	q := parse(t, adjiBoto, "10,10,10,10,10/10,10,10,10,10 S 0 0 a1b1c1d1e1a2b2c2d2e2")
	tr, err = q.Trace(move(t, adjiBoto, "a1"))
	if err != nil {
		t.Fatal(err)
	}
	if got := describeTrace(q.Variant(), tr, 3); got != "lift a1 9,drop b1,drop c1" || tr.Laps != 1 || len(tr.Steps) != 10 {
		t.Errorf("Adji-Boto a1 from the start: %s, %d laps, %d steps", got, tr.Laps, len(tr.Steps))
	}
	if _, err := q.Trace(board.Pass); err == nil || !strings.Contains(err.Error(), "illegal move pass") {
		t.Errorf("Trace of an illegal pass: err %v", err)
	}
}

// describeTrace writes the first n steps as "lift f1 4,drop f2,...".
func describeTrace(v *board.Variant, tr board.Trace, n int) string {
	var parts []string
	for _, st := range tr.Steps[:min(n, len(tr.Steps))] {
		s := st.Kind.String() + " " + v.FormatMove(board.Move(st.Hole))
		if st.Kind != board.Drop {
			s += " " + strconv.Itoa(st.Count)
		}
		parts = append(parts, s)
	}
	return strings.Join(parts, ",")
}

// seedsIn counts the seeds of p's holes and stores.
func seedsIn(p *board.Position) int {
	return p.SeedsOnBoard() + p.Store(board.South) + p.Store(board.North)
}
