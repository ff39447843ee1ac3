package protocol

import (
	"strings"
	"testing"
	"time"
)

// BenchmarkStopLatency measures the time from sending stop to reading bestmove while
// the real searcher runs go infinite in the middle of a Je ki n je game (the
// protocol promises well under 100 ms). Each search first runs until it has printed
// its first info line.
func BenchmarkStopLatency(b *testing.B) {
	for _, alg := range []string{"alphabeta", "mcts"} {
		b.Run(alg, func(b *testing.B) {
			s := newSession(b, realConfig())
			s.exchange("setoption name Search value "+alg, "setoption name Hash value 1",
				"position startpos moves c1 a2 b1")
			var total time.Duration
			for i := 0; i < b.N; i++ {
				s.send("go infinite")
				s.until("info depth")
				start := time.Now()
				s.send("stop")
				for l := s.next(); !strings.HasPrefix(l, "bestmove"); l = s.next() {
				}
				total += time.Since(start)
			}
			b.ReportMetric(float64(total.Microseconds())/float64(b.N), "µs/stop")
		})
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
