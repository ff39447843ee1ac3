package protocol

import (
	"io"
	"regexp"
	"strings"
	"testing"

	"mancala/board"
	"mancala/search/words"
)

// lettersConfig is the engine as Aualé starts it: Oware Abapa, Aalina's letters.
func lettersConfig() Config {
	return Config{Variant: "oware-abapa", Notation: notationLetters, Algorithms: realAlgorithms()}
}

// projectFen is the Fen line d prints for a position given in the project's notation
// after moves in coordinates, worked out with board alone.
func projectFen(t *testing.T, start string, moves ...string) string {
	t.Helper()
	v, _ := board.VariantByName("oware-abapa")
	p, err := v.ParsePosition(start)
	if err != nil {
		t.Fatal(err)
	}
	for _, text := range moves {
		m, err := v.ParseMove(text)
		if err == nil {
			p, err = p.Play(m)
		}
		if err != nil {
			t.Fatal(err)
		}
	}
	return "Fen: " + p.String()
}

// Aalina's forms are read: a dash position, and moves as one token or separated,
// letter by letter (a is f2, b is e2, ... f is a2); the project's forms still are.
func TestLettersReadAalinaForms(t *testing.T) {
	s := newSession(t, lettersConfig())
	want := projectFen(t, "7,0,6,0,0,7/7,6,1,0,0,7 S 2 5 -", "c1", "f2", "d1")
	for _, cmd := range []string{
		"position fen 7-6-1-0-0-7-7-0-0-6-0-7-2-5-S moves CaD",
		"position fen 7-6-1-0-0-7-7-0-0-6-0-7-2-5-S moves C a D",
		"position fen 7-6-1-0-0-7-7-0-0-6-0-7-2-5-S moves Ca D",
		"position fen 7,0,6,0,0,7/7,6,1,0,0,7 S 2 5 - moves c1 f2 d1",
	} {
		if got := fenLine(t, s.exchange(cmd, "d")); got != want {
			t.Errorf("%s: %s, want %s", cmd, got, want)
		}
	}
	if got, want := fenLine(t, s.exchange("position startpos moves FbCa", "d")),
		projectFen(t, "4,4,4,4,4,4/4,4,4,4,4,4 S 0 0 -", "f1", "e2", "c1", "f2"); got != want {
		t.Errorf("startpos moves FbCa: %s, want %s", got, want)
	}
}

// Moves are written as letters: bestmove and ponder, the pv as one token, d's Moves
// line and go perft's lines.
func TestLettersWriteAalinaForms(t *testing.T) {
	s := newSession(t, lettersConfig())
	s.send("position startpos moves Fb", "go depth 4")
	got := s.until("bestmove")
	if last := got[len(got)-1]; !regexp.MustCompile(`^bestmove [A-F] ponder [a-f]$`).MatchString(last) {
		t.Errorf("%q: want a South letter and a North ponder letter", last)
	}
	pv := regexp.MustCompile(` score cp -?\d+ .* pv [A-Fa-f]+$`)
	for _, l := range got[:len(got)-1] {
		if !pv.MatchString(l) {
			t.Errorf("%q: want a score cp and a pv of letters in one token", l)
		}
	}
	if moves := line(t, s.exchange("d"), "Moves:"); moves != "Moves: A B C D E" {
		t.Errorf("d: %q, want the letters A to E (F is empty)", moves)
	}
	s.send("go perft 1")
	perft := s.until("Nodes searched")
	if strings.Join(perft, "|") != "A: 1|B: 1|C: 1|D: 1|E: 1||Nodes searched: 5" {
		t.Errorf("go perft 1: %q", perft)
	}
}

// A finished game's bestmove is Aalina's 0000.
func TestLettersFinishedGameBestmove0000(t *testing.T) {
	s := newSession(t, lettersConfig())
	s.send("position fen 0-0-0-0-0-0-0-0-0-0-0-0-24-24-S", "go depth 3")
	if got := s.until("bestmove"); got[len(got)-1] != "bestmove 0000" {
		t.Errorf("go on a finished game: %q, want bestmove 0000", got)
	}
}

// Aalina's GUI sets OwnBook whether or not the engine declares it: it is accepted.
func TestOwnBookAccepted(t *testing.T) {
	s := newSession(t, lettersConfig())
	if got := s.exchange("setoption name OwnBook value true", "setoption name OwnBook value false"); len(got) != 0 {
		t.Errorf("setoption OwnBook answered %q, want nothing", got)
	}
}

// Bad letters and dash positions are refused with one error line and change nothing.
func TestLettersBadInput(t *testing.T) {
	s := newSession(t, lettersConfig())
	before := s.exchange("position startpos moves Fb", "d")
	for bad, want := range map[string]string{
		"position startpos moves FbXa":                         `position: move 1 (FbXa): "FbXa" is neither a move nor a list of letters of Oware Abapa`,
		"position startpos moves FF":                           "position: move 2 (F): illegal move F: not a hole of North, the side to move",
		"position startpos moves AaA":                          "position: move 3 (A): illegal move A: the hole is empty",
		"position fen 4-4-4-4-4-4-4-4-4-4-4-4-0-1-S":           "position fen: Oware Abapa has 48 seeds in all, this position has 49",
		"position fen 4-4-4-4-4-4-4-4-4-4-4-4-0-0-X":           `position fen: side to move must be S or N, not "X"`,
		"position fen 4-4-4-4-4-4-4-4-4-4-4-0-0-S":             "position fen: a position of Oware Abapa is 14 counts and the side to move, joined by dashes; got 14 fields",
		"position fen 4-4-4-4-4-4-4-4-4-4-4-4-0-0-S moves Fb9": `position: move 1 (Fb9): "Fb9" is neither a move nor a list of letters of Oware Abapa`,
	} {
		got := s.exchange(bad)
		if len(got) != 1 || got[0] != "info string error: "+want {
			t.Errorf("%s:\n%q\nwant\n%q", bad, got, "info string error: "+want)
		}
	}
	if after := s.exchange("d"); strings.Join(after, "\n") != strings.Join(before, "\n") {
		t.Errorf("a refused command changed the game:\n%s", strings.Join(after, "\n"))
	}
}

// Letters are read and written only in the letters notation, and only in games on
// two rows: the project's protocol is unchanged otherwise.
func TestLettersOnlyWhereAsked(t *testing.T) {
	s := newSession(t, Config{Variant: "oware-abapa", Algorithms: realAlgorithms()})
	if got := s.exchange("position startpos moves Fb"); len(got) != 1 || !strings.Contains(got[0], "error") {
		t.Errorf("letters read in the coordinates notation: %q", got)
	}
	s.send("position startpos", "go depth 2")
	if got := s.until("bestmove"); !regexp.MustCompile(`^bestmove [a-f]1`).MatchString(got[len(got)-1]) {
		t.Errorf("coordinates notation: %q", got[len(got)-1])
	}
	b := newSession(t, lettersConfig())
	b.send("setoption name Variant value bao-la-kimasai", "go depth 1")
	if got := b.until("bestmove"); !regexp.MustCompile(`^bestmove [a-h][1-4]$`).MatchString(got[len(got)-1]) {
		t.Errorf("Bao la Kimasai has no letters, but: %q", got[len(got)-1])
	}
	if _, err := NewEngine(strings.NewReader(""), io.Discard, Config{Notation: "runes", Algorithms: realAlgorithms()}); err == nil {
		t.Error("NewEngine accepted the notation runes")
	}
}

// A proven result carries a cp as Aalina writes it, +-2500 (25 seeds), since Aualé
// shows only the cp: f1 takes f2's 2 seeds and South's store passes 24.
func TestLettersProvenResultHasCp(t *testing.T) {
	s := newSession(t, lettersConfig())
	s.send("position fen 0-0-0-0-0-1-1-0-0-0-0-1-24-21-S", "go depth 3")
	got := s.until("bestmove")
	if last := got[len(got)-1]; !strings.HasPrefix(last, "bestmove F") {
		t.Errorf("%q, want F, the winning move", last)
	}
	if info := got[len(got)-2]; !strings.Contains(info, " score cp 2500 mate 1 ") {
		t.Errorf("%q: want score cp 2500 mate 1", info)
	}
	c := newSession(t, Config{Variant: "oware-abapa", Algorithms: realAlgorithms()})
	c.send("position fen 1,0,0,0,0,1/0,0,0,0,0,1 S 24 21 -", "go depth 3")
	got = c.until("bestmove")
	if info := got[len(got)-2]; !strings.Contains(info, " score mate 1 ") || strings.Contains(info, " cp ") {
		t.Errorf("coordinates: %q, want score mate 1 alone", info)
	}
}

// In letters a score stays within Aalina's ±2500 (an endgame table's proven result
// is reported far beyond it); in coordinates it is unchanged.
func TestLettersScoreWithinAalinasRange(t *testing.T) {
	v, _ := board.VariantByName("oware-abapa")
	letters, coords := notation{letters: true}, notation{}
	for _, c := range []struct {
		s               words.Score
		letters, coords string
	}{
		{words.Score{Value: 28999}, "cp 2500", "cp 28999"},
		{words.Score{Value: -28990}, "cp -2500", "cp -28990"},
		{words.Score{Value: 312}, "cp 312", "cp 312"},
		{words.Score{Mate: true, Value: -3}, "cp -2500 mate -3", "mate -3"},
	} {
		if got := letters.score(v, c.s); got != c.letters {
			t.Errorf("letters %+v: %q, want %q", c.s, got, c.letters)
		}
		if got := coords.score(v, c.s); got != c.coords {
			t.Errorf("coordinates %+v: %q, want %q", c.s, got, c.coords)
		}
	}
}
