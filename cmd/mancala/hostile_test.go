package main

import (
	"bufio"
	"encoding/binary"
	"errors"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/cespare/xxhash/v2"

	"mancala/board"
	"mancala/protocol/printable"
	"mancala/tablebase"
)

// craftedFolders builds Adji Kui I's table to 6 seeds and returns folders in which
// the file of 6 seeds is replaced: by a named pipe (where the system has them), by a
// link to /dev/zero, and by the real file with its name length (offset 12) set to
// 200 and its checksum fixed (issue 23: the name then runs into the entries, NULs
// and control bytes). The smaller files are links to the real ones.
func craftedFolders(t *testing.T) map[string]string {
	t.Helper()
	src := t.TempDir()
	if status, out, errOut := runWith([]string{"tablebase", "build", "--variant", "adji-kui-1", "--seeds", "6", "--dir", src, "--workers", "1"}, ""); status != 0 {
		t.Fatalf("build: status %d\n%s%s", status, out, errOut)
	}
	v := board.AdjiKui1.Get()
	last := tablebase.FileName(v, 6)
	folders := map[string]string{}
	for name, create := range map[string]func(path string) error{
		"named pipe": makeNamedPipe,
		"dev zero":   func(p string) error { return os.Symlink("/dev/zero", p) },
		"long name": func(p string) error {
			data, err := os.ReadFile(filepath.Join(src, last))
			if err != nil {
				return err
			}
			data[12] = 200
			return os.WriteFile(p, withChecksum(data), 0o644)
		},
	} {
		dir := t.TempDir()
		for k := 0; k < 6; k++ {
			f := tablebase.FileName(v, k)
			if err := os.Symlink(filepath.Join(src, f), filepath.Join(dir, f)); err != nil {
				t.Fatal(err)
			}
		}
		if err := create(filepath.Join(dir, last)); errors.Is(err, errors.ErrUnsupported) {
			t.Logf("%s: %v", name, err)
			continue
		} else if err != nil {
			t.Fatal(err)
		}
		folders[name] = dir
	}
	return folders
}

// withChecksum writes the xxhash64 of a table file's body into its last 8 bytes, as
// the builder does (docs/tablebase.md).
func withChecksum(data []byte) []byte {
	body := data[:len(data)-8]
	binary.LittleEndian.PutUint64(data[len(body):], xxhash.Sum64(body))
	return data
}

// TestCraftedTableFolders: each crafted folder is refused with one printable line,
// by the engine's TablebasePath (which then answers isready and keeps working) and
// by tablebase probe, and neither blocks nor reads without limit.
func TestCraftedTableFolders(t *testing.T) {
	want := map[string]string{"named pipe": "is a named pipe, not a regular file",
		"dev zero": "is a device, not a regular file", "long name": `a table of "adji-kui-1\x06\x00`}
	for name, dir := range craftedFolders(t) {
		t.Run(name, func(t *testing.T) {
			got := engineLines(t, "setoption name Variant value adji-kui-1",
				"setoption name TablebasePath value "+dir, "isready", "position startpos", "d", "isready")
			checkPrintable(t, got)
			if len(got) < 2 || !strings.HasPrefix(got[0], "info string error: setoption TablebasePath: table file ") ||
				!strings.Contains(got[0], want[name]) || got[1] != "readyok" {
				t.Errorf("engine: %q, want one error line saying %q, then readyok", got, want[name])
			}
			if got[len(got)-1] != "readyok" || !strings.HasPrefix(got[len(got)-2], "Result:") {
				t.Errorf("engine after the refusal: %q, want the board shown, then readyok", got[2:])
			}
			status, out, errOut := runWith([]string{"tablebase", "probe", "--dir", dir, "adji-kui-1",
				"1,0,0,0,0,0/2,0,0,0,0,1", "S", "20", "24", "-"}, "")
			checkPrintable(t, strings.Split(strings.TrimSuffix(errOut, "\n"), "\n"))
			if status != 1 || out != "" || strings.Count(errOut, "\n") != 1 || !strings.Contains(errOut, want[name]) {
				t.Errorf("probe: status %d, stdout %q, stderr %q", status, out, errOut)
			}
		})
	}
}

// engineLines runs the engine, sends it the commands, and returns its output up to
// the answer to the last isready; the input stays open until then (its end would
// mean quit).
func engineLines(t *testing.T, commands ...string) []string {
	t.Helper()
	inR, inW := io.Pipe()
	outR, outW := io.Pipe()
	done := make(chan int, 1)
	go func() {
		done <- run(nil, stdio{in: inR, out: outW, err: io.Discard})
		outW.Close()
	}()
	go io.WriteString(inW, strings.Join(commands, "\n")+"\n")
	readies := strings.Count(strings.Join(commands, "\n"), "isready")
	var got []string
	sc := bufio.NewScanner(outR)
	for readies > 0 && sc.Scan() {
		got = append(got, sc.Text())
		if sc.Text() == "readyok" {
			readies--
		}
	}
	inW.Close()
	go io.Copy(io.Discard, outR)
	if status := <-done; status != 0 {
		t.Errorf("engine exit status %d", status)
	}
	return got
}

// checkPrintable fails the test for each line that is not one printable line.
func checkPrintable(t *testing.T, lines []string) {
	t.Helper()
	for _, l := range lines {
		if !printable.IsLine(l) {
			t.Errorf("line %q is not printable text", l)
		}
	}
}
