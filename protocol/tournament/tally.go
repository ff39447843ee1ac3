package tournament

import (
	"time"

	"mancala/board"
	"mancala/protocol/tournament/stats"
)

// PairStats is the tally between two engines, from A's point of view, over the
// completed game pairs; Unpaired counts the finished games whose pair partner has
// not been played (yet), which are in the standings but not here. The pairs
// scored 1-1 (the pentanomial's middle bin) are split into those one colour won
// twice (ColourWon: a win and a loss, the same side winning both games) and those
// of two draws (BothDrawn); many of the first say the openings, not the engines,
// decide the games.
//
// LevelOpenings counts, as a pentanomial, the pairs in which A's first score (see
// Outlook) was level in both games, and OtherOpenings the pairs A scored in both
// games otherwise: an engine cannot win a level opening from an opponent that does
// not err, so the first shows how often the opponent erred and the second how the
// openings that were not level went.
type PairStats struct {
	A, B          int
	WDL           stats.WDL
	Ptnml         stats.Pentanomial
	ColourWon     int
	BothDrawn     int
	Unpaired      int
	LevelOpenings stats.Pentanomial
	OtherOpenings stats.Pentanomial
}

// Faults counts the games an engine lost by its own fault, and the largest time
// overrun it was seen to take beyond its clock or movetime (within the margin, or
// the one that lost it the game).
type Faults struct {
	TimeForfeits int           // time forfeit
	Crashes      int           // crash, engine failure
	Illegal      int           // illegal move, bad bestmove
	MaxOverrun   time.Duration // largest overrun of one move
}

// Summary is the outcome of a match, or of any set of its records.
type Summary struct {
	Engines   []string
	Standings []stats.WDL // each engine against all its opponents
	Faults    []Faults    // each engine's
	Outlooks  []Outlook   // each engine's scores against its results
	Pairs     []PairStats
	Scheduled int
	Played    int
	Reasons   map[string]int // games by how they ended
	SPRT      *stats.SPRT
	LLR       float64
	Verdict   stats.Verdict
	Stopped   string   // why the match stopped early ("" if it did not)
	Notes     []string // what merged records mix (Summarize): other matches, settings, missing games
	// Decided are the openings of the completed pairs not scored 1-1, once each in
	// the order their pairs completed: the openings whose games the engines, not
	// the colours, decided (a win and a loss by the same colour, or two draws, say
	// nothing of the engines).
	Decided []Opening

	open    map[inMatch]halfPair // a pair of a match -> its only finished game
	decided map[string]bool      // the openings in Decided, by their line
}

// inMatch names a game or a game pair across merged records: numbers restart in
// each match.
type inMatch struct {
	match string
	n     int
}

// halfPair is what a pair's first finished game leaves for its second: A's points
// and what A said of the game.
type halfPair struct {
	points float64
	said   gameOutlook
}

// newSummary returns an empty tally of the given engines and pairings (more are
// added as records name them).
func newSummary(engines []string, pairings [][2]int, scheduled int, sprt *stats.SPRT) *Summary {
	s := &Summary{Scheduled: scheduled, Reasons: map[string]int{}, SPRT: sprt, open: map[inMatch]halfPair{},
		decided: map[string]bool{}}
	for _, e := range engines {
		s.engine(e)
	}
	for _, p := range pairings {
		s.Pairs = append(s.Pairs, PairStats{A: p[0], B: p[1]})
	}
	return s
}

// engine returns the index of the named engine, adding it if new.
func (s *Summary) engine(name string) int {
	for i, e := range s.Engines {
		if e == name {
			return i
		}
	}
	s.Engines = append(s.Engines, name)
	s.Standings = append(s.Standings, stats.WDL{})
	s.Faults = append(s.Faults, Faults{})
	s.Outlooks = append(s.Outlooks, Outlook{})
	return len(s.Engines) - 1
}

// pairing returns the index of the pairing of a and b, adding it if new.
func (s *Summary) pairing(a, b int) int {
	for i, p := range s.Pairs {
		if p.A == a && p.B == b {
			return i
		}
	}
	s.Pairs = append(s.Pairs, PairStats{A: a, B: b})
	return len(s.Pairs) - 1
}

// Add counts one finished game. The first game of a pair (odd game numbers) has the
// pairing's first engine as South. The SPRT, if any, is updated on the first pairing.
func (s *Summary) Add(r *Record) {
	var south, north int
	if r.Game%2 == 1 { // the pairing's engines in their order, A first
		south, north = s.engine(r.South), s.engine(r.North)
	} else {
		north, south = s.engine(r.North), s.engine(r.South)
	}
	a, b := south, north
	if r.Game%2 == 0 {
		a, b = north, south
	}
	ps := &s.Pairs[s.pairing(a, b)]
	s.Played++
	s.Reasons[r.Reason]++
	sp := r.SouthPoints()
	s.Standings[south].Add(sp)
	s.Standings[north].Add(1 - sp)
	said := outlooks(r)
	aPoints, aSaid := sp, said[board.South]
	if a != south {
		aPoints, aSaid = 1-sp, said[board.North]
	}
	key := inMatch{r.Match, r.Pair}
	if prev, ok := s.open[key]; ok {
		delete(s.open, key)
		ps.Unpaired--
		ps.WDL.Add(prev.points)
		ps.WDL.Add(aPoints)
		ps.Ptnml.AddPair(prev.points + aPoints)
		switch {
		case prev.points == 0.5 && aPoints == 0.5:
			ps.BothDrawn++
		case prev.points+aPoints == 1:
			ps.ColourWon++
		}
		if line := r.Opening.String(); prev.points+aPoints != 1 && !s.decided[line] {
			s.decided[line] = true
			s.Decided = append(s.Decided, r.Opening)
		}
		switch {
		case !prev.said.scored || !aSaid.scored:
		case prev.said.first == Level && aSaid.first == Level:
			ps.LevelOpenings.AddPair(prev.points + aPoints)
		default:
			ps.OtherOpenings.AddPair(prev.points + aPoints)
		}
	} else {
		s.open[key] = halfPair{aPoints, aSaid}
		ps.Unpaired++
	}
	for side, e := range [2]int{south, north} {
		f := &s.Faults[e]
		f.MaxOverrun = max(f.MaxOverrun, time.Duration(r.OverrunMS[side])*time.Millisecond)
		points := sp
		if side == int(board.North) {
			points = 1 - sp
		}
		s.Outlooks[e].add(points, said[side])
	}
	if loser, ok := r.faultLoser(); ok {
		f := &s.Faults[[2]int{south, north}[loser]]
		switch r.Reason {
		case EndTimeForfeit:
			f.TimeForfeits++
		case EndCrash, EndEngineFailure:
			f.Crashes++
		case EndIllegalMove, EndBadBestMove:
			f.Illegal++
		}
	}
	if s.SPRT != nil && len(s.Pairs) > 0 {
		s.LLR = s.SPRT.LLR(s.Pairs[0].Ptnml)
		s.Verdict = s.SPRT.Decide(s.LLR)
	}
}
