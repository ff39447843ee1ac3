package gui

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"

	"mancala/board"
)

// actions are the game actions of POST /api/{action}; close is handled by the server.
var actions = map[string]func(g *session, r *actionRequest) error{
	"move":    (*session).actMove,
	"undo":    (*session).actUndo,
	"redo":    (*session).actRedo,
	"goto":    (*session).actGoto,
	"setup":   (*session).actSetup,
	"reset":   (*session).actReset,
	"players": (*session).actPlayers,
	"analyse": (*session).actAnalyse,
	"stop":    (*session).actStop,
	"pause":   (*session).actPause,
	"load":    (*session).actLoad,
	"import":  (*session).actImport,
	"promote": (*session).actPromote,
	"review":  (*session).actReview,
	"delete":  (*session).actDelete,
	"close":   nil,
	"preview": nil,
}

func (g *session) actMove(r *actionRequest) error {
	g.mu.Lock()
	defer g.mu.Unlock()
	m, err := g.variant.ParseMove(r.Move)
	if err != nil {
		return err
	}
	pos := g.line.shown().Position()
	if g.players[pos.SideToMove()] == engine && g.line.atEnd() && !g.paused && !g.analysing {
		return errors.New("it is the engine's turn: wait for its move, or press stop to make it move now")
	}
	if err := g.play(m); err != nil {
		return err
	}
	g.changed()
	return nil
}

// actUndo goes back one ply, and against an engine on back over the engine's moves
// to the person's turn (two plies, or more after the engine's extra turns).
func (g *session) actUndo(*actionRequest) error {
	g.mu.Lock()
	defer g.mu.Unlock()
	l := &g.line
	if l.cursor == 0 {
		return errors.New("nothing to undo: this is the start of the game")
	}
	l.cursor--
	if !g.analysing && g.players[0] != g.players[1] {
		positions := l.game(l.cursor).Positions()
		for l.cursor > 0 && g.players[positions[l.cursor].SideToMove()] == engine {
			l.cursor--
		}
	}
	g.anim = nil
	g.changed()
	return nil
}

func (g *session) actRedo(*actionRequest) error {
	g.mu.Lock()
	defer g.mu.Unlock()
	l := &g.line
	if l.atEnd() {
		return errors.New("nothing to redo")
	}
	if err := g.play(l.moves[l.cursor]); err != nil {
		return err
	}
	// As undo goes back to the person's turn against the engine, redo goes forward to
	// it: over the engine's moves too, as far as the line has them.
	for !l.atEnd() && !g.analysing && g.players[0] != g.players[1] {
		if pos := l.shownGame().Position(); g.players[pos.SideToMove()] != engine {
			break
		}
		if err := g.play(l.moves[l.cursor]); err != nil {
			return err
		}
	}
	g.changed()
	return nil
}

// actGoto shows a ply of the shown line, a variation's node, or the line of moves
// (from the start, through moves already in the game) and then its ply.
func (g *session) actGoto(r *actionRequest) error {
	g.mu.Lock()
	defer g.mu.Unlock()
	l := &g.line
	if r.Moves != nil {
		ms := make([]board.Move, len(r.Moves))
		for i, s := range r.Moves {
			m, err := g.variant.ParseMove(s)
			if err != nil {
				return fmt.Errorf("move %d of the line: %v", i+1, err)
			}
			ms[i] = m
		}
		if r.Ply != nil && (*r.Ply < 0 || *r.Ply > len(ms)) {
			return fmt.Errorf("ply must be from 0 to %d", len(ms))
		}
		if err := l.goToLine(ms); err != nil {
			return err
		}
		if r.Ply != nil {
			l.goTo(*r.Ply)
		}
		g.anim = nil
		g.changed()
		return nil
	}
	if r.Node != nil {
		if err := l.goToNode(*r.Node); err != nil {
			return err
		}
		g.anim = nil
		g.changed()
		return nil
	}
	if r.Ply == nil {
		return fmt.Errorf("ply must be from 0 to %d", len(l.moves))
	}
	// Stepping is instant: no animation, however the ply is reached.
	if err := l.goTo(*r.Ply); err != nil {
		return err
	}
	g.anim = nil
	if !l.atEnd() {
		g.paused = g.paused || g.players[0] == engine && g.players[1] == engine
	}
	g.changed()
	return nil
}

// actSetup starts a new game from a pasted position (the variant stays, unless the
// request names another).
func (g *session) actSetup(r *actionRequest) error {
	g.mu.Lock()
	defer g.mu.Unlock()
	v, err := g.requestedVariant(r)
	if err != nil {
		return err
	}
	p, err := v.ParsePosition(strings.TrimSpace(r.FEN))
	if err != nil {
		return err
	}
	g.reset(v, p)
	return nil
}

// actReset starts a new game from the start position (of the variant the request
// names, if any), or from a start drawn for it in a game that draws its start.
func (g *session) actReset(r *actionRequest) error {
	g.mu.Lock()
	defer g.mu.Unlock()
	v, err := g.requestedVariant(r)
	if err != nil {
		return err
	}
	g.reset(v, startOf(v))
	return nil
}

// requestedVariant is the game the request names, or the session's own.
func (g *session) requestedVariant(r *actionRequest) (*board.Variant, error) {
	if r.Variant == "" {
		return g.variant, nil
	}
	return board.VariantByName(r.Variant)
}

func (g *session) reset(v *board.Variant, p board.Position) {
	g.variant, g.line, g.anim, g.review, g.headers = v, newGameLine(p), nil, nil, gameHeaders{}
	g.paused = false
	g.changed()
}

func (g *session) actPlayers(r *actionRequest) error {
	g.mu.Lock()
	defer g.mu.Unlock()
	players, err := parsePlayers(r.South, r.North)
	if err != nil {
		return err
	}
	if r.MoveTime < 0 || r.MoveTime > 600_000 {
		return fmt.Errorf("time per move %d ms: want 1 to 600000", r.MoveTime)
	}
	if r.Strength != "" {
		if err := checkStrength(g.srv.engineInfo(), r.Strength); err != nil {
			return err
		}
	}
	g.players, g.strength = players, r.Strength
	if r.MoveTime > 0 {
		g.moveTime = time.Duration(r.MoveTime) * time.Millisecond
	}
	g.changed()
	return nil
}

// checkStrength accepts a Level within the engine's range or one of its Skill values.
func checkStrength(ei engineInfo, s string) error {
	switch {
	case ei.Level != nil:
		n, err := strconv.Atoi(s)
		if err != nil || n < ei.Level.Min || n > ei.Level.Max {
			return fmt.Errorf("level %q: want %d to %d", s, ei.Level.Min, ei.Level.Max)
		}
	case ei.Skill != nil:
		for _, v := range ei.Skill {
			if v == s {
				return nil
			}
		}
		return fmt.Errorf("skill %q: want one of %s", s, strings.Join(ei.Skill, ", "))
	default:
		return errors.New("the engine has no strength setting")
	}
	return nil
}

func (g *session) actAnalyse(r *actionRequest) error {
	g.mu.Lock()
	defer g.mu.Unlock()
	if r.On == nil {
		return errors.New(`analyse needs "on": true or false`)
	}
	if r.MultiPV < 0 || r.MultiPV > board.MaxMoves {
		return fmt.Errorf("lines %d: want 1 to %d", r.MultiPV, board.MaxMoves)
	}
	if r.MultiPV > 0 {
		g.multipv = r.MultiPV
	}
	g.analysing = *r.On
	g.changed()
	return nil
}

// actStop makes a thinking engine move now, or ends analysis.
func (g *session) actStop(*actionRequest) error {
	g.mu.Lock()
	defer g.mu.Unlock()
	switch {
	case g.analysing:
		g.analysing = false
		g.changed()
	case g.job != nil && g.job.play:
		g.drv.moveNow()
	default:
		return errors.New("the engine is not thinking")
	}
	return nil
}

func (g *session) actPause(r *actionRequest) error {
	g.mu.Lock()
	defer g.mu.Unlock()
	if r.On == nil {
		return errors.New(`pause needs "on": true or false`)
	}
	g.paused = *r.On
	g.changed()
	return nil
}

// actLoad replaces the game with one from a records file (JSON lines, as the
// tournament runner writes them): the line of game number r.Game, or the first.
func (g *session) actLoad(r *actionRequest) error {
	rec, err := pickRecord(r.Record, r.Game)
	if err != nil {
		return err
	}
	v, l, err := lineFromRecord(rec)
	if err != nil {
		return err
	}
	g.mu.Lock()
	defer g.mu.Unlock()
	g.variant, g.line, g.anim, g.review = v, l, nil, nil
	g.headers = gameHeaders{South: rec.South, North: rec.North}
	g.paused, g.analysing = false, false
	g.say(fmt.Sprintf("loaded game %d: %s vs %s, %s (%s)", rec.Game, rec.South, rec.North, rec.Result, rec.Reason), false)
	g.players = [2]string{human, human}
	g.changed()
	return nil
}

// record writes the game as one JSON line in the tournament runner's format.
func (g *session) record() ([]byte, error) {
	g.mu.Lock()
	defer g.mu.Unlock()
	return lineRecord(g.variant, &g.line, g.players)
}

// preview is the position after moves (at most an engine line's length) played from
// the shown ply, without changing the game: what an engine line leads to.
func (g *session) preview(moves []string) (*previewOut, error) {
	g.mu.Lock()
	defer g.mu.Unlock()
	if len(moves) == 0 || len(moves) > 64 {
		return nil, fmt.Errorf("preview needs 1 to 64 moves, not %d", len(moves))
	}
	bg := g.line.shown()
	var last *lastMove
	for i, s := range moves {
		m, err := g.variant.ParseMove(s)
		if err == nil {
			last = describeLastMove(bg.Position(), m)
			err = bg.Play(m)
		}
		if err != nil {
			return nil, fmt.Errorf("preview move %d (%q): %v", i+1, s, err)
		}
	}
	pos := bg.Position()
	p := &previewOut{Counts: make([]int, g.variant.Holes()), Stores: [2]int{pos.Store(board.South), pos.Store(board.North)},
		Children: children(pos), Locked: locked(pos), Blocked: blocked(pos), Owned: owned(pos), FEN: pos.String(), Side: int(pos.SideToMove()), LastMove: last}
	for h := range p.Counts {
		p.Counts[h] = pos.Seeds(h)
	}
	return p, nil
}

// actPromote makes the variation of the shown move the main choice at its branch.
func (g *session) actPromote(*actionRequest) error {
	g.mu.Lock()
	defer g.mu.Unlock()
	if err := g.line.promote(); err != nil {
		return err
	}
	g.changed()
	return nil
}

// actDelete deletes the shown move and what follows it.
func (g *session) actDelete(*actionRequest) error {
	g.mu.Lock()
	defer g.mu.Unlock()
	if err := g.line.remove(); err != nil {
		return err
	}
	if g.review != nil && !g.review.keepTree(&g.line) {
		g.review = nil // every reviewed move was deleted
	}
	g.anim = nil
	g.changed()
	return nil
}

// actImport replaces the game with one in game text (docs/gui.md), or, when the text
// starts with "{", with the first record of a records file.
func (g *session) actImport(r *actionRequest) error {
	if strings.HasPrefix(strings.TrimSpace(r.Text), "{") {
		return g.actLoad(&actionRequest{Record: r.Text})
	}
	gt, err := parseGameText(r.context(), r.Text)
	if err != nil {
		return err
	}
	v, h := gt.variant, gt.headers
	g.mu.Lock()
	defer g.mu.Unlock()
	g.variant, g.line, g.anim, g.review, g.headers = v, gt.line, nil, nil, h
	g.line.cursor = 0
	g.paused, g.analysing = false, false
	g.say(fmt.Sprintf("imported %s: %s vs %s, %s", v.Title, orUnknown(h.South), orUnknown(h.North), orUnknown(h.Result)), false)
	g.players = [2]string{human, human}
	g.changed()
	return nil
}

// orUnknown is s, or "?" when empty.
func orUnknown(s string) string {
	if s == "" {
		return "?"
	}
	return s
}

// gameText writes the game as game text, with its file name: game, players and date.
// The headers imported with the game are kept; the others name the seats, today and
// the result of the line on screen ("*" while it goes on).
func (g *session) gameText(now time.Time) (text, name string) {
	g.mu.Lock()
	defer g.mu.Unlock()
	h := g.headers
	h.Game, h.Start = "", ""
	if r := g.line.game(len(g.line.moves)).Result(); r.Over() {
		h.Result = r.Score()
	}
	for _, f := range []struct {
		field *string
		value string
	}{{&h.South, g.players[0]}, {&h.North, g.players[1]},
		{&h.Date, now.Format("2006-01-02")}, {&h.Result, "*"}} {
		if *f.field == "" {
			*f.field = f.value
		}
	}
	return formatGameText(g.variant, &g.line, h), g.fileName(now)
}

// fileName names a saved game by game, players and date, without the extension.
func (g *session) fileName(now time.Time) string {
	return fmt.Sprintf("%s_%s-vs-%s_%s", g.variant.Name, g.players[0], g.players[1], now.Format("2006-01-02"))
}

// actReview starts a game review of the shown line (on), or stops one (off), keeping
// the losses it has found. The
// request's moveTimeMs is the search time per position (default 100 ms).
func (g *session) actReview(r *actionRequest) error {
	g.mu.Lock()
	defer g.mu.Unlock()
	if r.On == nil {
		return errors.New(`review needs "on": true or false`)
	}
	if !*r.On {
		if g.review != nil {
			g.review.stopped = true // what it found so far stays
		}
		g.changed()
		return nil
	}
	if r.MoveTime < 0 || r.MoveTime > 60_000 {
		return fmt.Errorf("review time per position %d ms: want 1 to 60000", r.MoveTime)
	}
	per := defaultReviewTime
	if r.MoveTime > 0 {
		per = time.Duration(r.MoveTime) * time.Millisecond
	}
	if err := g.startReview(per); err != nil {
		return err
	}
	g.changed()
	return nil
}
