package protocol

import (
	"strings"
	"testing"

	"mancala/board"
	"mancala/protocol/client"
)

// TestScoresStayWithinReachAndCarryWDL: the position of Adji Kui I (3 seeds
// behind, 45 on the board) is reported as a seed margin it can still reach; with
// UCI_ShowWDL on every info line carries wdl chances summing to 1000, and without it
// none does.
func TestScoresStayWithinReachAndCarryWDL(t *testing.T) {
	const fen = "8,3,7,0,1,6/1,7,0,6,6,0 S 0 3 -"
	p, err := board.AdjiKui1.Get().ParsePosition(fen)
	if err != nil {
		t.Fatal(err)
	}
	for _, show := range []bool{false, true} {
		s := newSession(t, realConfig())
		s.exchange("setoption name Variant value adji-kui-1", "setoption name MultiPV value 3")
		if show {
			s.exchange("setoption name UCI_ShowWDL value true")
		}
		s.send("position fen "+fen, "go depth 7")
		lines := 0
		for _, l := range s.until("bestmove") {
			if !strings.HasPrefix(l, "info") {
				continue
			}
			lines++
			in, err := client.ParseInfo(l)
			if err != nil || !in.HasScore {
				t.Fatalf("%q: %v", l, err)
			}
			if !in.Score.Mate && (in.Score.Value < -100*(3+p.SeedsOnBoard()) || in.Score.Value > 100*(p.SeedsOnBoard()-3)) {
				t.Errorf("%q: a margin the position cannot reach", l)
			}
			if in.HasWDL != show || (show && in.WDL[0]+in.WDL[1]+in.WDL[2] != 1000) {
				t.Errorf("UCI_ShowWDL %v: %q", show, l)
			}
		}
		if lines < 3 {
			t.Errorf("UCI_ShowWDL %v: %d info lines", show, lines)
		}
	}
}

// TestWDLOfAProvenResultIsCertain: a mate the search finds is reported with certain
// chances.
func TestWDLOfAProvenResultIsCertain(t *testing.T) {
	s := newSession(t, realConfig())
	s.exchange("setoption name Variant value adji-kui-1", "setoption name UCI_ShowWDL value true")
	s.send("position fen 1,0,0,0,0,0/2,0,0,0,0,1 S 20 24 -", "go depth 12")
	got := s.until("bestmove")
	if len(got) < 2 {
		t.Fatalf("got %q", got)
	}
	last := got[len(got)-2]
	in, err := client.ParseInfo(last)
	if err != nil {
		t.Fatal(err)
	}
	want := [3]int{1000, 0, 0}
	if in.Score.Value < 0 {
		want = [3]int{0, 0, 1000}
	}
	if !in.Score.Mate || in.WDL != want {
		t.Errorf("%q: want a mate with certain chances", last)
	}
}
