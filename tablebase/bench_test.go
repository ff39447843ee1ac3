package tablebase

import (
	"testing"

	"mancala/board"
)

// BenchmarkBuild builds the Adji Kui I and Je ki n je tables up to 7 seeds with one
// worker; with -cpuprofile it shows where a build spends its time.
func BenchmarkBuild(b *testing.B) {
	for _, id := range []board.VariantID{board.AdjiKui1, board.JeKiNJe} {
		b.Run(id.Get().Name, func(b *testing.B) {
			for b.Loop() {
				if _, err := Build(id.Get(), 7, Options{Workers: 1}); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
