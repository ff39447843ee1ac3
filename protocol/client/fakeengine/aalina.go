package fakeengine

import (
	"bufio"
	"fmt"
	"io"
	"math/rand/v2"
	"strings"

	"mancala/board"
)

// runAalina plays the Aalina behaviour: Oware Abapa only, in Aalina 1.2.1's dialect
// as ../shared/oware/DIALECT.md describes it. It declares no Variant option and
// ignores options it does not know; it reads positions as "position [startpos] [fen
// A-B-...-S] [moves XYZ]" with the moves as one token of letters of alternating
// case (moves with spaces are dropped silently, as Aalina drops them); it answers go
// with a random legal move in letters, 0000 when the game is over, and nothing at
// all when a move was illegal; clock times are ignored, and "movetime 0" makes it
// stop reading its input for good, as it makes Aalina.
func runAalina(in io.Reader, out io.Writer) int {
	v, err := board.VariantByName("oware-abapa")
	if err != nil {
		panic(err)
	}
	w := bufio.NewWriter(out)
	say := func(format string, args ...any) {
		fmt.Fprintf(w, format+"\n", args...)
		w.Flush()
	}
	start, moves := v.StartPosition(), ""
	sc := bufio.NewScanner(in)
	for sc.Scan() {
		f := strings.Fields(sc.Text())
		if len(f) == 0 {
			continue
		}
		switch f[0] {
		case "quit":
			return 0
		case "uci":
			say("id name Fake aalina\nid author the tests")
			say("option name Hash type spin default 256 min 1 max 374\noption name OwnBook type check default true")
			say("option name Ponder type check default true\noption name DrawSearch type check default false\nuciok")
		case "isready":
			say("readyok")
		case "position":
			start, moves = aalinaPosition(v, f[1:])
		case "go":
			for i := 1; i+1 < len(f); i++ {
				if f[i] == "movetime" && f[i+1] == "0" {
					<-make(chan struct{}) // Aalina's command loop dies: nothing more is read
				}
			}
			aalinaGo(v, start, moves, say)
		}
	}
	return 0
}

// aalinaPosition reads a position command's words as Aalina does: an invalid fen is
// the start position, an invalid move list no moves.
func aalinaPosition(v *board.Variant, words []string) (board.Position, string) {
	start, moves := v.StartPosition(), ""
	for i := 0; i < len(words); i++ {
		switch {
		case words[i] == "fen" && i+1 < len(words):
			if p, err := v.ParseDashPosition(words[i+1]); err == nil {
				start = p
			}
			i++
		case words[i] == "moves" && i+2 == len(words) && alternating(words[i+1]):
			moves = words[i+1]
			i++
		}
	}
	return start, moves
}

// alternating reports whether s is letters of alternating case, as Aalina's move
// lists must be.
func alternating(s string) bool {
	for i := 0; i < len(s); i++ {
		upper := s[i] >= 'A' && s[i] <= 'F'
		lower := s[i] >= 'a' && s[i] <= 'f'
		if !upper && !lower || i > 0 && upper == (s[i-1] >= 'A' && s[i-1] <= 'F') {
			return false
		}
	}
	return true
}

// aalinaGo answers a go: a random legal move in letters, 0000 when the game is over,
// and nothing when a move of the list is illegal.
func aalinaGo(v *board.Variant, start board.Position, moves string, say func(string, ...any)) {
	g := board.NewGame(start)
	ms, _ := v.ParseLetters(moves)
	for _, m := range ms {
		if g.Play(m) != nil {
			return
		}
	}
	p := g.Position()
	var ml board.MoveList
	if !g.Result().Over() {
		p.LegalMoves(&ml)
	}
	if ml.N == 0 {
		say("bestmove 0000")
		return
	}
	rng := rand.New(rand.NewPCG(p.Hash(), uint64(len(g.Moves()))))
	move := v.FormatLetter(ml.Moves[rng.IntN(ml.N)])
	say("info depth 3 score cp 0 pv %s", move)
	say("bestmove %s", move)
}
