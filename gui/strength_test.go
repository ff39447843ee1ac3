package gui

import (
	"slices"
	"strings"
	"testing"
	"time"

	"mancala/board"
	"mancala/protocol/client"
	"mancala/search/words"
)

func spec(t *testing.T, line string) client.OptionSpec {
	t.Helper()
	o, err := client.ParseOption(line)
	if err != nil {
		t.Fatal(err)
	}
	return o
}

// TestStrengthPrefersLevel: an engine announcing a Level spin option gets a level
// menu (and no Skill); one with only Skill gets the Skill values.
func TestStrengthPrefersLevel(t *testing.T) {
	skill := spec(t, "option name Skill type combo default full var full var greedy var random")
	level := spec(t, "option name Level type spin default 10 min 1 max 10")
	mpv := spec(t, "option name MultiPV type spin default 1 min 1 max 17")
	ei := readOptions("x", []client.OptionSpec{skill, level, mpv})
	if ei.Level == nil || *ei.Level != (spin{Min: 1, Max: 10, Default: 10}) || ei.Skill != nil || ei.MultiPV != 17 {
		t.Errorf("with Level: %+v (level %+v)", ei, ei.Level)
	}
	if ei.LevelWords != nil {
		t.Errorf("another engine's levels described: %v", ei.LevelWords)
	}
	ei = readOptions("mancala 0.1.0", []client.OptionSpec{level})
	for l := 1; l <= 10; l++ {
		if w := ei.LevelWords[l]; w == "" || w != words.Level(l) {
			t.Errorf("this engine's level %d described %q, want %q", l, w, words.Level(l))
		}
	}
	ei = readOptions("x", []client.OptionSpec{skill})
	if ei.Level != nil || !slices.Equal(ei.Skill, []string{"full", "greedy", "random"}) || ei.SkillDef != "full" || ei.MultiPV != 0 {
		t.Errorf("Skill only: %+v", ei)
	}
	for _, c := range []struct {
		ei   engineInfo
		s    string
		want string
	}{
		{engineInfo{Level: &spin{1, 10, 10}}, "0", "want 1 to 10"},
		{engineInfo{Level: &spin{1, 10, 10}}, "x", "want 1 to 10"},
		{engineInfo{Skill: []string{"full"}}, "greedy", "one of full"},
		{engineInfo{}, "1", "no strength setting"},
	} {
		if err := checkStrength(c.ei, c.s); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%+v %q: %v", c.ei, c.s, err)
		}
	}
	if checkStrength(engineInfo{Level: &spin{1, 10, 10}}, "3") != nil || checkStrength(engineInfo{Skill: []string{"full", "random"}}, "random") != nil {
		t.Error("a valid strength refused")
	}
}

// TestSearchOptions: a game sends the chosen Level when the engine plays and full
// strength with MultiPV lines when it analyses.
func TestSearchOptions(t *testing.T) {
	srv := &Server{probeDone: make(chan struct{}), probe: engineInfo{Level: &spin{1, 10, 10}, MultiPV: 17}}
	close(srv.probeDone)
	v, _ := board.VariantByName("bao-la-kimasai")
	g := &session{srv: srv, variant: v, strength: "3", multipv: 4}
	want := []client.Option{{Name: "Variant", Value: "bao-la-kimasai"}, {Name: "MultiPV", Value: "1"}, {Name: "Level", Value: "3"}}
	if got := g.engineOptions(true); !slices.Equal(got, want) {
		t.Errorf("playing: %v", got)
	}
	want = []client.Option{{Name: "Variant", Value: "bao-la-kimasai"}, {Name: "MultiPV", Value: "4"}, {Name: "Level", Value: "10"}}
	if got := g.engineOptions(false); !slices.Equal(got, want) {
		t.Errorf("analysing: %v", got)
	}
	srv.probe.WDL = true
	want = append([]client.Option{want[0], {Name: "UCI_ShowWDL", Value: "true"}}, want[1:]...)
	if got := g.engineOptions(false); !slices.Equal(got, want) {
		t.Errorf("analysing with an engine that offers UCI_ShowWDL: %v", got)
	}
}

// TestChancesAreFromSouthsView: a line's win/draw/loss chances, the engine's for the
// side to move, are shown as South wins, draw, North wins.
func TestChancesAreFromSouthsView(t *testing.T) {
	srv := &Server{probeDone: make(chan struct{})}
	v := board.Variants()[0]
	for _, side := range []board.Side{board.South, board.North} {
		g := &session{srv: srv, variant: v, job: &job{tag: 1, side: side, root: v.StartPosition()}, line: newGameLine(v.StartPosition())}
		g.infoTimer = time.AfterFunc(time.Hour, func() {}) // no broadcast in this test
		g.onInfo(1, client.Info{Depth: 5, MultiPV: 1, HasScore: true, PV: []string{"a1"}, WDL: [3]int{700, 200, 100}, HasWDL: true})
		want := []int{700, 200, 100}
		if side == board.North {
			want = []int{100, 200, 700}
		}
		if got := g.lines[0].WDL; !slices.Equal(got, want) {
			t.Errorf("%s to move, wdl 700 200 100: shown %v, want %v", side.Name(), got, want)
		}
		g.onInfo(1, client.Info{Depth: 6, MultiPV: 1, HasScore: true, PV: []string{"a1"}})
		if g.lines[0].WDL != nil {
			t.Errorf("a line without wdl keeps the chances %v", g.lines[0].WDL)
		}
	}
}

// TestStaleLinesOfAnotherRankAreHidden: when a new iteration reports its best line,
// a shallower line of another rank starting with the same move is hidden, so the
// page never shows two lines that start with one move.
func TestStaleLinesOfAnotherRankAreHidden(t *testing.T) {
	srv := &Server{probeDone: make(chan struct{})}
	g := &session{srv: srv, variant: board.Variants()[0], job: &job{tag: 1}, line: newGameLine(board.Variants()[0].StartPosition())}
	g.infoTimer = time.AfterFunc(time.Hour, func() {}) // no broadcast in this test
	line := func(depth, rank int, pv ...string) client.Info {
		return client.Info{Depth: depth, MultiPV: rank, HasScore: true, PV: pv}
	}
	g.onInfo(1, line(5, 1, "e1", "b2"))
	g.onInfo(1, line(5, 2, "b1", "f2"))
	g.onInfo(1, line(5, 3, "f1", "b2"))
	g.onInfo(1, line(6, 1, "f1", "b2", "b1"))
	if g.lines[2].Depth != 0 || g.lines[1].Depth != 5 || g.lines[0].PV[0] != "f1" {
		t.Fatalf("after depth 6's best line f1, lines %+v: want rank 3 (f1 at depth 5) hidden, rank 2 kept", g.lines)
	}
	g.onInfo(1, line(6, 3, "e1", "b2"))
	if g.lines[2].Depth != 6 {
		t.Errorf("rank 3 at depth 6 not shown: %+v", g.lines)
	}
}
