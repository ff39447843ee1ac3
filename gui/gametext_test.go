package gui

import (
	"bytes"
	"context"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"runtime"
	"strings"
	"testing"

	"mancala/board"
)

// TestGameTextRoundTrip: a game with a variation and scores is written as game text
// and read back to the same tree: the same text again, the same scores.
func TestGameTextRoundTrip(t *testing.T) {
	v, _ := board.VariantByName("adji-kui-1")
	l := newGameLine(v.StartPosition())
	for _, m := range lineMoves(t, v, "c1", "b2", "a1", "e2") {
		l.play(m)
	}
	l.setEval(2, 125)
	l.goTo(1)
	for _, m := range lineMoves(t, v, "f2", "b1") {
		l.play(m)
	}
	l.setEval(3, -50)
	text := formatGameText(v, &l, gameHeaders{South: "human", North: "engine", Date: "2026-12-01", Result: "*"})
	want := `[Game "adji-kui-1"]
[South "human"]
[North "engine"]
[Date "2026-12-01"]
[Start "4,4,4,4,4,4/4,4,4,4,4,4 S 0 0 -"]
[Result "*"]

1. c1 b2 {+1.25} (1... f2 2. b1 {-0.50}) 2. a1 e2 *
`
	if text != want {
		t.Fatalf("game text:\n%s\nwant:\n%s", text, want)
	}
	gt, err := parseGameText(context.Background(), text)
	if err != nil {
		t.Fatal(err)
	}
	v2, l2, h := gt.variant, gt.line, gt.headers
	if v2 != v || h.South != "human" || h.Date != "2026-12-01" {
		t.Fatalf("read back %s, headers %+v", v2.Name, h)
	}
	if again := formatGameText(v2, &l2, h); again != text {
		t.Fatalf("written again:\n%s", again)
	}
	if shownMoves(&l2) != "c1 b2 a1 e2" || l2.cursor != 0 || l2.evals[2] == nil || *l2.evals[2] != 125 {
		t.Fatalf("read back: line %q, cursor %d, evals %v", shownMoves(&l2), l2.cursor, l2.evals)
	}
}

// TestGameTextRefusesBadInput: each fault gives a one-line error.
func TestGameTextRefusesBadInput(t *testing.T) {
	for _, c := range []struct{ text, want string }{
		{"1. c1 b2", "no [Game"},
		{`[Game "chess"]` + "\n1. e4", "chess"},
		{`[Game "adji-kui-1"]` + "\n1. c1 c1", "move c1"},
		{`[Game "adji-kui-1"]` + "\n1. c1 (", "not closed"},
		{`[Game "adji-kui-1"]` + "\n1. c1 )", "closing bracket"},
		{`[Game "adji-kui-1"]` + "\n( c1", "before any move"},
		{`[Game "adji-kui-1"]` + "\n1. c1 {+1", "braces"},
		{`[Game "adji-kui-1"]` + "\n1. c1 * b2", "after the result"},
		{`[Game "adji-kui-1"]` + "\n1. z9", "z9"},
		{`[Game "adji-kui-1"]` + "\n" + `[Start "bad"]`, "start position"},
		{`[Game adji-kui-1]`, "header"},
	} {
		_, err := parseGameText(context.Background(), c.text)
		if err == nil || !strings.Contains(err.Error(), c.want) || strings.Contains(err.Error(), "\n") {
			t.Errorf("%q: error %v, want one line naming %q", c.text, err, c.want)
		}
	}
}

// allocated is the bytes f allocates on the heap (the whole process's, so a bound on
// it must leave room for the runtime's own).
func allocated(f func()) uint64 {
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	f()
	runtime.ReadMemStats(&after)
	return after.TotalAlloc - before.TotalAlloc
}

// importText imports text into a game between people, returning whether the
// game's state changed, the bytes allocated and the error.
func importText(t *testing.T, s *Server, r *actionRequest) (changed bool, alloc uint64, err error) {
	t.Helper()
	g := newSession(s, "import", board.AdjiKui1.Get(), [2]string{human, human})
	defer g.close()
	before := stateJSON(t, g)
	alloc = allocated(func() { err = g.actImport(r) })
	return stateJSON(t, g) != before, alloc, err
}

// TestGameTextNestingIsBounded: variations nest at most 100 deep. A megabyte of
// "(a1" (349,000 variations each inside the last) is refused with a one-line error,
// changing nothing, having allocated less than the text's size; before the bound,
// every open variation held a game of its own (some 330 bytes allocated per byte of
// text, 297 MB for the megabyte).
func TestGameTextNestingIsBounded(t *testing.T) {
	s := NewServer(Config{Engine: []string{"/nonexistent/mancala-engine"}, Log: testLog()})
	defer s.Close()
	text := "[Game \"je-ki-n-je\"]\n\n1. a1 " + strings.Repeat("(a1", 349_000)
	changed, alloc, err := importText(t, s, &actionRequest{Text: text})
	if err == nil || !strings.Contains(err.Error(), "nested more than 100 deep") || strings.Contains(err.Error(), "\n") || changed {
		t.Fatalf("error %v (state changed: %v), want one line refusing variations nested more than 100 deep", err, changed)
	}
	if alloc > uint64(len(text)) {
		t.Errorf("refusing %d bytes allocated %d bytes", len(text), alloc)
	}
	nested := func(depth int) string {
		return "[Game \"je-ki-n-je\"]\n\n1. a1 " + strings.Repeat("(1. a1 ", depth) + strings.Repeat(")", depth) + " *"
	}
	if _, _, err := importText(t, s, &actionRequest{Text: nested(100)}); err != nil {
		t.Errorf("variations nested 100 deep: %v", err)
	}
	if _, _, err := importText(t, s, &actionRequest{Text: nested(101)}); err == nil {
		t.Error("variations nested 101 deep were read")
	}
}

// baoWithVariations is the 25,000-move Bao la Kimasai record as game text, with n
// one-move variations after its last move.
func baoWithVariations(t testing.TB, n int) (string, *board.Game) {
	t.Helper()
	_, g := longBaoRecord(t)
	v := board.BaoLaKimasai.Get()
	var b strings.Builder
	b.WriteString("[Game \"bao-la-kimasai\"]\n\n")
	for _, m := range g.Moves() {
		b.WriteString(v.FormatMove(m) + " ")
	}
	last := v.FormatMove(g.Moves()[len(g.Moves())-1])
	for range n {
		b.WriteString("(" + last + ") ")
	}
	return b.String(), g
}

// TestGameTextVariationsCostLinear: 400 variations after the last of 25,000 moves
// cost a few rules' steps each, not a replay of the line each: the reading takes at
// most three steps a move or bracket, and allocates a few hundred bytes per byte of
// text (before: every variation replayed the line from the start, 12 s and some
// 60,000 bytes allocated per byte).
func TestGameTextVariationsCostLinear(t *testing.T) {
	skipUnderRace(t, "reads a long text on one goroutine")
	text, g := baoWithVariations(t, 400)
	s := NewServer(Config{Engine: []string{"/nonexistent/mancala-engine"}, Log: testLog()})
	defer s.Close()
	_, alloc, err := importText(t, s, &actionRequest{Text: text})
	if err != nil {
		t.Fatal(err)
	}
	if alloc > 1024*uint64(len(text)) {
		t.Errorf("reading %d bytes allocated %d bytes, %d a byte", len(text), alloc, alloc/uint64(len(text)))
	}
	gt, err := parseGameText(context.Background(), text)
	if err != nil {
		t.Fatal(err)
	}
	if words := len(g.Moves()) + 2*400; gt.steps > 3*words {
		t.Errorf("reading %d moves and brackets took %d rules' steps", words, gt.steps)
	}
	if len(gt.line.nodes) != len(g.Moves())+1 {
		t.Errorf("%d nodes, want the record's %d moves and the root", len(gt.line.nodes), len(g.Moves()))
	}
}

// TestGameTextMovesAreBounded: a tree of more than maxGameTextMoves moves is refused
// with a one-line error and nothing changed (its memory is bounded with its moves).
func TestGameTextMovesAreBounded(t *testing.T) {
	skipUnderRace(t, "reads a text of 100,000 moves on one goroutine")
	_, g := longBaoRecord(t)
	v := board.BaoLaKimasai.Get()
	var b strings.Builder
	b.WriteString("[Game \"bao-la-kimasai\"]\n\n")
	replay := board.NewGame(g.Start())
	for _, m := range g.Moves() {
		b.WriteString(v.FormatMove(m) + " ")
		var ml board.MoveList
		p := replay.Position()
		p.LegalMoves(&ml)
		k := 0
		for _, alt := range ml.Moves[:ml.N] {
			if alt != m && k < 4 {
				b.WriteString("(" + v.FormatMove(alt) + ") ")
				k++
			}
		}
		replay.Play(m)
	}
	s := NewServer(Config{Engine: []string{"/nonexistent/mancala-engine"}, Log: testLog()})
	defer s.Close()
	changed, _, err := importText(t, s, &actionRequest{Text: b.String()})
	if err == nil || !strings.Contains(err.Error(), "more than 100000 moves") || strings.Contains(err.Error(), "\n") || changed {
		t.Fatalf("error %v (state changed: %v), want one line refusing more than 100000 moves", err, changed)
	}
}

// TestGameTextReadingStopsWithItsRequest: an import whose request has gone (its
// context cancelled) stops reading, is refused saying so, and changes nothing; the
// server hands the request's context to the action.
func TestGameTextReadingStopsWithItsRequest(t *testing.T) {
	text, _ := baoWithVariations(t, 400)
	s := NewServer(Config{Engine: []string{"/nonexistent/mancala-engine"}, Log: testLog()})
	defer s.Close()
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	changed, _, err := importText(t, s, &actionRequest{Text: text, ctx: ctx})
	if err == nil || !strings.Contains(err.Error(), "reading stopped: context canceled") || changed {
		t.Fatalf("error %v (state changed: %v), want the reading stopped", err, changed)
	}
	g := newSession(s, "gone", board.AdjiKui1.Get(), [2]string{human, human})
	s.mu.Lock()
	s.games[g.id] = g
	s.mu.Unlock()
	body, _ := json.Marshal(map[string]string{"id": g.id, "text": text})
	req := httptest.NewRequest("POST", "http://127.0.0.1:80/api/import", bytes.NewReader(body)).WithContext(ctx)
	req.Header.Set("Content-Type", "application/json")
	rec := httptest.NewRecorder()
	s.Handler().ServeHTTP(rec, req)
	if rec.Code != http.StatusBadRequest || !strings.Contains(rec.Body.String(), "reading stopped") {
		t.Errorf("import by a request already gone: %d %s", rec.Code, rec.Body.String())
	}
}

// TestImportedNamesArePrintable: header values with ESC, CR and U+202E reach the
// status escaped (printable.Line), as a loaded record's names do.
func TestImportedNamesArePrintable(t *testing.T) {
	s := NewServer(Config{Engine: []string{"/nonexistent/mancala-engine"}, Log: testLog()})
	defer s.Close()
	g := newSession(s, "names", board.AdjiKui1.Get(), [2]string{human, human})
	defer g.close()
	text := "[Game \"adji-kui-1\"]\n[South \"a\x1b[2Jb\"]\n[North \"c\rd\u202ee\"]\n[Result \"*\x07\"]\n\n1. c1 *"
	if err := g.actImport(&actionRequest{Text: text}); err != nil {
		t.Fatal(err)
	}
	st := g.snapshot().Status
	if want := `imported Adji Kui I: a\x1b[2Jb vs c\x0dd\u202ee, *\x07`; st != want {
		t.Errorf("status %q, want %q", st, want)
	}
}

// BenchmarkGameTextLongLineWithVariations reads the 25,000-move Bao la Kimasai
// record with 400 variations after its last move (docs/ledger.md).
func BenchmarkGameTextLongLineWithVariations(b *testing.B) {
	text, _ := baoWithVariations(b, 400)
	b.SetBytes(int64(len(text)))
	for b.Loop() {
		if _, err := parseGameText(context.Background(), text); err != nil {
			b.Fatal(err)
		}
	}
}

// TestGameTextNumbersExtraTurns: in Kalah(6,4) c1 ends in South's store and South
// moves again: the text numbers f1 as South's, in the same turn, with no number of
// its own, a variation at f1 says it is South's (1. e1), and North's reply starts
// no turn; the text reads back to the same tree.
func TestGameTextNumbersExtraTurns(t *testing.T) {
	v, _ := board.VariantByName("kalah-6-4")
	l := newGameLine(v.StartPosition())
	for _, m := range lineMoves(t, v, "c1", "f1", "a2", "b1") {
		if _, _, err := l.play(m); err != nil {
			t.Fatal(err)
		}
	}
	l.goTo(1)
	if _, _, err := l.play(lineMoves(t, v, "e1")[0]); err != nil {
		t.Fatal(err)
	}
	text := formatGameText(v, &l, gameHeaders{})
	if want := "\n1. c1 f1 (1. e1) 1... a2 2. b1 *\n"; !strings.HasSuffix(text, want) {
		t.Fatalf("game text:\n%s\nwant it to end %q", text, want)
	}
	gt, err := parseGameText(context.Background(), text)
	if err != nil {
		t.Fatal(err)
	}
	if again := formatGameText(gt.variant, &gt.line, gt.headers); again != text {
		t.Fatalf("written again:\n%s", again)
	}
}

// TestMoversFollowTheRules: a line's movers are the sides to move before each of
// its moves, as board has them: in random Kalah games, with their extra turns, and
// in Adji Kui I, whose sides take turns.
func TestMoversFollowTheRules(t *testing.T) {
	for _, name := range []string{"kalah-6-4", "kalah-3-3-standard", "adji-kui-1"} {
		v, _ := board.VariantByName(name)
		again := 0 // moves by the side that made the move before
		for seed := uint64(1); seed <= 20; seed++ {
			g := board.NewGame(v.StartPosition())
			l := newGameLine(v.StartPosition())
			x := seed
			for !g.Result().Over() && len(g.Moves()) < 200 {
				var ml board.MoveList
				p := g.Position()
				p.LegalMoves(&ml)
				x = x*6364136223846793005 + 1442695040888963407
				m := ml.Moves[int(x>>33)%ml.N]
				if err := g.Play(m); err != nil {
					t.Fatal(err)
				}
				l.extend(m)
			}
			movers := l.movers()
			for i, p := range g.Positions()[:len(g.Moves())] {
				if movers[i] != int(p.SideToMove()) {
					t.Fatalf("%s game %d: move %d by %d, board says %v", name, seed, i+1, movers[i], p.SideToMove())
				}
				if i > 0 && movers[i] == movers[i-1] {
					again++
				}
			}
		}
		if v.ExtraTurns() != (again > 0) {
			t.Errorf("%s: %d extra turns in 20 games", name, again)
		}
	}
}
