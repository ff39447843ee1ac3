package main

import (
	"bufio"
	"fmt"
	"io"
	"os"
	"os/exec"
	"regexp"
	"strings"
	"testing"
	"time"

	"mancala/board"
)

// asMain, set in the environment, makes the test binary run the program itself, so
// that a test can start the real engine as a process.
const asMain = "MANCALA_TEST_AS_MAIN"

func TestMain(m *testing.M) {
	if os.Getenv(asMain) != "" {
		main()
	}
	os.Exit(m.Run())
}

// aualeArgs are the engine's arguments in the command line Aualé is given
// (docs/oware.md).
var aualeArgs = []string{"--variant", "oware-abapa", "--notation", "letters"}

// aualeWait is how long Aualé waits for uciok, readyok, the bestmove after stop, and
// the engine's exit after quit before it gives the engine up; searches it waits for
// without limit, which hangWait stands in for so that a broken engine fails the
// test instead of hanging it.
const (
	aualeWait = 8 * time.Second
	hangWait  = 2 * time.Minute
)

// The answers as Aualé reads them (its uci/rules.py): a bestmove is one letter or
// 0000, a pv one token of letters, a score cp a whole number.
var (
	bestmoveRE = regexp.MustCompile(`^bestmove ([A-Fa-f]|0000)(?: ponder ([A-Fa-f]))?$`)
	cpRE       = regexp.MustCompile(` score (?:cp|mate) (-?\d+)( |$)`)
	pvRE       = regexp.MustCompile(` pv ([A-Fa-f]+)$`)
)

// TestAualeTranscript replays, against the engine started as Aualé starts it, every
// command Aualé sent Aalina in the two games of ../shared/oware/auale-transcript.txt
// (testdata/auale-commands.txt), one engine process at a time, and checks every
// answer as Aualé reads it: uciok and readyok in time, a legal bestmove (with a
// legal ponder move) for each go, 0000 for a finished game, info lines with a score
// and a legal line of letters, a bestmove in time after stop, an exit in time after
// quit, and no error line at all.
func TestAualeTranscript(t *testing.T) {
	data, err := os.ReadFile("testdata/auale-commands.txt")
	if err != nil {
		t.Fatal(err)
	}
	var order []string
	sessions := map[string][]string{}
	for _, line := range strings.Split(strings.TrimSpace(string(data)), "\n") {
		if strings.HasPrefix(line, "#") {
			continue
		}
		pid, cmd, _ := strings.Cut(line, " ")
		if sessions[pid] == nil {
			order = append(order, pid)
		}
		sessions[pid] = append(sessions[pid], cmd)
	}
	if len(order) != 4 {
		t.Fatalf("%d engine sessions in the transcript, want 4", len(order))
	}
	searches := 0
	for _, pid := range order {
		t.Run("engine-"+pid, func(t *testing.T) {
			searches += replayAuale(t, sessions[pid])
		})
	}
	if searches != 210 {
		t.Errorf("%d go commands answered, want the transcript's 210", searches)
	}
}

// aualeEngine is one engine process and its output lines.
type aualeEngine struct {
	t     *testing.T
	cmd   *exec.Cmd
	in    io.WriteCloser
	lines chan string
	exit  chan error
}

func startAualeEngine(t *testing.T) *aualeEngine {
	cmd := exec.Command(os.Args[0], aualeArgs...)
	cmd.Env = append(os.Environ(), asMain+"=1")
	in, err := cmd.StdinPipe()
	if err != nil {
		t.Fatal(err)
	}
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	e := &aualeEngine{t: t, cmd: cmd, in: in, lines: make(chan string, 1024), exit: make(chan error, 1)}
	go func() {
		sc := bufio.NewScanner(out)
		for sc.Scan() {
			e.lines <- sc.Text()
		}
		close(e.lines)
		e.exit <- cmd.Wait()
	}()
	t.Cleanup(func() {
		if cmd.ProcessState == nil {
			_ = cmd.Process.Kill()
		}
	})
	return e
}

func (e *aualeEngine) send(cmd string) {
	e.t.Helper()
	if _, err := io.WriteString(e.in, cmd+"\n"); err != nil {
		e.t.Fatalf("writing %q: %v", cmd, err)
	}
}

// until returns the lines up to and including the first that starts with word,
// failing the test if it does not come within wait.
func (e *aualeEngine) until(word string, wait time.Duration, after string) []string {
	e.t.Helper()
	timer := time.NewTimer(wait)
	defer timer.Stop()
	var got []string
	for {
		select {
		case line, ok := <-e.lines:
			if !ok {
				e.t.Fatalf("after %q: the engine closed its output before %s", after, word)
			}
			if strings.HasPrefix(line, "info string error") {
				e.t.Errorf("after %q: %s", after, line)
			}
			got = append(got, line)
			if line == word || strings.HasPrefix(line, word+" ") {
				return got
			}
		case <-timer.C:
			e.t.Fatalf("after %q: no %s within %v (got %q)", after, word, wait, got)
		}
	}
}

// replayAuale runs one engine process through its commands and returns how many go
// commands it answered.
func replayAuale(t *testing.T, cmds []string) int {
	e := startAualeEngine(t)
	v, err := board.VariantByName("oware-abapa")
	if err != nil {
		t.Fatal(err)
	}
	var game *board.Game
	pondering := false
	searches := 0
	for _, cmd := range cmds {
		if pondering {
			// Aualé sends stop (or, after a ponder that already ended in
			// Aalina, the next position) and waits 8 s for a bestmove it ignores.
			e.send(cmd)
			lines := e.until("bestmove", aualeWait, cmd)
			checkAualeSearch(t, game, lines, true)
			pondering = false
			if cmd == "stop" {
				continue
			}
		} else if cmd != "quit" {
			e.send(cmd)
		}
		word := strings.Fields(cmd)[0]
		switch {
		case word == "uci":
			for _, line := range e.until("uciok", aualeWait, cmd) {
				if !strings.HasPrefix(line, "id ") && !strings.HasPrefix(line, "option name ") && line != "uciok" {
					t.Errorf("answer to uci: %q is neither id nor option", line)
				}
			}
		case word == "isready":
			e.until("readyok", aualeWait, cmd)
		case word == "position":
			game = aualePosition(t, v, cmd)
		case cmd == "go ponder":
			pondering = true
			searches++
		case word == "go":
			checkAualeSearch(t, game, e.until("bestmove", hangWait, cmd), false)
			searches++
		case word == "quit":
			e.send(cmd)
			select {
			case <-e.exit:
			case <-time.After(aualeWait):
				t.Fatalf("the engine did not exit within %v of quit", aualeWait)
			}
		}
	}
	return searches
}

// aualePosition plays a position command of the transcript with board: a dash
// position or the start, then moves as one token of letters.
func aualePosition(t *testing.T, v *board.Variant, cmd string) *board.Game {
	t.Helper()
	f := strings.Fields(cmd)[1:]
	start := v.StartPosition()
	if f[0] == "fen" {
		p, err := v.ParseDashPosition(f[1])
		if err != nil {
			t.Fatalf("%q: %v", cmd, err)
		}
		start, f = p, f[2:]
	} else {
		f = f[1:]
	}
	g := board.NewGame(start)
	if len(f) == 2 && f[0] == "moves" {
		moves, err := v.ParseLetters(f[1])
		if err != nil {
			t.Fatalf("%q: %v", cmd, err)
		}
		for _, m := range moves {
			if err := g.Play(m); err != nil {
				t.Fatalf("%q: %v", cmd, err)
			}
		}
	}
	return g
}

// checkAualeSearch checks a search's output as Aualé reads it: every info line with
// a score has a whole-number score and a pv of legal letters, and the bestmove is
// legal (0000 when the game is over), its ponder move legal after it. A ponder
// search's bestmove Aualé ignores, so only its form is checked.
func checkAualeSearch(t *testing.T, g *board.Game, lines []string, ignored bool) {
	t.Helper()
	root := g.Position()
	v := root.Variant()
	for _, line := range lines[:len(lines)-1] {
		if !strings.HasPrefix(line, "info ") || strings.HasPrefix(line, "info string") {
			t.Errorf("%q: unexpected line in a search", line)
			continue
		}
		if !cpRE.MatchString(line) {
			t.Errorf("%q: no score cp as Aualé reads it", line)
		}
		pv := pvRE.FindStringSubmatch(line)
		if pv == nil {
			t.Errorf("%q: no pv of letters as Aualé reads it", line)
			continue
		}
		if err := playLetters(g, v, pv[1]); err != nil {
			t.Errorf("%q from %q: %v", line, g.Position().String(), err)
		}
	}
	last := lines[len(lines)-1]
	m := bestmoveRE.FindStringSubmatch(last)
	if m == nil {
		t.Errorf("%q: not a bestmove as Aualé reads it", last)
		return
	}
	if ignored {
		return
	}
	if g.Result().Over() != (m[1] == "0000") {
		t.Errorf("%q for %q (result %q)", last, g.Position().String(), g.Result())
		return
	}
	if m[1] != "0000" {
		if err := playLetters(g, v, m[1]+m[2]); err != nil {
			t.Errorf("%q from %q: %v", last, g.Position().String(), err)
		}
	}
}

// playLetters checks that the moves, written as letters, can be played in turn after
// the game g (which it leaves unchanged).
func playLetters(g *board.Game, v *board.Variant, letters string) error {
	moves, err := v.ParseLetters(letters)
	if err != nil {
		return err
	}
	h := board.NewGame(g.Start())
	for _, m := range g.Moves() {
		if err := h.Play(m); err != nil {
			return err
		}
	}
	for i, m := range moves {
		if err := h.Play(m); err != nil {
			return fmt.Errorf("move %d of %s: %v", i+1, letters, err)
		}
	}
	return nil
}
