package gui

import (
	"context"
	"encoding/json"
	"math/rand/v2"
	"strings"
	"testing"

	"mancala/board"
	"mancala/protocol/printable"
	"mancala/protocol/tournament"
)

// fuzzServer is a server whose engine cannot start: the fuzzed games have people on
// both sides and never search, so no engine process is needed.
func fuzzServer(f *testing.F) *Server {
	s := NewServer(Config{Engine: []string{"/nonexistent/mancala-engine"}, Log: testLog()})
	f.Cleanup(s.Close)
	return s
}

// fuzzGame opens a game between people in variant vi (modulo the number of games), after
// plies random moves that do not end it.
func fuzzGame(s *Server, vi uint8, plies uint8, seed uint64) *session {
	vs := board.Variants()
	v := vs[int(vi)%len(vs)]
	g := newSession(s, "fuzz", v, [2]string{human, human})
	g.mu.Lock()
	start := g.line.start // drawn, in a game that draws its start
	g.mu.Unlock()
	bg, _ := board.RandomOpening(start, int(plies%40), rand.New(rand.NewPCG(seed, 1)))
	g.mu.Lock()
	for _, m := range bg.Moves() {
		g.line.extend(m)
	}
	g.mu.Unlock()
	return g
}

// stateJSON is the game's state as the page gets it.
func stateJSON(t *testing.T, g *session) string {
	b, err := json.Marshal(g.snapshot())
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// FuzzMoveText: the text of a move sent to /api/move is either a legal move of the
// shown position, played (one ply more, the position the board package gives), or
// refused with an error and nothing changed.
func FuzzMoveText(f *testing.F) {
	for _, c := range []struct {
		v     uint8
		plies uint8
		text  string
	}{{0, 0, "a1"}, {0, 1, "f2"}, {1, 3, "pass"}, {1, 0, "PASS"}, {2, 2, "e1"}, {3, 0, "h2"}, {3, 5, "a3"},
		{0, 0, ""}, {0, 0, " a1 "}, {0, 0, "a1 b1"}, {2, 0, "z9"}, {3, 0, "a\x00"}, {0, 0, "\xff"}} {
		f.Add(c.v, c.plies, uint64(1), c.text)
	}
	s := fuzzServer(f)
	f.Fuzz(func(t *testing.T, vi, plies uint8, seed uint64, text string) {
		g := fuzzGame(s, vi, plies, seed)
		defer g.close()
		g.mu.Lock()
		bg := g.line.shown()
		before := g.line.cursor
		g.mu.Unlock()
		want := stateJSON(t, g)
		err := g.actMove(&actionRequest{Move: text})
		if err != nil {
			if got := stateJSON(t, g); got != want {
				t.Fatalf("move %q refused (%v) but the state changed:\n%s\n%s", text, err, want, got)
			}
			return
		}
		v := g.variant
		m, perr := v.ParseMove(text)
		if perr == nil {
			perr = bg.Play(m)
		}
		if perr != nil {
			t.Fatalf("move %q played, but the board refuses it: %v", text, perr)
		}
		g.mu.Lock()
		after, pos := g.line.cursor, g.line.shown().Position()
		g.mu.Unlock()
		if after != before+1 || pos != bg.Position() {
			t.Fatalf("move %q: ply %d -> %d, position %s, want %s", text, before, after, pos.String(), bg.Position().String())
		}
	})
}

// FuzzLoadRecord: a record text sent to /api/load either loads a game whose moves
// are legal from its start position (shown at ply 0), or is refused with an error and
// nothing changed.
func FuzzLoadRecord(f *testing.F) {
	v := board.AdjiKui1.Get()
	bg, _ := board.RandomOpening(v.StartPosition(), 6, rand.New(rand.NewPCG(2, 3)))
	rec := tournament.Record{Game: 3, Round: 1, Pair: 2, Variant: v.Name, South: "a", North: "b",
		Opening: tournament.Opening{FEN: v.Start, Moves: []string{v.FormatMove(bg.Moves()[0])}}, Result: "*"}
	for i, m := range bg.Moves()[1:] {
		rec.Moves = append(rec.Moves, tournament.MoveRecord{Move: v.FormatMove(m), Score: []string{"cp 12", "mate -3", "cp x", ""}[i%4], Depth: i})
	}
	good, _ := json.Marshal(&rec)
	for _, c := range []struct {
		text string
		game int
	}{{string(good), 0}, {string(good), 3}, {"\n" + string(good) + "\n" + string(good), 4}, {string(good[:len(good)/2]), 0},
		{`{"variant":"je-ki-n-je","opening":{"fen":"4,4,4,4,4,4/4,4,4,4,4,4 S 0 0 -"},"moves":[{"move":"a1"},{"move":"a1"}]}`, 0},
		{`{"variant":"bao-la-kimasai","opening":{"fen":"bad"}}`, 0}, {`{"variant":"chess"}`, 0}, {"", 0}, {"\n \n", 0}, {"[]", 0}} {
		f.Add(c.text, c.game)
	}
	s := fuzzServer(f)
	f.Fuzz(func(t *testing.T, text string, game int) {
		g := fuzzGame(s, 0, 3, 1)
		defer g.close()
		want := stateJSON(t, g)
		err := g.actLoad(&actionRequest{Record: text, Game: game})
		if err != nil {
			if got := stateJSON(t, g); got != want {
				t.Fatalf("record refused (%v) but the state changed:\n%s\n%s", err, want, got)
			}
			if strings.Contains(err.Error(), "\n") {
				t.Fatalf("error %q is not one line", err)
			}
			return
		}
		g.mu.Lock()
		defer g.mu.Unlock()
		replay := board.NewGame(g.line.start)
		for i, m := range g.line.moves {
			if err := replay.Play(m); err != nil {
				t.Fatalf("loaded move %d (%s) is illegal: %v", i+1, g.variant.FormatMove(m), err)
			}
		}
		if l := g.line; l.cursor != 0 || len(l.evals) != len(l.moves)+1 || l.start.Variant() != g.variant {
			t.Fatalf("loaded: ply %d, %d evals for %d moves", l.cursor, len(l.evals), len(l.moves))
		}
	})
}

// FuzzGameText: a game text sent to the import action either loads a game whose
// every line replays with the rules and which writes out to a text that reads back
// to itself, or is refused with a one-line printable error and nothing changed;
// either way the reading stays within checkImportCost's bounds, and the status is
// printable.
func FuzzGameText(f *testing.F) {
	for _, text := range []string{
		"[Game \"adji-kui-1\"]\n\n1. c1 b2 {+1.25} (1... f2 2. b1 {-0.50}) 2. a1 e2 *\n",
		"[Game \"je-ki-n-je\"]\n[Start \"4,4,4,4,4,4/4,4,4,4,4,4 S 0 0 -\"]\n1. f1 a2 2. b1 1-0",
		"[Game \"bao-la-kimasai\"]\n1. a2 (1. b2) *", "[Game \"adji-boto\"]\n1. a1 ((", "[Game \"adji-kui-1\"]\n{+1} c1 {x} )",
		"", "[", "1.", "[Game \"adji-kui-1\"]\n1. c1 b2 1/2-1/2 c1",
		"[Game \"je-ki-n-je\"]\n\n1. a1 " + strings.Repeat("(a1", 200),
		"[Game \"adji-kui-1\"]\n[South \"\x1b[2J\r\u202e\"]\n[North \"\xff\"]\n\n1. c1 *",
	} {
		f.Add(text)
	}
	s := fuzzServer(f)
	f.Fuzz(func(t *testing.T, text string) {
		checkImport(t, s, text)
	})
}

// FuzzLinkText: a page address's game (its variant, start and comma-separated
// moves, which the page turns into a game text for the import action as linkText
// does) is loaded or refused as FuzzGameText's texts are, within the same bounds.
func FuzzLinkText(f *testing.F) {
	for _, c := range []struct {
		v            uint8
		start, moves string
	}{{1, "", "c1,b2,a1,e2"}, {0, "4,4,4,4,4,4/4,4,4,4,4,4 N 0 0 -", "a2,f1"}, {3, "", "h2,c3"}, {2, "bad", "a1"},
		{0, "", "a1," + strings.Repeat("(a1,", 200)}, {1, "\x1b\"]\r", "c1"}, {4, "", ",,,"}, {1, "", "c1,(f2,b1),a1"}} {
		f.Add(c.v, c.start, c.moves)
	}
	s := fuzzServer(f)
	f.Fuzz(func(t *testing.T, vi uint8, start, moves string) {
		vs := board.Variants()
		checkImport(t, s, linkText(vs[int(vi)%len(vs)].Name, start, moves))
	})
}

// linkText is the game text the page imports for an address's game (restoreLink in
// static/app.js): the variant, the start without quotes and backslashes, the moves
// separated by spaces.
func linkText(variant, start, moves string) string {
	text := "[Game \"" + variant + "\"]\n"
	if start != "" {
		text += "[Start \"" + strings.NewReplacer(`"`, "", `\`, "").Replace(start) + "\"]\n"
	}
	var ms []string
	for _, m := range strings.Split(moves, ",") {
		if m != "" {
			ms = append(ms, m)
		}
	}
	return text + "\n" + strings.Join(ms, " ")
}

// checkImport imports text into a game between people and checks the outcome: a
// refusal is one printable line and changes nothing; a loaded tree replays with the
// rules and writes out to a text that reads back to itself; the status is printable;
// the reading allocates at most importBytesPerByte bytes per byte of text (beyond
// a fixed allowance) and, loaded, took at most two rules' steps per byte.
func checkImport(t *testing.T, s *Server, text string) {
	g := fuzzGame(s, 0, 3, 1)
	defer g.close()
	want := stateJSON(t, g)
	var err error
	alloc := allocated(func() { err = g.actImport(&actionRequest{Text: text}) })
	if limit := importAllowance + importBytesPerByte*uint64(len(text)); alloc > limit {
		t.Fatalf("reading %d bytes allocated %d bytes, more than %d", len(text), alloc, limit)
	}
	if st := g.snapshot().Status; !printable.IsLine(st) {
		t.Fatalf("status %q is not printable", st)
	}
	if err != nil {
		if got := stateJSON(t, g); got != want {
			t.Fatalf("text refused (%v) but the state changed:\n%s\n%s", err, want, got)
		}
		if !printable.IsLine(err.Error()) {
			t.Fatalf("error %q is not one printable line", err)
		}
		return
	}
	gt, err := parseGameText(context.Background(), text)
	if err != nil {
		t.Fatalf("imported, but read again: %v", err)
	}
	if gt.steps > 2*len(text) {
		t.Fatalf("reading %d bytes took %d rules' steps", len(text), gt.steps)
	}
	g.mu.Lock()
	defer g.mu.Unlock()
	var check func(n *node)
	check = func(n *node) {
		for _, c := range n.children {
			cg := replay(g.line.start, n)
			if err := cg.Play(c.move); err != nil {
				t.Fatalf("imported move %s is illegal: %v", g.variant.FormatMove(c.move), err)
			}
			check(c)
		}
	}
	check(g.line.root)
	h := gameHeaders{Result: "*"}
	out := formatGameText(g.variant, &g.line, h)
	back, err := parseGameText(context.Background(), out)
	if err != nil {
		t.Fatalf("written text %q does not read back: %v", out, err)
	}
	if again := formatGameText(back.variant, &back.line, back.headers); again != out {
		t.Fatalf("text changed on a round trip:\n%s\n%s", out, again)
	}
}

// The bounds of checkImport's allocation: a fixed allowance (the game and its
// first growth, the runtime's own) and bytes per byte of text. A long line costs
// some 250 bytes per byte (its tree, and the game read along it); before the
// bounds, nested variations cost 330 and variations after a long line tens of
// thousands.
const (
	importAllowance    = 1 << 20
	importBytesPerByte = 512
)
