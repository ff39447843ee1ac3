package tournament

import (
	"bufio"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"strings"
)

// RecordLine is one line of a records file that holds text.
type RecordLine struct {
	N      int    // its number in the file, from 1
	Record Record // the record, when Err is nil
	Err    error  // why the line is not a record
	// Cut marks the file's last line when it ends without its newline: a record
	// whose writing was cut short (a crash, a full disk) or is still going on.
	Cut bool
}

// RecordsRead is a records file as ReadRecords found it.
type RecordsRead struct {
	Lines []RecordLine // the lines that hold text, in order
	Whole int64        // bytes of the complete lines, through the last newline
	Cut   int          // bytes after them: a last line without its newline (0: none)
}

// ReadRecords reads a records file: JSON lines, one game record each. It is the
// one reader of records files, for the runner (OpenRecords, ReadRecordFiles,
// Replay), cmd/clockfit and the GUI. Blank lines are skipped; a line that is not a
// record comes back with its Err, and a last line without its newline is marked
// Cut (with its record, if its text is one), so that each reader decides what
// damage it accepts. It fails only when reading fails.
func ReadRecords(in io.Reader) (RecordsRead, error) {
	var rr RecordsRead
	r := bufio.NewReaderSize(in, 1<<16)
	for n := 1; ; n++ {
		line, err := r.ReadString('\n')
		if err != nil && err != io.EOF {
			return rr, err
		}
		cut := err == io.EOF
		if cut {
			rr.Cut = len(line)
		} else {
			rr.Whole += int64(len(line))
		}
		if text := strings.TrimSpace(line); text != "" {
			l := RecordLine{N: n, Cut: cut}
			if err := json.Unmarshal([]byte(text), &l.Record); err != nil {
				l.Err = fmt.Errorf("not a game record: %v", err)
			}
			rr.Lines = append(rr.Lines, l)
		}
		if cut {
			return rr, nil
		}
	}
}

// Records returns the records of the complete lines, leaving out a last line
// without its newline, or an error naming the first complete line that is not a
// record.
func (rr *RecordsRead) Records() ([]Record, error) {
	var recs []Record
	for _, l := range rr.Lines {
		switch {
		case l.Cut:
		case l.Err != nil:
			return nil, fmt.Errorf("line %d is %v", l.N, l.Err)
		default:
			recs = append(recs, l.Record)
		}
	}
	return recs, nil
}

// ReadRecordsFile reads the records file at path with ReadRecords and returns the
// records of its complete lines and the length of a last line without its newline
// (0: none), which each caller treats as it must. A damaged complete line is an
// error naming the file and the line.
func ReadRecordsFile(path string) (recs []Record, cut int, err error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, 0, err
	}
	defer f.Close()
	rr, err := ReadRecords(f)
	if err == nil {
		recs, err = rr.Records()
	}
	if err != nil {
		return nil, 0, fmt.Errorf("%s: %v", path, err)
	}
	return recs, rr.Cut, nil
}
