package tournament

import (
	"reflect"
	"testing"
	"time"

	"mancala/board"
	"mancala/protocol/client"
	"mancala/search/words"
)

func TestParseTimeControl(t *testing.T) {
	cases := []struct {
		in   string
		want TimeControl
	}{
		{"40/10+0.1", TimeControl{Moves: 40, Base: 10 * time.Second, Inc: 100 * time.Millisecond}},
		{"10+0.1", TimeControl{Base: 10 * time.Second, Inc: 100 * time.Millisecond}},
		{"1+0.01", TimeControl{Base: time.Second, Inc: 10 * time.Millisecond}},
		{"60", TimeControl{Base: time.Minute}},
		{"0.5", TimeControl{Base: 500 * time.Millisecond}},
		{"0+0.1", TimeControl{Inc: 100 * time.Millisecond}},
		{"inf", TimeControl{Infinite: true}},
	}
	for _, c := range cases {
		got, err := ParseTimeControl(c.in)
		if err != nil || got != c.want {
			t.Errorf("%q: %+v, %v; want %+v", c.in, got, err, c.want)
		}
		if got.String() != c.in {
			t.Errorf("%q formats as %q", c.in, got.String())
		}
	}
	// cutechess's minutes:seconds base.
	for in, want := range map[string]TimeControl{
		"0:10+0.1": {Base: 10 * time.Second, Inc: 100 * time.Millisecond},
		"2:30":     {Base: 150 * time.Second},
		"40/1:00":  {Moves: 40, Base: time.Minute},
	} {
		if got, err := ParseTimeControl(in); err != nil || got != want {
			t.Errorf("%q: %+v, %v; want %+v", in, got, err, want)
		}
	}
	for _, bad := range []string{"", "x", "0", "0+0", "-1", "40/", "/10", "0/10", "10+", "10+x", "10+-1", "a/10", "1e9",
		"1:", ":10", "-1:10", "1:-5", "x:10", "Inf", "inf+1"} {
		if _, err := ParseTimeControl(bad); err == nil {
			t.Errorf("%q accepted", bad)
		}
	}
}

func TestClockGoCommandAndSpend(t *testing.T) {
	tc := TimeControl{Moves: 2, Base: time.Second, Inc: 100 * time.Millisecond}
	c := newClock(tc, tc)
	l := Limits{TC: tc}
	if got := c.goCommand(0, l); got != "go wtime 1000 btime 1000 winc 100 binc 100 movestogo 2" {
		t.Errorf("first go: %q", got)
	}
	c.spend(0, 300*time.Millisecond) // 1000 - 300 + 100 = 800
	if got := c.goCommand(0, l); got != "go wtime 800 btime 1000 winc 100 binc 100 movestogo 1" {
		t.Errorf("second go: %q", got)
	}
	c.spend(0, 100*time.Millisecond) // 800 - 100 + 100 + a new period's 1000 = 1800
	if c.left[0] != 1800*time.Millisecond || c.moves[0] != 2 {
		t.Errorf("after a period: %v, %d moves", c.left[0], c.moves[0])
	}
	if got := c.goCommand(0, l); got != "go wtime 1800 btime 1000 winc 100 binc 100 movestogo 2" {
		t.Errorf("third go: %q", got)
	}
	if a, real := c.allowance(0, l, 50*time.Millisecond, time.Minute); a != 1850*time.Millisecond || !real {
		t.Errorf("allowance %v %v", a, real)
	}
	fixed := Limits{Depth: 5, Nodes: 1000}
	if got := c.goCommand(1, fixed); got != "go depth 5 nodes 1000" {
		t.Errorf("fixed: %q", got)
	}
	if a, real := c.allowance(1, fixed, 50*time.Millisecond, 7*time.Second); a != 7*time.Second || real {
		t.Errorf("fixed allowance %v %v", a, real)
	}
	mt := Limits{MoveTime: 250 * time.Millisecond}
	if got := c.goCommand(1, mt); got != "go movetime 250" {
		t.Errorf("movetime: %q", got)
	}
	if a, _ := c.allowance(1, mt, 50*time.Millisecond, time.Minute); a != 300*time.Millisecond {
		t.Errorf("movetime allowance %v", a)
	}
}

func TestInfiniteTimeControlSendsOnlyTheOtherLimits(t *testing.T) {
	inf := TimeControl{Infinite: true}
	c := newClock(inf, TimeControl{Base: time.Second})
	l := Limits{TC: inf, Depth: 6}
	if got := c.goCommand(0, l); got != "go depth 6" {
		t.Errorf("go: %q", got)
	}
	if a, real := c.allowance(0, l, 50*time.Millisecond, 9*time.Second); a != 9*time.Second || real {
		t.Errorf("allowance %v %v", a, real)
	}
	c.spend(0, time.Hour)
	if c.left[0] != 0 || c.moves[0] != 1 {
		t.Errorf("an infinite clock was charged: %v", c.left[0])
	}
	if err := (Limits{TC: inf}).check(); err == nil {
		t.Error("inf without another limit accepted")
	}
}

func TestClockWithoutTimeControlOnOneSide(t *testing.T) {
	tc := TimeControl{Base: 2 * time.Second}
	c := newClock(tc, TimeControl{})
	if got := c.goCommand(0, Limits{TC: tc}); got != "go wtime 2000" {
		t.Errorf("%q", got)
	}
	c.spend(1, time.Hour) // North has no clock: nothing to charge
	if c.left[1] != 0 || c.moves[1] != 1 {
		t.Errorf("north clock %v", c.left[1])
	}
}

func TestScoreTracker(t *testing.T) {
	tr := scoreTracker{rule: Adjudication{WinScore: 300, WinMoves: 2}}
	S, N := board.South, board.North
	steps := []struct {
		mover board.Side
		score words.Score
		ok    bool
		won   bool
	}{
		{S, words.Score{Value: 400}, true, false},  // South: S+ 1
		{N, words.Score{Value: -350}, true, false}, // North agrees: N 1
		{S, words.Score{Value: 299}, true, false},  // below: South's run resets
		{N, words.Score{Value: -500}, true, false}, // N 2
		{S, words.Score{Value: 300}, false, false}, // no score reported: reset
		{S, words.Score{Value: 300}, true, false},  // S 1 (a pass lets South move twice)
		{S, words.Score{Mate: true, Value: 5}, true, true},
	}
	for i, st := range steps {
		w, won := tr.add(st.mover, st.score, st.ok)
		if won != st.won || (won && w != S) {
			t.Fatalf("step %d: %v %v", i, w, won)
		}
	}
	tr = scoreTracker{rule: Adjudication{WinScore: 300, WinMoves: 1}}
	tr.add(S, words.Score{Value: -900}, true)
	if w, won := tr.add(N, words.Score{Value: 900}, true); !won || w != N {
		t.Errorf("North's win: %v %v", w, won)
	}
	// A win or loss the endgame table proves without its margin (cp 100 lowerbound)
	// counts, like a mate, as beyond the threshold.
	tr = scoreTracker{rule: Adjudication{WinScore: 300, WinMoves: 1}}
	tr.add(S, words.Score{Value: -100, Bound: words.Upper}, true)
	if w, won := tr.add(N, words.Score{Value: 100, Bound: words.Lower}, true); !won || w != N {
		t.Errorf("North's proven win: %v %v", w, won)
	}
	off := scoreTracker{}
	if _, won := off.add(S, words.Score{Value: 1e6}, true); won {
		t.Error("adjudicated with the rule off")
	}
}

func TestGroupArgs(t *testing.T) {
	args := []string{"--variant", "adji-boto", "--engine", "name=A", "cmd=./a", "arg=--fast", "--each", "tc=1+0.01",
		"--engine", "name=B cmd=./b", "--rounds", "3", "--sprt", "elo0=0", "elo1=5", "--", "--engine", "x=y"}
	got := GroupArgs(args, "engine", "each", "sprt")
	want := []string{"--variant", "adji-boto", "--engine=name=A" + groupSep + "cmd=./a" + groupSep + "arg=--fast",
		"--each=tc=1+0.01", "--engine=name=B cmd=./b", "--rounds", "3", "--sprt=elo0=0" + groupSep + "elo1=5", "--", "--engine", "x=y"}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("got  %q\nwant %q", got, want)
	}
	if w := SplitGroup(got[2][len("--engine="):]); !reflect.DeepEqual(w, []string{"name=A", "cmd=./a", "arg=--fast"}) {
		t.Errorf("split %q", w)
	}
	if w := SplitGroup("name=B cmd=./b"); !reflect.DeepEqual(w, []string{"name=B", "cmd=./b"}) {
		t.Errorf("split %q", w)
	}
}

func TestParseEngineSpec(t *testing.T) {
	e, err := ParseEngineSpec([]string{"option.Hash=16", "tc=10+0.1", "name=A", "cmd=/bin/eng", "arg=-x", "arg=y z",
		"option.Search=mcts", "option.Hash=32", "depth=4", "env=K=V", "dir=/tmp"})
	if err != nil {
		t.Fatal(err)
	}
	want := EngineSpec{Name: "A", Cmd: "/bin/eng", Args: []string{"-x", "y z"}, Dir: "/tmp", Env: []string{"K=V"},
		Options: []client.Option{{Name: "Hash", Value: "32"}, {Name: "Search", Value: "mcts"}},
		Limits:  Limits{TC: TimeControl{Base: 10 * time.Second, Inc: 100 * time.Millisecond}, Depth: 4}}
	if !reflect.DeepEqual(e, want) {
		t.Errorf("got  %+v\nwant %+v", e, want)
	}
	// cutechess-cli's spellings: proto=uci, st= for movetime, tc=inf.
	if e, err := ParseEngineSpec([]string{"cmd=./x", "proto=uci", "st=0.5", "tc=inf"}); err != nil ||
		e.Limits != (Limits{TC: TimeControl{Infinite: true}, MoveTime: 500 * time.Millisecond}) {
		t.Errorf("cutechess words: %+v %v", e, err)
	}
	if e, err := ParseEngineSpec([]string{"cmd=./x"}); err != nil || e.Name != "./x" {
		t.Errorf("default name: %+v %v", e, err)
	}
	for _, bad := range [][]string{{"name=A"}, {"cmd=x", "colour=red"}, {"cmd=x", "depth=0"}, {"cmd=x", "nodes=-3"},
		{"cmd=x", "tc=fast"}, {"cmd=x", "movetime=0"}, {"cmd=x", "env=NOVALUE"}, {"cmd=x", "justaword"}, {"cmd=x", "option.=3"}, {"cmd=x", "proto=xboard"}, {"cmd=x", "st=-1"}} {
		if _, err := ParseEngineSpec(bad); err == nil {
			t.Errorf("%q accepted", bad)
		}
	}
}

func TestParseSPRT(t *testing.T) {
	s, err := ParseSPRT([]string{"elo0=-1.5", "elo1=4", "beta=0.1"})
	if err != nil || s.Elo0 != -1.5 || s.Elo1 != 4 || s.Alpha != 0.05 || s.Beta != 0.1 {
		t.Errorf("%+v %v", s, err)
	}
	for _, bad := range [][]string{{"elo0=0"}, {"elo0=5", "elo1=0"}, {"elo0=0", "elo1=x"}, {"elo0=0", "elo1=5", "gamma=1"}, {"elo0=0", "elo1=5", "alpha=0.7"}} {
		if _, err := ParseSPRT(bad); err == nil {
			t.Errorf("%q accepted", bad)
		}
	}
}
