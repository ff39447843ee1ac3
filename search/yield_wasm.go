package search

import (
	"runtime"
	"time"
)

// hostYieldEvery is how often Yield also lets the host (Node, a browser) run.
const hostYieldEvery = 50 * time.Millisecond

// lastHostYield is when Yield last let the host run (WebAssembly has one thread).
var lastHostYield time.Time

// Yield lets other goroutines run, and now and then the host's event loop. Under
// WebAssembly the Go scheduler runs on one thread and never preempts a goroutine, so
// a search that did not yield would keep the goroutine carrying its stop from
// running; and the host delivers input (standard input read through Node) only
// while Go is idle, so every hostYieldEvery Yield sleeps a millisecond.
func Yield() {
	runtime.Gosched()
	if now := time.Now(); now.Sub(lastHostYield) >= hostYieldEvery {
		time.Sleep(time.Millisecond)
		lastHostYield = time.Now()
	}
}
