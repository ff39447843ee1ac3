package main

import (
	"bytes"
	"compress/gzip"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestCataloguePage builds the page from a small catalogue: Wari (a game the project
// ships) with a transcript and a match, and a rounds game it refuses. The row of each
// says what the inputs hold, and perft starts as the shipped game's does.
func TestCataloguePage(t *testing.T) {
	dir := t.TempDir()
	write := func(name string, data []byte) {
		if err := os.WriteFile(filepath.Join(dir, name), data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write("Wari.txt", []byte(`{"game_class": "Mancala", "game_constants": {"holes": 6, "nbr_start": 4},
 "game_info": {"name": "Wari", "capt_on": [2, 3], "multicapt": -1, "mustshare": true, "capt_side": 1,
 "skip_start": true, "stores": true}}`))
	write("Roundish.txt", []byte(`{"game_class": "Mancala", "game_constants": {"holes": 6, "nbr_start": 4},
 "game_info": {"stores": true, "rounds": 3}}`))
	write("_all_params.txt", []byte(`{}`))
	var z bytes.Buffer
	w := gzip.NewWriter(&z)
	// five moves, and an entry that starts a new round, which is no move
	w.Write([]byte(`{"plies": [{"move": 1}, {"move": 2}, {"move": "pass"}]}` + "\n" + `{"plies": [{"move": [0, 1]}, {"new_round": true}, {"move": 3}]}` + "\n"))
	w.Close()
	write("Wari.jsonl.gz", z.Bytes())
	write("wari.jsonl", []byte(`{"game":1,"south":"mancala","north":"stoneshark","result":"1-0","moves":[{"move":"a1","score":"cp 30"}]}
{"game":2,"south":"stoneshark","north":"mancala","result":"1/2-1/2","moves":[{"move":"a1"},{"move":"b2","score":"mate -9"}]}
`))
	bal := t.TempDir()
	err := os.WriteFile(filepath.Join(bal, "wari.jsonl"), []byte(`{"game":1,"south":"mancala","north":"stoneshark","result":"1-0","moves":[{"move":"a1","score":"cp 30"}]}
{"game":2,"south":"stoneshark","north":"mancala","result":"0-1","moves":[{"move":"a1"},{"move":"b2","score":"cp -250"}]}
`), 0o644)
	if err != nil {
		t.Fatal(err)
	}
	var out bytes.Buffer
	if err := run([]string{"--stoneshark", dir, "--transcripts", dir, "--level2", dir, "--balanced", bal}, &out); err != nil {
		t.Fatal(err)
	}
	page := out.String()
	for _, want := range []string{
		"| Roundish | refused: `rounds = 3` not supported yet |",
		"at difficulty 2, from any opening: 1.5 of 2 points (75.0%); 0 of the 1 games matched scored 90% or more; 1 games begun behind (1 proved lost), and in the 1 others 1.0 points (100.0%).",
		"at difficulty 2, from balanced openings: 2.0 of 2 points (100.0%); 1 of the 1 games matched scored 90% or more; 1 games begun behind (0 proved lost), and in the 1 others 1.0 points (100.0%).",
		"DECIDED=16 BALANCE=1000 bench/stoneshark-matches.sh 2 5 " + bal + " wari    # the same from balanced openings",
		// six holes to play, then six for the other side: 6 and 36; then fewer
		"| Wari | `wari` | 5 | 1.5/2 (75%), 1 begun behind (1 proved lost) | 2/2 (100%), 1 begun behind |  | 6, 36, ",
		"1 of StoneShark's 2 games",
		"go run ./cmd/catalogue --stoneshark " + dir,
	} {
		if !strings.Contains(page, want) {
			t.Errorf("the page lacks %q:\n%s", want, page)
		}
	}
	if err := run([]string{"--stoneshark", t.TempDir()}, &out); err == nil {
		t.Errorf("an empty folder gave no error")
	}
}
