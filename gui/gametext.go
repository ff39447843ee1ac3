package gui

import (
	"context"
	"errors"
	"fmt"
	"regexp"
	"strings"

	"mancala/board"
	"mancala/protocol/printable"
)

// Game text is the page's readable format of a game (docs/gui.md): header lines
// [Name "value"], then the moves numbered from the start, variations in brackets,
// scores in braces, and the result:
//
//	[Game "je-ki-n-je"]
//	[South "human"]
//	[North "engine"]
//	[Date "2026-12-01"]
//	[Start "4,4,4,4,4,4/4,4,4,4,4,4 S 0 0 -"]
//	[Result "*"]
//
//	1. f1 {+0.10} a2 2. b1 (2. c1 b2) e2 *

// gameHeaders are a game text's headers; Game and Start are required when reading
// (Start defaults to the game's start position).
type gameHeaders struct {
	Game, South, North, Date, Start, Result string
}

// turn places a move in the game's numbering: its round (a turn of South's and the
// turn of North's after it, as a chess move holds White's and Black's) and its
// mover. A side's extra turns (a rule file's turn.* keys) stay in its round.
type turn struct {
	round int // from 1; 0 before the first move
	mover board.Side
}

// next is the turn of a move by mover after a move of turn t.
func (t turn) next(mover board.Side) turn {
	switch {
	case t.round == 0:
		return turn{1, mover}
	case mover == board.South && t.mover == board.North:
		return turn{t.round + 1, mover}
	}
	return turn{t.round, mover}
}

// maxGameText bounds a game text (as a request body is bounded).
const maxGameText = 1 << 20

// formatGameText writes the whole tree of l: the main line with each variation in
// brackets after the move it replaces, the known scores in braces (seeds, South's
// view).
func formatGameText(v *board.Variant, l *gameLine, h gameHeaders) string {
	var b strings.Builder
	for _, kv := range [][2]string{{"Game", v.Name}, {"South", h.South}, {"North", h.North}, {"Date", h.Date},
		{"Start", l.start.String()}, {"Result", h.Result}} {
		if kv[1] != "" {
			fmt.Fprintf(&b, "[%s %q]\n", kv[0], kv[1])
		}
	}
	b.WriteString("\n")
	var words []string
	// A move is numbered by its turn (turn.next): South's first move of a turn gets
	// "N.", North's "N..." where it starts the text or a variation, or follows one;
	// a side's extra moves carry no number of their own.
	number := func(t turn, starts, force bool) {
		switch {
		case t.mover == board.South && (starts || force):
			words = append(words, fmt.Sprintf("%d.", t.round))
		case t.mover == board.North && force:
			words = append(words, fmt.Sprintf("%d...", t.round))
		}
	}
	move := func(x *node) string {
		s := v.FormatMove(x.move)
		if x.eval != nil {
			s += fmt.Sprintf(" {%+.2f}", float64(*x.eval)/100)
		}
		return s
	}
	// line writes the moves from the children of n on: pos is the position at n,
	// last the turn of n's move (zero at the root).
	var line func(n *node, pos board.Position, last turn, force bool)
	line = func(n *node, pos board.Position, last turn, force bool) {
		for len(n.children) > 0 {
			main := n.children[0]
			t := last.next(pos.SideToMove())
			number(t, t.round != last.round || t.mover != last.mover, force)
			words = append(words, move(main))
			for _, alt := range n.children[1:] {
				words = append(words, "(")
				number(t, true, true)
				words = append(words, move(alt))
				after, _ := pos.Play(alt.move) // legal: checked when added
				line(alt, after, t, false)
				words = append(words, ")")
			}
			force = len(n.children) > 1
			n, last = main, t
			pos, _ = pos.Play(main.move)
		}
	}
	line(l.root, l.start, turn{}, true)
	res := h.Result
	if res == "" {
		res = "*"
	}
	words = append(words, res)
	text := strings.Join(words, " ")
	text = strings.ReplaceAll(strings.ReplaceAll(text, "( ", "("), " )", ")")
	b.WriteString(wrap(text, 80))
	b.WriteString("\n")
	return b.String()
}

// wrap breaks text at spaces into lines of at most width characters.
func wrap(text string, width int) string {
	var b strings.Builder
	n := 0
	for i, w := range strings.Fields(text) {
		if i > 0 && n+1+len(w) > width {
			b.WriteString("\n")
			n = 0
		} else if i > 0 {
			b.WriteString(" ")
			n++
		}
		b.WriteString(w)
		n += len(w)
	}
	return b.String()
}

var (
	headerLine = regexp.MustCompile(`^\[([A-Za-z]+) "((?:[^"\\]|\\.)*)"\]$`)
	moveNumber = regexp.MustCompile(`^[0-9]+(\.|\.\.\.|…)$`)
	resultWord = map[string]bool{"1-0": true, "0-1": true, "1/2-1/2": true, "*": true}
)

// maxVariationDepth bounds how deeply a game text's variations nest: a variation
// inside a variation is one deeper. A person's analysis is a few levels deep; the
// bound keeps a text of brackets from holding the server's memory.
const maxVariationDepth = 100

// maxGameTextMoves bounds the moves of a game text's tree, its memory with it (a
// few hundred bytes a move, for the tree and the game read along it): more than
// the 25,000 of the longest recorded game with thousands of variations.
const maxGameTextMoves = 100_000

// gameText is a game text read: its game, its tree of moves, its headers, and the
// rules' steps reading it took (moves played and taken back), which grow linearly
// with the text.
type gameText struct {
	variant *board.Variant
	line    gameLine
	headers gameHeaders
	steps   int
}

// parseGameText reads a game text into a game line, its scores into the line's
// scores. A text that does not parse, or whose moves are not legal, is refused
// with a one-line error naming the first fault, as is one whose reading outlives
// ctx (a request its client gave up). Header values are made printable
// (printable.Line), as a record's names are when read.
func parseGameText(ctx context.Context, text string) (gameText, error) {
	var h gameHeaders
	if len(text) > maxGameText {
		return gameText{}, fmt.Errorf("game text of %d bytes: at most %d", len(text), maxGameText)
	}
	rest := text
	for n := 1; rest != ""; n++ {
		line, after, _ := strings.Cut(rest, "\n")
		s := strings.TrimSpace(line)
		if s == "" {
			rest = after
			continue
		}
		if !strings.HasPrefix(s, "[") {
			break
		}
		m := headerLine.FindStringSubmatch(s)
		if m == nil {
			return gameText{}, fmt.Errorf("game text line %d: a header is [Name \"value\"], not %.40q", n, s)
		}
		val := printable.Line(strings.NewReplacer(`\"`, `"`, `\\`, `\`).Replace(m[2]))
		switch m[1] {
		case "Game":
			h.Game = val
		case "South":
			h.South = val
		case "North":
			h.North = val
		case "Date":
			h.Date = val
		case "Start":
			h.Start = val
		case "Result":
			h.Result = val
		}
		rest = after
	}
	if h.Game == "" {
		return gameText{}, errors.New(`game text: no [Game "..."] header naming the game`)
	}
	v, err := board.VariantByName(h.Game)
	if err != nil {
		return gameText{}, fmt.Errorf("game text: %v", err)
	}
	start := v.StartPosition()
	if h.Start != "" {
		if start, err = v.ParsePosition(h.Start); err != nil {
			return gameText{}, fmt.Errorf("game text: start position: %v", err)
		}
	}
	l := newGameLine(start)
	steps, err := readMoves(ctx, v, &l, rest)
	if err != nil {
		return gameText{}, fmt.Errorf("game text: %v", err)
	}
	l.follow(l.root)
	return gameText{variant: v, line: l, headers: h, steps: steps}, nil
}

// readMoves reads the numbered moves, brackets, scores and result of a game text
// into l, playing each move with the rules, and returns the rules' steps it took.
// One board.Game walks the whole tree: a variation takes back the move it replaces
// and, when it closes, its own moves, then plays that move again, so every move is
// played at most twice and taken back at most once, however many variations a long
// line has. It checks ctx every ctxEvery steps.
func readMoves(ctx context.Context, v *board.Variant, l *gameLine, body string) (int, error) {
	type frame struct {
		at     *node // where the next move goes: the game is at at
		last   *node // the last move added in this line (nil: none yet)
		played int   // the moves this line played on the game
		resume *node // the move this variation replaces, played again when it closes
	}
	game := board.NewGame(l.start)
	stack := []frame{{at: l.root}}
	steps := 0
	step := func() error {
		steps++
		if steps%ctxEvery == 0 && ctx.Err() != nil {
			return fmt.Errorf("reading stopped: %v", ctx.Err())
		}
		return nil
	}
	done := false
	for pos := 0; pos < len(body); {
		c := body[pos]
		switch {
		case c == ' ' || c == '\n' || c == '\t' || c == '\r':
			pos++
			continue
		case done:
			return steps, fmt.Errorf("text after the result: %.20q", body[pos:])
		case c == '{':
			end := strings.IndexByte(body[pos:], '}')
			if end < 0 {
				return steps, errors.New("a score in braces is not closed")
			}
			if f := stack[len(stack)-1]; f.last != nil {
				if cp, ok := parseSeeds(body[pos+1 : pos+end]); ok {
					f.last.eval = &cp
				}
			}
			pos += end + 1
			continue
		case c == '(':
			f := stack[len(stack)-1]
			if f.last == nil {
				return steps, errors.New("a variation in brackets before any move")
			}
			if len(stack) > maxVariationDepth {
				return steps, fmt.Errorf("variations nested more than %d deep", maxVariationDepth)
			}
			game.Undo()
			if err := step(); err != nil {
				return steps, err
			}
			stack = append(stack, frame{at: f.last.parent, resume: f.last})
			pos++
			continue
		case c == ')':
			if len(stack) == 1 {
				return steps, errors.New("a closing bracket without its opening one")
			}
			f := stack[len(stack)-1]
			for range f.played {
				game.Undo()
				if err := step(); err != nil {
					return steps, err
				}
			}
			if err := game.Play(f.resume.move); err != nil {
				panic("gui: a move taken back cannot be played again: " + err.Error())
			}
			if err := step(); err != nil {
				return steps, err
			}
			stack = stack[:len(stack)-1]
			pos++
			continue
		}
		end := pos
		for end < len(body) && !strings.ContainsRune(" \n\t\r{}()", rune(body[end])) {
			end++
		}
		word := body[pos:end]
		pos = end
		switch {
		case moveNumber.MatchString(word):
			continue
		case resultWord[word]:
			if len(stack) > 1 {
				return steps, errors.New("the result inside a variation")
			}
			done = true
			continue
		}
		m, err := v.ParseMove(word)
		if err != nil {
			return steps, err
		}
		f := &stack[len(stack)-1]
		if err := game.Play(m); err != nil {
			return steps, fmt.Errorf("move %s: %v", word, err)
		}
		if err := step(); err != nil {
			return steps, err
		}
		f.played++
		n := len(l.nodes)
		f.at = l.child(f.at, m)
		if len(l.nodes) > n && len(l.nodes) > maxGameTextMoves {
			return steps, fmt.Errorf("more than %d moves", maxGameTextMoves)
		}
		f.last = f.at
	}
	if len(stack) > 1 {
		return steps, errors.New("a variation's bracket is not closed")
	}
	return steps, nil
}

// ctxEvery is how many rules' steps reading a game text takes between looks at
// whether its request is still wanted.
const ctxEvery = 1024

// parseSeeds reads a score in seeds ("+1.25", "-3") as centiseeds.
func parseSeeds(s string) (int, bool) {
	var seeds float64
	if _, err := fmt.Sscanf(strings.TrimSpace(s), "%g", &seeds); err != nil || seeds <= -1e6 || seeds >= 1e6 {
		return 0, false
	}
	if seeds < 0 {
		return int(seeds*100 - 0.5), true
	}
	return int(seeds*100 + 0.5), true
}

// replay is the game from start along the moves to n.
func replay(start board.Position, n *node) *board.Game {
	var back []board.Move
	for x := n; x.parent != nil; x = x.parent {
		back = append(back, x.move)
	}
	g := board.NewGame(start)
	for i := len(back) - 1; i >= 0; i-- {
		g.Play(back[i])
	}
	return g
}
