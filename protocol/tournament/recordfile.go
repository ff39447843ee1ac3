package tournament

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
)

// ErrRecordsExist: a records file that already holds games is not overwritten.
var ErrRecordsExist = errors.New("already holds games")

// errLocked: another runner holds the records file's lock (lockRecords, one file per
// system).
var errLocked = errors.New("locked by another runner")

// recordsFile is what a RecordFile writes to: an *os.File, or a stand-in in tests.
type recordsFile interface {
	io.Writer
	Truncate(size int64) error
	Sync() error
	Close() error
}

// RecordFile is a records file opened by one runner: locked against other runners,
// appended to one whole record at a time.
type RecordFile struct {
	path string
	f    recordsFile
	lock *os.File // the file holding the lock
	size int64    // bytes of whole records
}

// CheckRecordsPath refuses, without touching it, a records file that already holds
// games unless resume is set.
func CheckRecordsPath(path string, resume bool) error {
	fi, err := os.Stat(path)
	if err == nil && fi.IsDir() { // before the size: a directory's is not its games
		return fmt.Errorf("records file %s is a directory: name a file", path)
	}
	if err == nil && fi.Size() > 0 && !resume {
		return fmt.Errorf("records file %s %w: use --resume to continue its match, or name another file", path, ErrRecordsExist)
	}
	return nil
}

// OpenRecords opens (creating it if need be) the records file at path for one
// runner and returns the records it holds. It takes an exclusive lock on the file,
// so that a second runner on the same file fails with a clear error. An existing
// file that holds games is refused unless resume is set; it is never truncated,
// except that with resume an incomplete last line (a record cut short by a crash or
// a full disk) is dropped, and logged.
func OpenRecords(path string, resume bool, logf func(format string, args ...any)) (*RecordFile, []Record, error) {
	if err := CheckRecordsPath(path, resume); err != nil {
		return nil, nil, err
	}
	f, err := os.OpenFile(path, os.O_RDWR|os.O_CREATE, 0o644)
	if err != nil {
		return nil, nil, err
	}
	if err := lockRecords(f); err != nil {
		f.Close()
		if errors.Is(err, errLocked) {
			return nil, nil, fmt.Errorf("records file %s is in use by another runner (it holds the file's lock); give each runner its own file", path)
		}
		return nil, nil, fmt.Errorf("records file %s: lock: %v", path, err)
	}
	rr, err := ReadRecords(f)
	if err != nil {
		f.Close()
		return nil, nil, err
	}
	if rr.Whole+int64(rr.Cut) > 0 && !resume { // written since CheckRecordsPath looked
		f.Close()
		return nil, nil, fmt.Errorf("records file %s %w: use --resume to continue its match, or name another file", path, ErrRecordsExist)
	}
	recs, err := rr.Records()
	if err != nil {
		f.Close()
		return nil, nil, fmt.Errorf("records file %s: %v", path, err)
	}
	if rr.Cut > 0 {
		if logf != nil {
			logf("records file %s: dropped its incomplete last line (%d bytes); that game is played again", path, rr.Cut)
		}
		if err := f.Truncate(rr.Whole); err != nil {
			f.Close()
			return nil, nil, err
		}
	}
	if _, err := f.Seek(rr.Whole, io.SeekStart); err != nil {
		f.Close()
		return nil, nil, err
	}
	return &RecordFile{path: path, f: f, lock: f, size: rr.Whole}, recs, nil
}

// Write appends one record as a whole line and flushes it to the disk. If the write
// fails half-way (a full disk), the partial line is cut off again, so the file only
// ever holds whole records.
func (rf *RecordFile) Write(r *Record) error {
	b, err := json.Marshal(r)
	if err != nil {
		return err
	}
	b = append(b, '\n')
	if _, err := rf.f.Write(b); err != nil {
		if terr := rf.f.Truncate(rf.size); terr != nil {
			return fmt.Errorf("records file %s: %v; removing the partial record failed too: %v", rf.path, err, terr)
		}
		return fmt.Errorf("records file %s: %v (the game is not recorded; the file holds only whole records)", rf.path, err)
	}
	rf.size += int64(len(b))
	if err := rf.f.Sync(); err != nil {
		return fmt.Errorf("records file %s: %v", rf.path, err)
	}
	return nil
}

// Close releases the file and its lock. The lock is released first, explicitly: a
// process forked while the file was open (an engine being started by another match
// in the same program) holds a copy of the descriptor until it executes, and would
// otherwise keep the lock for that moment after the close.
func (rf *RecordFile) Close() error {
	unlockRecords(rf.lock)
	return rf.f.Close()
}

// ReadRecordFiles reads the records of several files, for a report. A game of a
// match that appears twice (two runs of the same shard) is an error, as is a
// damaged line; the games of different matches (another seed's) are all kept.
func ReadRecordFiles(paths []string) ([]Record, error) {
	var all []Record
	seen := map[inMatch]string{}
	for _, p := range paths {
		recs, cut, err := ReadRecordsFile(p)
		if err != nil {
			return nil, err
		}
		if cut > 0 {
			return nil, fmt.Errorf("%s: its last line is cut short (%d bytes without a newline); resume that run to drop it and replay the game", p, cut)
		}
		for _, r := range recs {
			key := inMatch{r.Match, r.Game}
			if prev, ok := seen[key]; ok {
				return nil, fmt.Errorf("game %d is recorded twice (%s and %s)", r.Game, prev, p)
			}
			seen[key] = p
		}
		all = append(all, recs...)
	}
	return all, nil
}
