package protocol

import (
	"fmt"
	"strings"
	"testing"
	"time"
)

// BenchmarkStopLatency measures the time from sending stop to reading bestmove while
// the real searcher runs go infinite in the middle of a Je ki n je game (the
// protocol promises well under 100 ms), with one thread and with more threads than
// cores. Each search first runs until it has printed its first info line. It reports
// the mean and the worst stop; measure it with busy neighbours too, e.g.
//
//	(yes >/dev/null & yes >/dev/null & go test -run XXX -bench StopLatency -benchtime 20x ./protocol; kill %1 %2)
func BenchmarkStopLatency(b *testing.B) {
	for _, alg := range []string{"alphabeta", "mcts"} {
		for _, threads := range []int{1, 64} {
			b.Run(fmt.Sprintf("%s/threads=%d", alg, threads), func(b *testing.B) {
				s := newSession(b, realConfig())
				s.exchange("setoption name Search value "+alg, "setoption name Hash value 1",
					fmt.Sprintf("setoption name Threads value %d", threads), "position startpos moves c1 a2 b1")
				var total, worst time.Duration
				for i := 0; i < b.N; i++ {
					s.send("go infinite")
					s.until("info depth")
					start := time.Now()
					s.send("stop")
					for l := s.next(); !strings.HasPrefix(l, "bestmove"); l = s.next() {
					}
					d := time.Since(start)
					total, worst = total+d, max(worst, d)
				}
				b.ReportMetric(float64(total.Microseconds())/float64(b.N)/1000, "ms/stop")
				b.ReportMetric(float64(worst.Microseconds())/1000, "ms-worst")
			})
		}
	}
}

// BenchmarkMoveTimeOverrun measures how long after go movetime 100 the bestmove
// arrives, beyond the 100 ms (negative: early), with one thread and with more threads
// than cores.
func BenchmarkMoveTimeOverrun(b *testing.B) {
	for _, alg := range []string{"alphabeta", "mcts"} {
		for _, threads := range []int{1, 64} {
			b.Run(fmt.Sprintf("%s/threads=%d", alg, threads), func(b *testing.B) {
				s := newSession(b, realConfig())
				s.exchange("setoption name Search value "+alg, "setoption name Hash value 1",
					fmt.Sprintf("setoption name Threads value %d", threads), "position startpos moves c1 a2 b1")
				var total, worst time.Duration
				for i := 0; i < b.N; i++ {
					start := time.Now()
					s.send("go movetime 100")
					for l := s.next(); !strings.HasPrefix(l, "bestmove"); l = s.next() {
					}
					d := time.Since(start) - 100*time.Millisecond
					total, worst = total+d, max(worst, d)
				}
				b.ReportMetric(float64(total.Microseconds())/float64(b.N)/1000, "ms-over")
				b.ReportMetric(float64(worst.Microseconds())/1000, "ms-worst-over")
			})
		}
	}
}

// BenchmarkIsReadyDuringSearch measures the round trip of isready while a search runs.
func BenchmarkIsReadyDuringSearch(b *testing.B) {
	s := newSession(b, realConfig())
	s.exchange("setoption name Hash value 1")
	s.send("go infinite")
	s.until("info depth")
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		s.send("isready")
		for l := s.next(); l != "readyok"; l = s.next() {
		}
	}
	b.StopTimer()
	s.send("stop")
	s.until("bestmove")
}
