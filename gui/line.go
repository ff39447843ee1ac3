package gui

import (
	"errors"
	"fmt"

	"mancala/board"
)

// gameLine is a game as a tree of moves from its start position: each move's
// alternatives are variations, the first child of a node continues its line. The
// shown line runs from the start through the shown node and on by first children;
// moves, evals and cursor describe it. It knows nothing of engines, pages or
// players: it is the pure part of a session, tested on its own.
//
// Its invariants: every move is legal where it is played; path[0] is the root,
// path[i+1] a child of path[i], and the last node of path has no children;
// 0 <= cursor <= len(moves) == len(path)-1 == len(evals)-1.
type gameLine struct {
	start  board.Position
	root   *node
	nodes  map[int]*node // by id
	nextID int
	path   []*node      // the shown line: path[i] is the node after i moves
	moves  []board.Move // the shown line's moves (derived from path)
	evals  []*int       // South's view, centiseeds, by ply of the shown line (derived); nil: not known
	cursor int          // the ply shown: the position after moves[:cursor]
	// seen and seenGame keep the last game shownGame replayed, by the node it ends at
	// (a node fixes every move before it).
	seen     *node
	seenGame *board.Game
}

// node is one move of the tree (the root: the start, no move).
type node struct {
	id       int
	move     board.Move
	parent   *node
	children []*node // children[0] continues this node's line; the others are variations
	eval     *int    // the best score known after this move, South's view, centiseeds
	// value is the margin the game can reach that a proven eval stands for, when its
	// line or the endgame table told it (margins.go); nil otherwise.
	value *int
}

// newGameLine is a line with no moves yet.
func newGameLine(start board.Position) gameLine {
	root := &node{}
	l := gameLine{start: start, root: root, nodes: map[int]*node{0: root}, nextID: 1}
	l.follow(root)
	return l
}

// follow makes the shown line run through n and on by first children, showing n.
func (l *gameLine) follow(n *node) {
	var back []*node
	for x := n; x != nil; x = x.parent {
		back = append(back, x)
	}
	l.path = l.path[:0]
	for i := len(back) - 1; i >= 0; i-- {
		l.path = append(l.path, back[i])
	}
	l.cursor = len(l.path) - 1
	for x := n; len(x.children) > 0; {
		x = x.children[0]
		l.path = append(l.path, x)
	}
	l.derive()
}

// derive rebuilds moves and evals from path.
func (l *gameLine) derive() {
	l.moves = l.moves[:0]
	l.evals = l.evals[:0]
	for i, n := range l.path {
		if i > 0 {
			l.moves = append(l.moves, n.move)
		}
		l.evals = append(l.evals, n.eval)
	}
}

// game replays the shown line's moves up to ply n.
func (l *gameLine) game(n int) *board.Game {
	bg := board.NewGame(l.start)
	for _, m := range l.moves[:n] {
		if bg.Play(m) != nil {
			break // cannot happen: moves are checked when added
		}
	}
	return bg
}

// shown is the game up to the shown ply.
func (l *gameLine) shown() *board.Game { return l.game(l.cursor) }

// shownGame is shown for reading only: the game is kept until the shown ply's node
// changes, since every change of a long game would otherwise replay it for the state
// and again for the engine's schedule. The caller must not play on it.
func (l *gameLine) shownGame() *board.Game {
	if n := l.path[l.cursor]; n != l.seen || l.seenGame == nil {
		l.seen, l.seenGame = n, l.game(l.cursor)
	}
	return l.seenGame
}

// atEnd reports whether the shown ply is the shown line's last.
func (l *gameLine) atEnd() bool { return l.cursor == len(l.moves) }

// play makes move m at the shown ply and shows the position after it: the shown
// line's next move, or another move already in the tree there, is followed (with
// its line); a new move starts a variation (the main continuation when the node had
// none). It returns the move's trace from the position before it. An illegal move
// changes nothing.
func (l *gameLine) play(m board.Move) (board.Position, board.Trace, error) {
	pos := l.shown().Position()
	tr, err := pos.Trace(m)
	if err != nil {
		return pos, tr, err
	}
	cur := l.path[l.cursor]
	for _, c := range cur.children {
		if c.move == m {
			if l.cursor+1 < len(l.path) && l.path[l.cursor+1] == c {
				l.cursor++ // the shown line goes on
			} else {
				l.follow(c)
			}
			return pos, tr, nil
		}
	}
	c := &node{id: l.nextID, move: m, parent: cur}
	l.nextID++
	l.nodes[c.id] = c
	cur.children = append(cur.children, c)
	l.follow(c)
	return pos, tr, nil
}

// extend appends move m, already checked to be legal, at the end of the shown line
// and shows the position after it (reading a record: no replay per move).
func (l *gameLine) extend(m board.Move) {
	last := l.path[len(l.path)-1]
	c := &node{id: l.nextID, move: m, parent: last}
	l.nextID++
	l.nodes[c.id] = c
	last.children = append(last.children, c)
	l.path = append(l.path, c)
	l.moves = append(l.moves, m)
	l.evals = append(l.evals, nil)
	l.cursor = len(l.moves)
}

// child is n's child by move m, added (as n's last child) if there is none; the
// caller has checked that m is legal there. The shown line is left as it was.
func (l *gameLine) child(n *node, m board.Move) *node {
	for _, c := range n.children {
		if c.move == m {
			return c
		}
	}
	c := &node{id: l.nextID, move: m, parent: n}
	l.nextID++
	l.nodes[c.id] = c
	n.children = append(n.children, c)
	return c
}

// goTo shows ply n of the shown line.
func (l *gameLine) goTo(n int) error {
	if n < 0 || n > len(l.moves) {
		return fmt.Errorf("ply must be from 0 to %d", len(l.moves))
	}
	l.cursor = n
	return nil
}

// goToNode shows the node of that id, its line becoming the shown line.
func (l *gameLine) goToNode(id int) error {
	n, ok := l.nodes[id]
	if !ok {
		return fmt.Errorf("no move %d in this game", id)
	}
	l.follow(n)
	return nil
}

// goToLine shows the line that runs from the start through the tree by moves (each
// a move already played there), on by first children after them.
func (l *gameLine) goToLine(moves []board.Move) error {
	n := l.root
	for i, m := range moves {
		next := -1
		for j, c := range n.children {
			if c.move == m {
				next = j
				break
			}
		}
		if next < 0 {
			return fmt.Errorf("move %d of the line is not in this game", i+1)
		}
		n = n.children[next]
	}
	l.follow(n)
	return nil
}

// promote makes the variation holding the shown move the main choice at its
// branch: the nearest move at or before the shown ply that is not its parent's
// first child moves to the front.
func (l *gameLine) promote() error {
	for i := l.cursor; i > 0; i-- {
		n := l.path[i]
		p := n.parent
		if p.children[0] == n {
			continue
		}
		for j, c := range p.children {
			if c == n {
				copy(p.children[1:j+1], p.children[:j])
				p.children[0] = n
				break
			}
		}
		return nil
	}
	return errors.New("the shown move is on the main line already: nothing to promote")
}

// remove deletes the shown move and everything after it, showing the position before it.
func (l *gameLine) remove() error {
	if l.cursor == 0 {
		return errors.New("nothing to delete at the start of the game")
	}
	n := l.path[l.cursor]
	p := n.parent
	for j, c := range p.children {
		if c == n {
			p.children = append(p.children[:j:j], p.children[j+1:]...)
			break
		}
	}
	var drop func(*node)
	drop = func(x *node) {
		delete(l.nodes, x.id)
		for _, c := range x.children {
			drop(c)
		}
	}
	drop(n)
	l.follow(p)
	return nil
}

// mainLine reports whether the shown line up to the shown ply is the main line.
func (l *gameLine) mainLine() bool {
	for i := 1; i <= l.cursor; i++ {
		if l.path[i].parent.children[0] != l.path[i] {
			return false
		}
	}
	return true
}

// setEval records the best score (centiseeds, South's view) of the position after
// ply n of the shown line.
func (l *gameLine) setEval(n int, cp int) {
	if n >= 0 && n < len(l.path) {
		l.path[n].eval, l.path[n].value = &cp, nil
		l.evals[n] = &cp
	}
}

// movers lists the side that plays each move of the shown line: the sides take
// turns from the start's, except in a game with extra turns, whose line is replayed
// to find them.
func (l *gameLine) movers() []int {
	out := make([]int, len(l.moves))
	if !l.start.Variant().ExtraTurns() {
		s := l.start.SideToMove()
		for i := range out {
			out[i] = int(s)
			s = s.Other()
		}
		return out
	}
	pos := l.start
	for i, m := range l.moves {
		out[i] = int(pos.SideToMove())
		pos, _ = pos.Play(m) // legal: checked when added
	}
	return out
}

// evalsCopy is a copy of the shown line's scores by ply, for a page.
func (l *gameLine) evalsCopy() []*int { return append([]*int(nil), l.evals...) }

// alternative is a variation at one ply of the shown line: its moves (its own line
// on by first children) and their nodes.
type alternative struct {
	Ply   int      `json:"ply"`   // the ply of the shown line it replaces (1: the first move)
	Moves []string `json:"moves"` // the variation's moves
	Nodes []int    `json:"nodes"` // their node ids, for the goto action
	More  bool     `json:"more"`  // the variation goes on beyond these moves
}

// alternatives lists, for each ply of the shown line, the other moves played there,
// each with its line up to max moves.
func (l *gameLine) alternatives(v *board.Variant, max int) []alternative {
	var out []alternative
	for i := 1; i < len(l.path); i++ {
		for _, c := range l.path[i-1].children {
			if c == l.path[i] {
				continue
			}
			a := alternative{Ply: i}
			for x := c; x != nil; x = x.children[0] {
				if len(a.Moves) == max {
					a.More = true
					break
				}
				a.Moves = append(a.Moves, v.FormatMove(x.move))
				a.Nodes = append(a.Nodes, x.id)
				if len(x.children) == 0 {
					break
				}
			}
			out = append(out, a)
		}
	}
	return out
}
