package protocol

import "testing"

// Nearest suggests a name one edit away (two for long names, a swap counting one),
// and nothing for a word that is not close or as short as the edit.
func TestNearest(t *testing.T) {
	names := []string{"uci", "isready", "go", "d", "position", "stop", "setoption", "ucinewgame", "quit"}
	for word, want := range map[string]string{
		"positon": "position", "psoition": "position", "poston": "position", "GO": "go", "uic": "uci",
		"stpo": "stop", "quiet": "quit", "isredy": "isready", "setopt": "",
		"x": "", "": "", "fly": "", "perft": "", "position": "position",
	} {
		if got := Nearest(word, names); got != want {
			t.Errorf("Nearest(%q) = %q, want %q", word, got, want)
		}
	}
}

// Excerpt keeps short text and cuts long text at a character boundary.
func TestExcerpt(t *testing.T) {
	for _, c := range []struct {
		s    string
		n    int
		want string
	}{
		{"short", 40, "short"},
		{"abcdef", 3, "abc..."},
		{"aéb", 2, "a..."}, // é is two bytes: the cut moves back to its start
	} {
		if got := Excerpt(c.s, c.n); got != c.want {
			t.Errorf("Excerpt(%q, %d) = %q, want %q", c.s, c.n, got, c.want)
		}
	}
}
