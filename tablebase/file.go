package tablebase

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"github.com/cespare/xxhash/v2"

	"mancala/board"
)

// FormatVersion is the version of the file layout; files of another version are
// refused.
const FormatVersion = 1

// magic opens every table file.
var magic = [8]byte{'M', 'N', 'C', 'L', 'T', 'B', '\r', '\n'}

// FileName is the name of the file of seed count k of variant v, e.g. "adji-kui-1-07.tb".
func FileName(v *board.Variant, k int) string { return fmt.Sprintf("%s-%02d.tb", v.Name, k) }

// identity is what a file names its game by: the name of a game of named rules; for
// a game of the generic rules, the name and a hash of its rules (board.Variant.RulesKey), so
// that a table is not read for a game of the same name with other rules (a later
// rule file may give a name new rules) or another board.
func identity(v *board.Variant) string {
	if key := v.RulesKey(); key != "" {
		return fmt.Sprintf("%s rules:%016x", v.Name, xxhash.Sum64String(key))
	}
	return v.Name
}

// header is the fixed part of a file: magic, version, the game's identity, seed
// count, hole count and entry count.
func header(v *board.Variant, k int, entries uint64) []byte {
	id := identity(v)
	var b bytes.Buffer
	b.Write(magic[:])
	binary.Write(&b, binary.LittleEndian, uint32(FormatVersion))
	b.WriteByte(byte(len(id)))
	b.WriteString(id)
	binary.Write(&b, binary.LittleEndian, uint16(k))
	b.WriteByte(byte(v.Holes()))
	binary.Write(&b, binary.LittleEndian, entries)
	return b.Bytes()
}

// WriteLayer writes the entries of seed count k (two bytes each) to dir, through a
// temporary file renamed into place so that a reader never sees half a file.
func WriteLayer(dir string, v *board.Variant, k int, layer []byte) error {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	data := append(header(v, k, uint64(len(layer)/2)), layer...)
	data = binary.LittleEndian.AppendUint64(data, xxhash.Sum64(data))
	path := filepath.Join(dir, FileName(v, k))
	tmp := path + ".tmp"
	if err := os.WriteFile(tmp, data, 0o644); err != nil {
		return err
	}
	return os.Rename(tmp, path)
}

// ReadLayer reads and checks the file of seed count k of v in dir, returning its
// entries. The error names the file and what is wrong with it. The file must be a
// regular file of the size its seed count gives, checked before anything is read:
// a named pipe, a device or an overlong file is refused at once.
func ReadLayer(dir string, v *board.Variant, k int) ([]byte, error) {
	path := filepath.Join(dir, FileName(v, k))
	data, err := readFile(path, fileSize(v, k), v)
	if err != nil {
		return nil, err
	}
	layer, err := decodeLayer(data, v, k)
	if err != nil {
		return nil, fmt.Errorf("table file %s: %v", path, err)
	}
	return layer, nil
}

// fileSize is the size in bytes of the file of seed count k of v.
func fileSize(v *board.Variant, k int) int64 {
	n := layerSize(k, v.Holes())
	return int64(len(header(v, k, n))) + 2*int64(n) + 8
}

// readFile reads the file at path, which must be a regular file of size bytes, of
// v's table. It reads at most size bytes, and when the size is wrong it reads only
// enough to tell a file of another kind, version or game from a damaged one.
func readFile(path string, size int64, v *board.Variant) ([]byte, error) {
	// Looked at before it is opened: opening a named pipe to read would wait for a
	// writer. Where the system has named pipes (unix), openFlags also keeps the open
	// from waiting on one put in the file's place after this look.
	fi, err := os.Stat(path)
	if err != nil {
		return nil, err
	}
	if err := checkRegular(path, fi); err != nil {
		return nil, err
	}
	f, err := os.OpenFile(path, os.O_RDONLY|openFlags, 0)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	if fi, err = f.Stat(); err != nil {
		return nil, err
	}
	if err := checkRegular(path, fi); err != nil {
		return nil, err
	}
	data := make([]byte, min(fi.Size(), size))
	if _, err := io.ReadFull(f, data); err != nil {
		return nil, fmt.Errorf("table file %s: %v", path, err)
	}
	if fi.Size() != size {
		if err := checkStart(data); err != nil {
			return nil, fmt.Errorf("table file %s: %v", path, err)
		}
		if err := checkIdentity(data, v); err != nil {
			return nil, fmt.Errorf("table file %s: %v", path, err)
		}
		return nil, fmt.Errorf("table file %s: damaged: %d bytes, the table of its seed count has %d", path, fi.Size(), size)
	}
	return data, nil
}

// checkRegular refuses a table file that is not a regular file, naming its kind.
func checkRegular(path string, fi fs.FileInfo) error {
	if !fi.Mode().IsRegular() {
		return fmt.Errorf("table file %s is %s, not a regular file", path, kindOf(fi.Mode()))
	}
	return nil
}

// kindOf names the kind of a file that is not a regular one.
func kindOf(m fs.FileMode) string {
	switch {
	case m&fs.ModeDir != 0:
		return "a directory"
	case m&fs.ModeNamedPipe != 0:
		return "a named pipe"
	case m&fs.ModeSocket != 0:
		return "a socket"
	case m&fs.ModeDevice != 0:
		return "a device"
	}
	return "a special file"
}

// checkStart checks that data starts as a table file of this program's version.
func checkStart(data []byte) error {
	if len(data) < len(magic)+4 || !bytes.Equal(data[:len(magic)], magic[:]) {
		return errors.New("not an endgame table file")
	}
	if ver := binary.LittleEndian.Uint32(data[len(magic):]); ver != FormatVersion {
		return fmt.Errorf("format version %d, this program reads version %d: rebuild the table", ver, FormatVersion)
	}
	return nil
}

// decodeLayer checks a file's bytes and returns its entries.
func decodeLayer(data []byte, v *board.Variant, k int) ([]byte, error) {
	if err := checkStart(data); err != nil {
		return nil, err
	}
	if len(data) < len(magic)+4+1+8 {
		return nil, errors.New("damaged: too short")
	}
	body, sum := data[:len(data)-8], binary.LittleEndian.Uint64(data[len(data)-8:])
	if xxhash.Sum64(body) != sum {
		return nil, errors.New("damaged: checksum mismatch")
	}
	nameEnd := len(magic) + 4 + 1 + int(data[len(magic)+4])
	if nameEnd > len(body) {
		return nil, errors.New("damaged: truncated header")
	}
	if err := checkIdentity(data, v); err != nil {
		return nil, err
	}
	size := layerSize(k, v.Holes())
	want := header(v, k, size)
	if len(body) != len(want)+int(2*size) || !bytes.Equal(body[:len(want)], want) {
		return nil, fmt.Errorf("damaged: header or length does not fit %d seeds on %d holes", k, v.Holes())
	}
	layer := body[len(want):]
	for i := 0; i < len(layer); i += 2 {
		lo, hi := int(int8(layer[i])), int(int8(layer[i+1]))
		if lo < -k || lo > hi || hi > k {
			return nil, fmt.Errorf("damaged: entry %d holds bounds %d..%d outside -%d..%d", i/2, lo, hi, k, k)
		}
	}
	return layer, nil
}

// checkIdentity refuses the start of a file, past its magic and version, that names
// another game than v, or v's name under other rules; a header cut short passes.
func checkIdentity(data []byte, v *board.Variant) error {
	at := len(magic) + 4
	if len(data) <= at {
		return nil
	}
	end := at + 1 + int(data[at])
	if end > len(data) {
		return nil
	}
	id := string(data[at+1 : end])
	if id == identity(v) {
		return nil
	}
	name, rules, _ := strings.Cut(id, " rules:")
	if name == v.Name {
		_, want, _ := strings.Cut(identity(v), " rules:")
		return fmt.Errorf("a table of %s under other rules (rules hash %.16q, this game's %s): rebuild the table", v.Name, rules, want)
	}
	// The name is the file's bytes: quoted, and cut to 40 characters.
	return fmt.Errorf("a table of %.40q, not of %s", name, v.Name)
}

// Open loads the table of v from dir: the files of seed counts 0, 1, 2, ... up to the
// first one missing. It fails if there is none, or if any of them is refused.
func Open(dir string, v *board.Variant) (*Table, error) {
	if err := checkVariant(v); err != nil {
		return nil, err
	}
	t := &Table{variant: v, holes: v.Holes()}
	for k := 0; k <= seedLimit(v); k++ {
		layer, err := ReadLayer(dir, v, k)
		if errors.Is(err, fs.ErrNotExist) {
			break
		}
		if err != nil {
			return nil, err
		}
		t.layers = append(t.layers, layer)
	}
	if len(t.layers) == 0 {
		return nil, fmt.Errorf("no endgame table of %s in %s (want %s and up)", v.Name, dir, FileName(v, 0))
	}
	return t, nil
}
