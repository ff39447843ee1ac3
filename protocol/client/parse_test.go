package client

import (
	"reflect"
	"strings"
	"testing"

	"mancala/search/words"
)

func TestParseInfo(t *testing.T) {
	in, err := ParseInfo("info depth 7 seldepth 9 multipv 2 score cp -35 nodes 12345 nps 1000 time 12 pv c1 d2 pass")
	if err != nil {
		t.Fatal(err)
	}
	want := Info{Depth: 7, MultiPV: 2, Nodes: 12345, NPS: 1000, TimeMS: 12, Score: words.Score{Value: -35}, HasScore: true, PV: []string{"c1", "d2", "pass"}}
	if !reflect.DeepEqual(in, want) {
		t.Errorf("got %+v, want %+v", in, want)
	}
	in, err = ParseInfo("info score mate -3 lowerbound depth 4")
	if err != nil || in.Score != (words.Score{Mate: true, Value: -3}) || in.Depth != 4 {
		t.Errorf("mate: %+v, %v", in, err)
	}
	// The engine's proven margins and UCI's bounds are read into the score; wdl
	// into its chances.
	for text, want := range map[string]words.Score{
		"info depth 3 score cp 400 exact wdl 1000 0 0 nodes 5": {Value: 400, Bound: words.Exact},
		"info score cp 100 lowerbound depth 3 wdl 1000 0 0":    {Value: 100, Bound: words.Lower},
		"info score cp -100 upperbound wdl 0 0 1000":           {Value: -100, Bound: words.Upper},
		"info score cp 37 wdl 412 301 287 pv a1":               {Value: 37},
	} {
		in, err := ParseInfo(text)
		if err != nil || in.Score != want || !in.HasWDL || in.WDL[0]+in.WDL[1]+in.WDL[2] != 1000 {
			t.Errorf("%q: %+v, %v", text, in, err)
		}
	}
	in, err = ParseInfo("info string error: unknown command")
	if err != nil || in.String != "error: unknown command" || in.HasScore {
		t.Errorf("string: %+v, %v", in, err)
	}
	for _, bad := range []string{"info depth x", "info score cp", "info score pawns 3", "info nodes -1", "info multipv two", "info nps", "info time -5", "bestmove a1",
		"info score cp 3 wdl 500 500", "info score cp 3 wdl 500 400 50", "info wdl 1001 0 -1", "info wdl a b c"} {
		if _, err := ParseInfo(bad); err == nil {
			t.Errorf("%q accepted", bad)
		}
	}
}

func TestParseBestMove(t *testing.T) {
	m, p, err := ParseBestMove("bestmove c1 ponder d2")
	if err != nil || m != "c1" || p != "d2" {
		t.Errorf("%q %q %v", m, p, err)
	}
	if _, _, err := ParseBestMove("bestmove"); err == nil {
		t.Error("bare bestmove accepted")
	}
}

func TestParseOption(t *testing.T) {
	o, err := ParseOption("option name Move Overhead type spin default 10 min 0 max 5000")
	want := OptionSpec{Name: "Move Overhead", Type: "spin", Default: "10", Min: "0", Max: "5000"}
	if err != nil || !reflect.DeepEqual(o, want) {
		t.Errorf("got %+v %v", o, err)
	}
	o, err = ParseOption("option name Search type combo default alphabeta var alphabeta var mcts")
	if err != nil || !reflect.DeepEqual(o.Vars, []string{"alphabeta", "mcts"}) || o.Default != "alphabeta" {
		t.Errorf("combo: %+v %v", o, err)
	}
	for _, bad := range []string{"option name X type spin default 1", "option name X type colour", "option type check", "option name Y type combo default a"} {
		if _, err := ParseOption(bad); err == nil {
			t.Errorf("%q accepted", bad)
		}
	}
}

func TestCheckOption(t *testing.T) {
	declared := []OptionSpec{
		{Name: "Hash", Type: "spin", Min: "1", Max: "1024"},
		{Name: "Search", Type: "combo", Vars: []string{"alphabeta", "mcts"}},
		{Name: "Ponder", Type: "check"},
		{Name: "Clear Hash", Type: "button"},
		{Name: "Book", Type: "string"},
	}
	for _, good := range []Option{{Name: "Hash", Value: "1"}, {Name: "hash", Value: "1024"}, {Name: "Search", Value: "MCTS"}, {Name: "Ponder", Value: "true"},
		{Name: "Ponder", Value: "False"}, {Name: "Clear Hash", Value: ""}, {Name: "Book", Value: "any thing"}, {Name: "Book", Value: ""}} {
		if err := CheckOption(declared, good); err != nil {
			t.Errorf("%+v refused: %v", good, err)
		}
	}
	for _, bad := range []Option{{Name: "Hash", Value: "0"}, {Name: "Hash", Value: "1025"}, {Name: "Hash", Value: "1.5"}, {Name: "Hash", Value: ""}, {Name: "Search", Value: "mtcs"},
		{Name: "Ponder", Value: "1"}, {Name: "Clear Hash", Value: "now"}, {Name: "Threads", Value: "2"}} {
		err := CheckOption(declared, bad)
		if err == nil || !strings.Contains(err.Error(), "option "+bad.Name) {
			t.Errorf("%+v: err = %v", bad, err)
		}
	}
}
