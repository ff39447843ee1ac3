package gui

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"

	"mancala/board"
)

// drawnRoundsJS reads the round tally under the board: whether it shows, its text,
// and the counts it marks as the larger.
const drawnRoundsJS = `(() => { const el = document.getElementById('rounds');
	return {Hidden: el.hidden, Text: el.textContent, Won: [...el.querySelectorAll('.won')].map(e => e.textContent)}; })()`

// drawnRounds is the round tally as the page draws it.
type drawnRounds struct {
	Hidden bool
	Text   string
	Won    []string
}

// TestTallyRoundsCountsEachRoundsEnd: the tally of a game's positions has one entry
// per position that begins a round after the first, each the seeds a player holds
// there (store and row), which add up to the game's seeds.
func TestTallyRoundsCountsEachRoundsEnd(t *testing.T) {
	v, err := board.VariantByName("dakon")
	if err != nil {
		t.Fatal(err)
	}
	p, err := v.ParsePosition("0,0,1,0,0,0,0/0,1,0,0,0,0,0 N 36 60 -")
	if err != nil {
		t.Fatal(err)
	}
	g := board.NewGame(p)
	if got := tallyRounds(g.Positions()); len(got) != 0 {
		t.Fatalf("a round in progress tallies %+v", got)
	}
	m, err := v.ParseMove("c2")
	if err != nil {
		t.Fatal(err)
	}
	if err := g.Play(m); err != nil {
		t.Fatal(err)
	}
	q := g.Position()
	if !q.RoundBegun() {
		t.Fatalf("c2 from %s does not end the round: %s", p.String(), q.String())
	}
	got := tallyRounds(g.Positions())
	want := roundTally{South: q.Store(board.South) + q.RowSeeds(board.South), North: q.Store(board.North) + q.RowSeeds(board.North)}
	if len(got) != 1 || got[0] != want || want.South+want.North != v.Seeds {
		t.Errorf("tally %+v, want [%+v] adding up to %d seeds", got, want, v.Seeds)
	}
}

// TestBrowserRoundTally: in a game in rounds (Dakon) the page says which round the
// shown position is in and tallies the finished ones. From a position one move
// before a round's end it shows round 1 and no tally; the move ending the round
// moves it to round 2 with round 1's seeds as board counts them, the larger in
// bold, and North, who ended the round and begins the next, is to move (not
// again); undo takes it back to round 1. A game of one round (Oware) shows no tally.
func TestBrowserRoundTally(t *testing.T) {
	browserTest(t)
	ts := newTestServer(t, "", nil)
	v, err := board.VariantByName("dakon")
	if err != nil {
		t.Fatal(err)
	}
	const fen = "0,0,1,0,0,0,0/0,1,0,0,0,0,0 N 36 60 -"
	ctx := openPage(t, ts, 1100, 800, "variant=dakon&south=human&north=human&stepms=1")
	if got := eval[drawnRounds](t, ctx, drawnRoundsJS); got.Hidden || got.Text != "Round 1" {
		t.Errorf("Dakon's start shows the tally %+v, want Round 1", got)
	}
	pastePosition(t, ctx, fen)
	if got := eval[drawnRounds](t, ctx, drawnRoundsJS); got.Text != "Round 1" {
		t.Errorf("before the round's last move the tally reads %q, want Round 1", got.Text)
	}
	p, err := v.ParsePosition(fen)
	if err != nil {
		t.Fatal(err)
	}
	g := board.NewGame(p)
	m, err := v.ParseMove("c2")
	if err != nil {
		t.Fatal(err)
	}
	if err := g.Play(m); err != nil {
		t.Fatal(err)
	}
	q := g.Position()
	clickMove(t, ctx, "c2")
	waitJS(t, ctx, "c2 played", fmt.Sprintf(`st.fen === %q && document.body.dataset.animating === "0"`, q.String()))
	south, north := q.Store(board.South)+q.RowSeeds(board.South), q.Store(board.North)+q.RowSeeds(board.North)
	want := fmt.Sprintf("Round 2 · round 1: South %d, North %d", south, north)
	won := fmt.Sprintf("North %d", north)
	if south > north {
		won = fmt.Sprintf("South %d", south)
	}
	got := eval[drawnRounds](t, ctx, drawnRoundsJS)
	if got.Hidden || got.Text != want || len(got.Won) != 1 || got.Won[0] != won || south == north {
		t.Errorf("after the round's end the tally is %+v, want %q with %q in bold", got, want, won)
	}
	if turn := eval[string](t, ctx, `document.getElementById('turn').textContent`); turn != "North to move" {
		t.Errorf("North, who ended round 1 and begins round 2, reads %q: want North to move, not again", turn)
	}
	shot(t, ctx, "dakon-rounds")
	run(t, ctx, chromedp.Click(chromedp.CSS("#undo")))
	waitJS(t, ctx, "undo", fmt.Sprintf(`st.fen === %q`, fen))
	if got := eval[drawnRounds](t, ctx, drawnRoundsJS); got.Text != "Round 1" {
		t.Errorf("after undo the tally reads %q, want Round 1", got.Text)
	}
	run(t, ctx, chromedp.SetValue(chromedp.CSS("#variant"), "oware-abapa"))
	eval[bool](t, ctx, `document.getElementById('variant').dispatchEvent(new Event('change')), true`)
	waitJS(t, ctx, "Oware Abapa", `st.variant === "oware-abapa"`)
	if got := eval[drawnRounds](t, ctx, drawnRoundsJS); !got.Hidden {
		t.Errorf("Oware Abapa, played in one round, shows a tally: %+v", got)
	}
}

// TestTallyRoundsOfATalliedGame: in a tallied game (Huroy: ten rounds won to win)
// every round begins as the game does, so the seeds at a new round's start say
// nothing of the last; each finished round lists what it added to each player's
// tally (one round won, or nothing for a tie), and they add up to the tally of the
// position reached. The state says the target and that the tally counts rounds.
func TestTallyRoundsOfATalliedGame(t *testing.T) {
	v, err := board.VariantByName("huroy")
	if err != nil {
		t.Fatal(err)
	}
	if points, target := v.Tally(); points || target != 10 {
		t.Fatalf("huroy tallies points %v to %d: this test wants rounds won, to 10", points, target)
	}
	rng := rand.New(rand.NewPCG(3, 4))
	g := board.NewGame(v.StartPosition())
	for g.Result().Outcome == board.Ongoing && len(tallyRounds(g.Positions())) < 3 {
		var ml board.MoveList
		p := g.Position()
		p.LegalMoves(&ml)
		if err := g.Play(ml.Moves[rng.IntN(ml.N)]); err != nil {
			t.Fatal(err)
		}
	}
	got := tallyRounds(g.Positions())
	if len(got) < 3 {
		t.Fatalf("the random game ended after %d rounds", len(got))
	}
	var s, n int
	for i, r := range got {
		if r.South < 0 || r.North < 0 || r.South+r.North > 1 {
			t.Errorf("round %d added %+v: want one round won at most", i+1, r)
		}
		s, n = s+r.South, n+r.North
	}
	p := g.Position()
	if ts, tn := p.Tally(); ts != s || tn != n || s+n == 0 {
		t.Errorf("the rounds add up to %d-%d, the position's tally is %d-%d (%s)", s, n, ts, tn, p.String())
	}
	srv := newTestServer(t, "", nil)
	id, st := srv.newGame("huroy", "human", "human")
	if st["tallyTarget"] != 10.0 || st["tallyPoints"] != nil {
		t.Errorf("the state of a new Huroy game (%s) says tallyTarget %v, tallyPoints %v: want 10 and rounds won", id, st["tallyTarget"], st["tallyPoints"])
	}
}

// TestTallySeedsState: in a game whose tally is the seeds held (Endodoi::Rounds,
// round.tally = "seeds", to 100) the state says so, for the page to name the tally
// seeds rather than rounds won.
func TestTallySeedsState(t *testing.T) {
	srv := newTestServer(t, "", nil)
	id, st := srv.newGame("endodoi-rounds", "human", "human")
	if st["tallyTarget"] != 100.0 || st["tallySeeds"] != true || st["tallyPoints"] != nil {
		t.Errorf("the state of a new Endodoi::Rounds game (%s) says tallyTarget %v, tallySeeds %v, tallyPoints %v: want 100 and seeds", id, st["tallyTarget"], st["tallySeeds"], st["tallyPoints"])
	}
}

// TestBrowserTalliedRounds: the page shows a tallied game's running tally under
// the board, by the rounds each player won and the target, as the position's
// tally says, after random moves of Huroy through two finished rounds.
func TestBrowserTalliedRounds(t *testing.T) {
	browserTest(t)
	v, err := board.VariantByName("huroy")
	if err != nil {
		t.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(3, 4))
	g := board.NewGame(v.StartPosition())
	var moves []string
	for g.Result().Outcome == board.Ongoing && len(tallyRounds(g.Positions())) < 2 {
		var ml board.MoveList
		p := g.Position()
		p.LegalMoves(&ml)
		m := ml.Moves[rng.IntN(ml.N)]
		moves = append(moves, v.FormatMove(m))
		if err := g.Play(m); err != nil {
			t.Fatal(err)
		}
	}
	ts := newTestServer(t, "", nil)
	ctx := openPlayed(t, ts, "huroy", moves)
	p := g.Position()
	s, n := p.Tally()
	want := "Round 3 · round 1: "
	got := eval[string](t, ctx, `document.getElementById('rounds').textContent`)
	tally := fmt.Sprintf("rounds won: South %d, North %d (10 to win)", s, n)
	if !strings.HasPrefix(got, want) || !strings.HasSuffix(got, tally) {
		t.Errorf("the line under the board reads %q: want it to begin %q and end %q", got, want, tally)
	}
}
