package tablebase

import (
	"testing"

	"mancala/board"
)

func TestQuick(t *testing.T) {
	for _, v := range []board.VariantID{board.AdjiKui1, board.JeKiNJe, board.AdjiBoto} {
		_, err := Build(v.Get(), 8, Options{Layer: func(s LayerStats) { t.Logf("%s %+v", v.Get().Name, s) }})
		if err != nil {
			t.Fatal(err)
		}
	}
}
