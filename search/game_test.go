package search

import (
	"testing"
	"time"

	"mancala/board"
)

// firstMover plays the first legal move, taking wait per move; it counts its games.
type firstMover struct {
	wait  time.Duration
	games int
}

func (f *firstMover) Search(req Request, _ *Control) Result {
	time.Sleep(f.wait)
	var ml board.MoveList
	req.History[len(req.History)-1].LegalMoves(&ml)
	return Result{Best: ml.Moves[0], Ponder: board.NoMove}
}
func (f *firstMover) NewGame()           { f.games++ }
func (f *firstMover) SetOptions(Options) {}

// illegal always plays a hole of the opponent's.
type illegal struct{ firstMover }

func (illegal) Search(req Request, _ *Control) Result {
	return Result{Best: board.Move(board.MaxHoles - 1), Ponder: board.NoMove}
}

// TestPlayGameEndsByTheRules plays every game to its end, the first legal move each
// ply; a game in rounds, which may go on forever as StoneShark's do (a round's
// start may repeat an earlier round's), is capped as the tools cap every game.
func TestPlayGameEndsByTheRules(t *testing.T) {
	for _, v := range board.Variants() {
		g := board.NewGame(v.StartPosition())
		f := &firstMover{}
		var cfg GameConfig
		if v.PlaysRounds() {
			cfg.MaxPlies = board.DefaultPlyCap
		}
		rep, err := PlayGame(g, [2]Searcher{f, f}, cfg)
		if err != nil {
			t.Fatal(err)
		}
		want := g.Result()
		if capped, ok := g.PlyCapResult(cfg.MaxPlies); ok {
			want = capped
		}
		if !rep.Result.Over() || rep.Result != want || rep.Flagged {
			t.Errorf("%s: report %+v, game result %v", v.Name, rep, g.Result())
		}
		if f.games != 1 {
			t.Errorf("%s: NewGame called %d times on the one player of both sides", v.Name, f.games)
		}
	}
}

// TestPlayGameCaps: the ply cap ends a game as an adjudicated draw, and an illegal
// move is an error.
func TestPlayGameCaps(t *testing.T) {
	v := board.AdjiKui1.Get()
	f := &firstMover{}
	g := board.NewGame(v.StartPosition())
	rep, err := PlayGame(g, [2]Searcher{f, f}, GameConfig{MaxPlies: 3})
	if want, _ := g.PlyCapResult(3); err != nil || len(g.Moves()) != 3 || rep.Result != want || !want.Scored {
		t.Errorf("ply cap 3: %d moves, %+v, %v; want board's ply-cap result %+v", len(g.Moves()), rep, err, want)
	}
	// The cap counts the moves the game held before PlayGame (an opening's) too.
	g = board.NewGame(v.StartPosition())
	for range 2 {
		var ml board.MoveList
		p := g.Position()
		p.LegalMoves(&ml)
		if err := g.Play(ml.Moves[0]); err != nil {
			t.Fatal(err)
		}
	}
	if rep, err := PlayGame(g, [2]Searcher{f, f}, GameConfig{MaxPlies: 3}); err != nil || len(g.Moves()) != 3 || rep.Result.Reason != board.Adjudicated {
		t.Errorf("ply cap 3 after a 2-ply opening: %d moves, %+v, %v", len(g.Moves()), rep, err)
	}
	g = board.NewGame(v.StartPosition())
	if _, err := PlayGame(g, [2]Searcher{&illegal{}, f}, GameConfig{}); err == nil {
		t.Error("an illegal move is not an error")
	}
}

// TestPlayGameFlagFalls: a player that takes longer per move than its whole clock
// loses on time.
func TestPlayGameFlagFalls(t *testing.T) {
	skipRealTime(t)
	v := board.AdjiKui1.Get()
	slow, quick := &firstMover{wait: 5 * time.Millisecond}, &firstMover{}
	g := board.NewGame(v.StartPosition())
	rep, err := PlayGame(g, [2]Searcher{quick, slow}, GameConfig{Time: time.Millisecond})
	if err != nil || !rep.Flagged || rep.Result.Outcome != board.SouthWins || rep.LowestClock > 0 {
		t.Errorf("North's flag falls: %+v, %v", rep, err)
	}
}

// TestPlayGameChargesCPU: a player that sleeps uses almost no CPU time, so with
// ChargeCPU its flag does not fall although each move takes longer on the wall
// clock than the whole clock holds. The clock leaves room for the process's own
// background work (the garbage collector, the race detector).
func TestPlayGameChargesCPU(t *testing.T) {
	skipRealTime(t)
	if _, ok := ProcessCPUTime(); !ok {
		t.Skip("no process CPU time on this system")
	}
	v := board.AdjiKui1.Get()
	slow := &firstMover{wait: 120 * time.Millisecond}
	g := board.NewGame(v.StartPosition())
	rep, err := PlayGame(g, [2]Searcher{slow, slow}, GameConfig{Time: 80 * time.Millisecond, ChargeCPU: true, MaxPlies: 4})
	if err != nil || rep.Flagged || len(g.Moves()) != 4 {
		t.Errorf("sleeping players on CPU time: %+v after %d moves, %v", rep, len(g.Moves()), err)
	}
}
