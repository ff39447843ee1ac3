package tablebase

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"

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

// header is the fixed part of a file: magic, version, variant name, seed count, hole
// count and entry count.
func header(v *board.Variant, k int, entries uint64) []byte {
	var b bytes.Buffer
	b.Write(magic[:])
	binary.Write(&b, binary.LittleEndian, uint32(FormatVersion))
	b.WriteByte(byte(len(v.Name)))
	b.WriteString(v.Name)
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
// entries. The error names the file and what is wrong with it.
func ReadLayer(dir string, v *board.Variant, k int) ([]byte, error) {
	path := filepath.Join(dir, FileName(v, k))
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	layer, err := decodeLayer(data, v, k)
	if err != nil {
		return nil, fmt.Errorf("table file %s: %v", path, err)
	}
	return layer, nil
}

// decodeLayer checks a file's bytes and returns its entries.
func decodeLayer(data []byte, v *board.Variant, k int) ([]byte, error) {
	if len(data) < len(magic)+4 || !bytes.Equal(data[:len(magic)], magic[:]) {
		return nil, errors.New("not an endgame table file")
	}
	if ver := binary.LittleEndian.Uint32(data[len(magic):]); ver != FormatVersion {
		return nil, fmt.Errorf("format version %d, this program reads version %d: rebuild the table", ver, FormatVersion)
	}
	if len(data) < len(magic)+4+1+8 {
		return nil, errors.New("damaged: too short")
	}
	body, sum := data[:len(data)-8], binary.LittleEndian.Uint64(data[len(data)-8:])
	if xxhash.Sum64(body) != sum {
		return nil, errors.New("damaged: checksum mismatch")
	}
	nameLen := int(data[len(magic)+4])
	nameEnd := len(magic) + 4 + 1 + nameLen
	if nameEnd > len(body) {
		return nil, errors.New("damaged: truncated header")
	}
	if name := string(data[nameEnd-nameLen : nameEnd]); name != v.Name {
		return nil, fmt.Errorf("a table of %s, not of %s", name, v.Name)
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
