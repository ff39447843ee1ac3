package tablebase

import (
	"bytes"
	"encoding/binary"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/cespare/xxhash/v2"

	"mancala/board"
	"mancala/protocol/printable"
)

// buildFiles builds the files of v up to k seeds into a new folder.
func buildFiles(t *testing.T, v *board.Variant, k int) string {
	t.Helper()
	dir := t.TempDir()
	if _, err := Build(v, k, Options{Dir: dir, Workers: 1}); err != nil {
		t.Fatal(err)
	}
	return dir
}

// resum writes a correct checksum at the end of a file's bytes.
func resum(data []byte) []byte {
	body := data[:len(data)-8]
	binary.LittleEndian.PutUint64(data[len(body):], xxhash.Sum64(body))
	return data
}

// openWithin opens the table of v in dir, failing the test if Open does not return
// (a hang, not a measure of speed: the limit is far beyond any real open).
func openWithin(t *testing.T, dir string, v *board.Variant) error {
	t.Helper()
	done := make(chan error, 1)
	go func() {
		_, err := Open(dir, v)
		done <- err
	}()
	select {
	case err := <-done:
		return err
	case <-time.After(time.Minute):
		t.Fatalf("Open(%s) blocked", dir)
	}
	return nil
}

// TestSpecialFilesAreRefused: a named pipe, a link to an endless device, a folder and
// a file with bytes beyond the table's size, in a seed count's place, are each
// refused with one line naming the file, without reading them (the pipe has no
// writer, so opening it to read would wait for ever).
func TestSpecialFilesAreRefused(t *testing.T) {
	v := board.AdjiKui1.Get()
	src := buildFiles(t, v, 8)
	for _, c := range []struct {
		name   string
		create func(path string) error
		want   string
	}{
		{"named pipe", makeNamedPipe, "is a named pipe, not a regular file"},
		{"link to dev zero", func(p string) error { return os.Symlink("/dev/zero", p) }, "is a device, not a regular file"},
		{"folder", func(p string) error { return os.Mkdir(p, 0o755) }, "is a directory, not a regular file"},
		{"endless file", func(p string) error {
			// The real file, then zeros to a gigabyte that takes no room on disk.
			data, err := os.ReadFile(filepath.Join(src, FileName(v, 8)))
			if err == nil {
				err = os.WriteFile(p, data, 0o644)
			}
			if err == nil {
				err = os.Truncate(p, 1<<30)
			}
			return err
		}, "damaged: 1073741824 bytes"},
	} {
		t.Run(c.name, func(t *testing.T) {
			dir := t.TempDir()
			for k := 0; k < 8; k++ {
				if err := os.Symlink(filepath.Join(src, FileName(v, k)), filepath.Join(dir, FileName(v, k))); err != nil {
					t.Fatal(err)
				}
			}
			if err := c.create(filepath.Join(dir, FileName(v, 8))); errors.Is(err, errors.ErrUnsupported) {
				t.Skip(err)
			} else if err != nil {
				t.Fatal(err)
			}
			err := openWithin(t, dir, v)
			if err == nil || !strings.Contains(err.Error(), c.want) || !strings.Contains(err.Error(), FileName(v, 8)) ||
				!printable.IsLine(err.Error()) {
				t.Errorf("error %v, want one line naming %s and saying %q", err, FileName(v, 8), c.want)
			}
		})
	}
}

// TestHostileVariantNameIsQuoted: a file whose variant name is 200 bytes of what
// follows it in the file (NUL, control bytes, invalid UTF-8), with a correct
// checksum, is refused with one printable line.
func TestHostileVariantNameIsQuoted(t *testing.T) {
	v := board.AdjiKui1.Get()
	dir := buildFiles(t, v, 4) // 4 seeds: a file long enough for the 200 bytes
	path := filepath.Join(dir, FileName(v, 4))
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	data[len(magic)+4] = 200
	copy(data[len(magic)+5:], "\x00\x1b[2J\r\nbestmove a1\n\xff\xfe")
	if err := os.WriteFile(path, resum(data), 0o644); err != nil {
		t.Fatal(err)
	}
	_, err = Open(dir, v)
	if err == nil || !printable.IsLine(err.Error()) || !strings.Contains(err.Error(), `a table of "\x00\x1b[2J\r\nbestmove a1\n\xff\xfe`) {
		t.Fatalf("error %q, want one printable line quoting the name", err)
	}
	if len(err.Error()) > 300 {
		t.Errorf("error of %d bytes: the name is not cut", len(err.Error()))
	}
}

// FuzzReadLayer: whatever a table file holds, loading it returns an error of one
// printable line naming the file, or entries that are all within bounds, and never
// panics. The seeds are real files of 0 to 3 seeds of Adji Kui I. Each input is
// decoded in memory as each of them, as it is and with its checksum made right (so
// that mutations reach the checks behind the checksum: the name, the header, the
// bounds), and the last of those is also written and loaded with ReadLayer (the size
// check, then the decoder) as the seed count whose size it has, if any.
func FuzzReadLayer(f *testing.F) {
	v := board.AdjiKui1.Get()
	dir := f.TempDir()
	if _, err := Build(v, 3, Options{Dir: dir, Workers: 1}); err != nil {
		f.Fatal(err)
	}
	for k := 0; k <= 3; k++ {
		data, err := os.ReadFile(filepath.Join(dir, FileName(v, k)))
		if err != nil {
			f.Fatal(err)
		}
		f.Add(data)
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		inputs := [][]byte{data}
		if len(data) >= 8 {
			inputs = append(inputs, resum(bytes.Clone(data)))
		}
		for _, in := range inputs {
			for k := 0; k <= 3; k++ {
				layer, err := decodeLayer(in, v, k)
				checkLoaded(t, in, v, k, layer, err)
			}
		}
		in, k := inputs[len(inputs)-1], 0
		for k < 3 && fileSize(v, k) != int64(len(in)) {
			k++
		}
		path := filepath.Join(dir, FileName(v, k))
		if err := os.WriteFile(path, in, 0o644); err != nil {
			t.Fatal(err)
		}
		layer, err := ReadLayer(dir, v, k)
		if err != nil && !strings.Contains(err.Error(), path) {
			t.Fatalf("error %q does not name the file", err)
		}
		checkLoaded(t, in, v, k, layer, err)
	})
}

// checkLoaded checks what loading data as the file of k seeds of v gave: an error of
// one short printable line, or entries that are all within bounds.
func checkLoaded(t *testing.T, data []byte, v *board.Variant, k int, layer []byte, err error) {
	t.Helper()
	if err != nil {
		if msg := err.Error(); !printable.IsLine(msg) || len(msg) > 400 {
			t.Fatalf("seeds %d: error %q is not one short printable line", k, msg)
		}
		return
	}
	if uint64(len(layer)) != 2*layerSize(k, v.Holes()) || int64(len(data)) != fileSize(v, k) {
		t.Fatalf("seeds %d: accepted %d bytes with %d entry bytes", k, len(data), len(layer))
	}
	for i := 0; i < len(layer); i += 2 {
		if lo, hi := int(int8(layer[i])), int(int8(layer[i+1])); lo < -k || lo > hi || hi > k {
			t.Fatalf("seeds %d: accepted bounds %d..%d", k, lo, hi)
		}
	}
}
