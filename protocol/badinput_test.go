package protocol

import (
	"fmt"
	"reflect"
	"strings"
	"testing"
	"unicode/utf8"

	"mancala/board"
)

// checkRejected sets up a game, sends one bad line and checks that the engine answers
// with exactly the one error line and that nothing changed: the d picture, the options
// the searcher was given, the searchers built and the searches run.
func checkRejected(t *testing.T, bad, want string) {
	t.Helper()
	f := newFake(quick)
	s := newSession(t, f.config())
	before := s.exchange("setoption name Hash value 32", "position startpos moves c1 a2", "d")
	built, options, requests, newGames := f.record()
	got := s.exchange(bad)
	if len(got) != 1 || got[0] != "info string error: "+want {
		t.Errorf("answer to %q:\n%q\nwant one line:\n%q", clip(bad), got, "info string error: "+want)
	}
	if after := s.exchange("d"); !reflect.DeepEqual(after, before) {
		t.Errorf("d changed:\n%s\nwas\n%s", strings.Join(after, "\n"), strings.Join(before, "\n"))
	}
	built2, options2, requests2, newGames2 := f.record()
	if !reflect.DeepEqual(built2, built) || !reflect.DeepEqual(options2, options) || len(requests2) != len(requests) || newGames2 != newGames {
		t.Errorf("the searcher was touched: built %q -> %q, options %v -> %v, %d -> %d searches, %d -> %d new games",
			built, built2, options, options2, len(requests), len(requests2), newGames, newGames2)
	}
	// The engine goes on reading: a good command still works.
	if got := s.exchange("position startpos", "d"); fenLine(t, got) != "Fen: 4,4,4,4,4,4/4,4,4,4,4,4 S 0 0 -" {
		t.Errorf("engine unusable after the bad line")
	}
}

func TestBadInputUnknownCommand(t *testing.T) {
	checkRejected(t, "fly away", `unknown command "fly"`)
}

func TestBadInputCommandsAreCaseSensitive(t *testing.T) {
	checkRejected(t, "ISREADY", `unknown command "ISREADY"; did you mean isready?`)
}

// A misspelt command gets the nearest command as a hint; a word far from every
// command gets none.
func TestBadInputUnknownCommandSuggestsNearest(t *testing.T) {
	checkRejected(t, "positon startpos", `unknown command "positon"; did you mean position?`)
	checkRejected(t, "stpo", `unknown command "stpo"; did you mean stop?`)
	checkRejected(t, "setoptions name Hash value 1", `unknown command "setoptions"; did you mean setoption?`)
	checkRejected(t, "ucinewgam", `unknown command "ucinewgam"; did you mean ucinewgame?`)
	checkRejected(t, "perft 3", `unknown command "perft"`)
}

// Fields of tens of thousands of characters are quoted as a short excerpt, so every
// error line stays short (a 60,000-character field once gave a 60 KB line).
func TestBadInputHugeFieldGivesShortError(t *testing.T) {
	huge := strings.Repeat("7", 60000)
	for _, c := range []struct{ bad, want string }{
		{"position fen 4,4,4,4,4,4/4,4,4,4,4,4 S 0 0 " + huge, `position fen: state field must be - in this game, not "` + huge[:40] + `..."`},
		{"position fen 4,4,4,4,4,4/4,4,4,4,4,4 S " + huge + " 0 -", `position fen: south store: count "` + huge[:40] + `..." is more than the 48 seeds of the game`},
		{"position fen 4,4,4,4,4," + huge + "/4,4,4,4,4,4 S 0 0 -", `position fen: hole f2: count "` + huge[:40] + `..." is more than the 48 seeds of the game`},
		{"position fen 4,4,4,4,4,4/4,4,4,4,4,4 " + huge + " 0 0 -", `position fen: side to move must be S or N, not "` + huge[:40] + `..."`},
		{"position startpos moves a1 " + huge, `position: move 2 (` + huge[:40] + `...): "` + huge[:40] + `..." is not a move of Je ki n je (a hole a1..f2, or pass)`},
		{"go depth " + huge, `go: depth needs a whole number from 1 to 1000000000000, not "` + huge[:40] + `..."`},
		{huge, `unknown command "` + huge[:40] + `..."`},
	} {
		checkRejected(t, c.bad, c.want)
	}
}

// Whatever an error message quotes, the error line is cut to maxErrorBytes.
func TestErrorLineIsCut(t *testing.T) {
	var out strings.Builder
	e := &Engine{out: &writer{w: &out}}
	e.errorf("%s", strings.Repeat("é", 1000))
	line := strings.TrimSuffix(out.String(), "\n")
	msg := strings.TrimPrefix(line, "info string error: ")
	if len(msg) > maxErrorBytes+3 || !strings.HasSuffix(msg, "...") || !utf8.ValidString(msg) || strings.Contains(line, "\n") {
		t.Errorf("error line of %d bytes: %q", len(line), line)
	}
}

func TestBadInputArgumentsToACommandWithout(t *testing.T) {
	checkRejected(t, "ucinewgame now please", `ucinewgame takes no arguments, got "now please"`)
}

func TestBadInputUnknownOption(t *testing.T) {
	checkRejected(t, "setoption name Colour value red", `unknown option "Colour"`)
}

func TestBadInputSetOptionWithoutName(t *testing.T) {
	checkRejected(t, "setoption Hash 64", "setoption needs: setoption name <Name> value <Value>")
}

func TestBadInputSetOptionWithoutValue(t *testing.T) {
	checkRejected(t, "setoption name Hash", `setoption: missing value for option "Hash"`)
}

func TestBadInputSpinOutOfRange(t *testing.T) {
	checkRejected(t, "setoption name Hash value 0", "option Hash value 0 is out of range 1..4096")
	checkRejected(t, "setoption name Threads value 65", "option Threads value 65 is out of range 1..64")
	checkRejected(t, "setoption name Level value 0", "option Level value 0 is out of range 1..10")
	checkRejected(t, "setoption name Level value 11", "option Level value 11 is out of range 1..10")
}

func TestBadInputSpinNotANumber(t *testing.T) {
	checkRejected(t, "setoption name MultiPV value two", `option MultiPV needs a whole number from 1 to 17, not "two"`)
	checkRejected(t, "setoption name Level value 5.5", `option Level needs a whole number from 1 to 10, not "5.5"`)
}

func TestBadInputUnknownComboValue(t *testing.T) {
	checkRejected(t, "setoption name Variant value chess",
		fmt.Sprintf(`option Variant has no value "chess" (one of the %d values uci lists)`, len(board.VariantNames())))
	checkRejected(t, "setoption name Variant value kalah-6-7",
		fmt.Sprintf(`option Variant has no value "kalah-6-7" (one of the %d values uci lists; did you mean kalah-6-1?)`, len(board.VariantNames())))
	checkRejected(t, "setoption name Search value minimax", `option Search has no value "minimax" (one of: alphabeta, mcts)`)
	checkRejected(t, "setoption name Skill value expert", `option Skill has no value "expert" (one of: full, greedy, random)`)
}

func TestBadInputCheckValue(t *testing.T) {
	checkRejected(t, "setoption name Ponder value maybe", `option Ponder needs true or false, not "maybe"`)
}

func TestBadInputPositionWithoutStart(t *testing.T) {
	checkRejected(t, "position", "position needs startpos or fen <position>")
	checkRejected(t, "position somewhere", `position needs startpos or fen, not "somewhere"`)
	checkRejected(t, "position startpos c1", `position: expected moves, not "c1"`)
}

func TestBadInputMalformedPosition(t *testing.T) {
	checkRejected(t, "position fen 4,4,4 S 0 0 -", "position fen: Je ki n je has 2 rows separated by /, got 1")
	checkRejected(t, "position fen 4,4,4,4,4,4/4,4,4,4,4,4 S 0 0", "position fen: position needs 5 fields separated by single spaces (rows side south north state), got 4")
	checkRejected(t, "position fen 4,4,4,4,4,4/4,4,4,4,4,4 W 0 0 -", `position fen: side to move must be S or N, not "W"`)
	checkRejected(t, "position fen 4,4,4,4,x,4/4,4,4,4,4,4 S 0 0 -", `position fen: hole e2: count "x" is not an unsigned decimal number`)
}

func TestBadInputWrongSeedTotal(t *testing.T) {
	checkRejected(t, "position fen 4,4,4,4,4,4/4,4,4,4,4,5 S 0 0 -", "position fen: Je ki n je has 48 seeds in all, this position has 49")
}

func TestBadInputIllegalMove(t *testing.T) {
	// After c1 it is North's turn: a1 is South's hole.
	checkRejected(t, "position startpos moves c1 a1 a2", "position: move 2 (a1): illegal move a1: not a hole of North, the side to move")
}

func TestBadInputUnknownMove(t *testing.T) {
	checkRejected(t, "position startpos moves c1 z9", `position: move 2 (z9): "z9" is not a move of Je ki n je (a hole a1..f2, or pass)`)
}

func TestBadInputGoNegative(t *testing.T) {
	checkRejected(t, "go wtime -5 btime 100", `go: wtime must not be negative, got "-5"`)
	checkRejected(t, "go depth -1", `go: depth must not be negative, got "-1"`)
}

func TestBadInputGoNonNumeric(t *testing.T) {
	checkRejected(t, "go movetime soon", `go: movetime needs a whole number from 1 to 1000000000000, not "soon"`)
	checkRejected(t, "go nodes 1e6", `go: nodes needs a whole number from 1 to 1000000000000, not "1e6"`)
	checkRejected(t, "go depth 99999999999999999999", `go: depth needs a whole number from 1 to 1000000000000, not "99999999999999999999"`)
}

func TestBadInputGoZero(t *testing.T) {
	checkRejected(t, "go depth 0", "go: depth must be at least 1")
	checkRejected(t, "go perft 0", "go: perft must be at least 1")
}

// A perft deeper than board.MaxPerftDepth is refused (go perft 2000000 once
// overflowed the stack and crashed the engine).
func TestBadInputGoPerftTooDeep(t *testing.T) {
	checkRejected(t, "go perft 2000000", `go: perft needs a whole number from 1 to 1000, not "2000000"`)
	checkRejected(t, "go perft 1001", `go: perft needs a whole number from 1 to 1000, not "1001"`)
}

// The message for a bad movetime names the range that is accepted: 0 is refused, so
// the range starts at 1.
func TestBadInputGoMovetimeRange(t *testing.T) {
	checkRejected(t, "go movetime 1.5", `go: movetime needs a whole number from 1 to 1000000000000, not "1.5"`)
	checkRejected(t, "go movetime 0", "go: movetime must be at least 1")
	checkRejected(t, "go wtime 1.5", `go: wtime needs a whole number from 0 to 1000000000000, not "1.5"`)
}

func TestBadInputGoMalformed(t *testing.T) {
	checkRejected(t, "go fast", `go: unknown parameter "fast"`)
	checkRejected(t, "go depth", "go: depth needs a value")
	checkRejected(t, "go depth 3 depth 4", "go: depth given twice")
	checkRejected(t, "go perft", "go perft needs exactly one depth: go perft <depth>")
}

func TestBadInputPonderHitWithoutPonder(t *testing.T) {
	checkRejected(t, "ponderhit", "ponderhit without a go ponder search running")
}

func TestBadInputHugeLine(t *testing.T) {
	checkRejected(t, "position startpos moves "+strings.Repeat("a1 ", 1<<20), "line too long (more than 1048576 bytes), ignored")
}

func TestBadInputBinaryGarbage(t *testing.T) {
	checkRejected(t, "\xff\xfe\x00\x81garbage", "line is not valid UTF-8 text, ignored")
	checkRejected(t, "go\x00depth 1", "line contains control character U+0000, ignored")
	checkRejected(t, "d\x1b[2J", "line contains control character U+001B, ignored")
}

func TestBadInputEmptyLine(t *testing.T) {
	checkRejected(t, "", "empty line")
	checkRejected(t, " \t ", "empty line")
}
