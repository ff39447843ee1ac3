package gui

import (
	"encoding/json"
	"strings"
	"testing"

	"mancala/protocol/tournament"
)

// TestPickRecordReadsACutFile: the loader reads records with the runner's reader:
// a game before a last line cut short still loads, the cut game is reported as cut
// short, and a last line that only lacks its newline loads.
func TestPickRecordReadsACutFile(t *testing.T) {
	var text string
	for g := 1; g <= 2; g++ {
		line, err := json.Marshal(&tournament.Record{Game: g, Variant: "adji-kui-1", Result: "*"})
		if err != nil {
			t.Fatal(err)
		}
		text += string(line) + "\n"
	}
	cut := text[:len(text)-10]
	if rec, err := pickRecord(cut, 1); err != nil || rec.Game != 1 {
		t.Errorf("game 1 before a cut line: %+v, %v", rec, err)
	}
	if _, err := pickRecord(cut, 2); err == nil || !strings.Contains(err.Error(), "line 2, the last, is cut short") {
		t.Errorf("the cut game: %v", err)
	}
	if rec, err := pickRecord(strings.TrimSuffix(text, "\n"), 2); err != nil || rec.Game != 2 {
		t.Errorf("a last line without its newline: %+v, %v", rec, err)
	}
	if _, err := pickRecord("{\n"+text, 2); err == nil || !strings.Contains(err.Error(), "record line 1 is not a game record") {
		t.Errorf("a damaged line before the game: %v", err)
	}
}
