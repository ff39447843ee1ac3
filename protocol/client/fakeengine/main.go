package fakeengine

import (
	"os"
	"testing"
)

// Main is a TestMain for packages whose tests re-execute their own test binary as a
// fake engine: in a process started with Env set it plays that engine on stdin and
// stdout, otherwise it runs the tests.
func Main(m *testing.M) {
	if kind := os.Getenv(Env); kind != "" {
		os.Exit(Run(kind, os.Stdin, os.Stdout))
	}
	os.Exit(m.Run())
}
