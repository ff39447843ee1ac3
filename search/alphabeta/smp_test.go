package alphabeta

import (
	"testing"

	"mancala/board"
	"mancala/search"
)

// TestDeeperHelperLineIsTheAnswer gives a helper thread a finished line one ply deeper
// than the main thread's, starting with another root move, and checks that the
// answer is that line, announced by a last info line of its depth; and that a helper
// line no deeper than the main thread's is ignored.
func TestDeeperHelperLineIsTheAnswer(t *testing.T) {
	p := mustPosition(t, "adji-kui-1", "")
	ab := New(search.Options{HashMB: 1, Threads: 2})
	res, _ := searchInfos(ab, []board.Position{p}, search.Limits{Depth: 4})
	ab.settle()
	main, helper := ab.threads[0], ab.threads[1]
	var infos []search.Info
	main.run.req.Info = func(i search.Info) { infos = append(infos, i) }
	other := main.rootMoves[len(main.rootMoves)-1]
	if other.move == res.Best {
		t.Fatal("the position needs two root moves")
	}
	for _, c := range []struct {
		depth int
		want  board.Move
	}{{main.depthDone, res.Best}, {main.depthDone + 1, other.move}} {
		infos = nil
		f := &helper.finished
		f.depth, f.score, f.pvLen = c.depth, 77, 2
		f.pv[0], f.pv[1] = other.move, other.pv[1]
		got := main.result()
		if got.Best != c.want {
			t.Errorf("helper depth %d, main %d: answer %v, want %v", c.depth, main.depthDone, got.Best, c.want)
		}
		if c.want != other.move {
			if len(infos) != 0 {
				t.Errorf("helper depth %d: %d info lines for the main thread's own answer", c.depth, len(infos))
			}
			continue
		}
		if got.Ponder != other.pv[1] || got.Score != search.ToScore(77) {
			t.Errorf("answer %+v, want ponder %v and the helper's score", got, other.pv[1])
		}
		if len(infos) != 1 || infos[0].Depth != c.depth || infos[0].PV[0] != other.move || infos[0].Score != got.Score {
			t.Errorf("info lines %+v, want one for the helper's line at depth %d", infos, c.depth)
		}
	}
}

// TestAnswerMatchesLastInfoWithThreads checks with two threads, in positions of every
// game, that the last info line and the answer agree on the move, the reply and the
// score, whichever thread's line was chosen.
func TestAnswerMatchesLastInfoWithThreads(t *testing.T) {
	depth := 9
	if raceEnabled {
		depth = 6
	}
	for _, v := range board.Samples() {
		name := v.Name
		ab := New(search.Options{HashMB: 4, Threads: 2})
		res, infos := searchInfos(ab, []board.Position{mustPosition(t, name, "")}, search.Limits{Depth: depth})
		last := infos[len(infos)-1]
		if last.PV[0] != res.Best || last.Score != res.Score || (len(last.PV) > 1 && last.PV[1] != res.Ponder) {
			t.Errorf("%s: answer %+v, last info %+v", name, res, last)
		}
	}
}
