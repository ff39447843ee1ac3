package tournament

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"math/rand/v2"
	"sort"
	"strings"

	"mancala/board"
)

// Opening is where a game pair starts: a position and moves played from it.
type Opening struct {
	FEN   string   `json:"fen"`
	Moves []string `json:"moves,omitempty"`
}

// String writes the opening as one line of an openings file.
func (o Opening) String() string {
	if len(o.Moves) == 0 {
		return o.FEN
	}
	return o.FEN + " moves " + strings.Join(o.Moves, " ")
}

// Game replays the opening with the rules of v.
func (o Opening) Game(v *board.Variant) (*board.Game, error) {
	p, err := v.ParsePosition(o.FEN)
	if err != nil {
		return nil, err
	}
	g := board.NewGame(p)
	for _, s := range o.Moves {
		m, err := v.ParseMove(s)
		if err == nil {
			err = g.Play(m)
		}
		if err != nil {
			return nil, err
		}
	}
	return g, nil
}

// ParseOpening reads one line of an openings file: "startpos" or a position in the
// notation of RULES.md, then optionally moves (with or without the word "moves").
// The opening must leave a game that is not over.
func ParseOpening(v *board.Variant, line string) (Opening, error) {
	f := strings.Fields(line)
	var o Opening
	switch {
	case len(f) >= 1 && f[0] == "startpos":
		o.FEN = v.Start
		f = f[1:]
	case len(f) >= 5:
		o.FEN = strings.Join(f[:5], " ")
		f = f[5:]
	default:
		return o, fmt.Errorf("need startpos or a position of 5 fields, then optional moves")
	}
	if len(f) > 0 && f[0] == "moves" {
		f = f[1:]
	}
	o.Moves = f
	g, err := o.Game(v)
	if err != nil {
		return o, err
	}
	if g.Result().Over() {
		return o, fmt.Errorf("the game is already over (%s)", g.Result())
	}
	// Write the position as the board package does, so that records compare exactly.
	o.FEN = g.Start().String()
	return o, nil
}

// ReadOpenings reads an openings file: one opening per line (see ParseOpening); blank
// lines and lines starting with # are skipped.
func ReadOpenings(v *board.Variant, r io.Reader) ([]Opening, error) {
	var out []Opening
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 0, 4096), 1<<20)
	for n := 1; sc.Scan(); n++ {
		line := strings.TrimSpace(sc.Text())
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		o, err := ParseOpening(v, line)
		if err != nil {
			return nil, fmt.Errorf("openings line %d: %v", n, err)
		}
		out = append(out, o)
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("openings: %v", err)
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("openings: no openings in the file")
	}
	return out, nil
}

// Scorer judges an opening: the score of the game's current position in centiseeds,
// from either side's point of view (only its size counts). The runner judges engines
// from outside, so the scoring comes from its caller (cmd/tourney passes a shallow
// search).
type Scorer func(g *board.Game) int

// Generator makes random openings: Plies random moves from the start position (in a
// game that draws its start, board.Variant.DrawsStart, a start drawn for each), each
// among the moves after which the game goes on (board.RandomOpening), kept when Score
// judges the result within Balance centiseeds of equal, so that neither side starts
// far ahead. With Lead above 0 only openings judged at least Lead from equal are
// kept: one side starts ahead by a known margin, as in the unbalanced books that
// strong engines are tested with at long clocks, where balanced openings end mostly
// in draws (each opening is played with both colours, so neither engine gains).
type Generator struct {
	Plies   int    // random moves from the start
	Score   Scorer // the balancing judge (nil: no balancing)
	Balance int    // largest accepted |score|, in centiseeds
	Lead    int    // smallest accepted |score|, in centiseeds (0: none)
	Seed    uint64 // the same seed gives the same openings
	// Progress, if set, is called after each opening the judge scores, with the
	// openings kept and tried so far (a deep judge can take minutes).
	Progress func(kept, tried int)
}

// candidate is an opening with the balancing search's verdict.
type candidate struct {
	o     Opening
	score int
}

// miss is how far |score| falls outside the accepted range Lead..Balance (0 inside).
func (gen Generator) miss(score int) int {
	return max(score-gen.Balance, gen.Lead-score, 0)
}

// Generate returns n distinct openings. If too few fall in the accepted range within
// the attempts allowed, the others nearest to it fill the list. It stops with ctx's
// error when ctx ends.
func (gen Generator) Generate(ctx context.Context, v *board.Variant, n int) ([]Opening, error) {
	if n <= 0 || gen.Plies < 0 {
		return nil, fmt.Errorf("openings: need a positive count and non-negative plies")
	}
	rng := rand.New(rand.NewPCG(gen.Seed, 0x6d616e63616c61))
	seen := map[string]bool{}
	var kept, rejected []candidate
	tried := 0
	for attempt := 0; attempt < 50*n+100 && len(kept) < n; attempt++ {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		start, fen := v.StartPosition(), v.Start
		if v.DrawsStart() { // each opening from a start of its own, drawn from rng
			start = v.DrawStart(rng)
			fen = start.String()
		}
		g, ok := board.RandomOpening(start, gen.Plies, rng)
		if !ok {
			continue
		}
		o := Opening{FEN: fen, Moves: moveNames(v, g.Moves())}
		if seen[o.String()] {
			continue
		}
		seen[o.String()] = true
		c := candidate{o: o}
		if gen.Score != nil {
			c.score = gen.Score(g)
			if c.score < 0 {
				c.score = -c.score
			}
		}
		if gen.miss(c.score) == 0 {
			kept = append(kept, c)
		} else {
			rejected = append(rejected, c)
		}
		tried++
		if gen.Score != nil && gen.Progress != nil {
			gen.Progress(len(kept), tried)
		}
	}
	sort.SliceStable(rejected, func(i, j int) bool { return gen.miss(rejected[i].score) < gen.miss(rejected[j].score) })
	for i := 0; len(kept) < n && i < len(rejected); i++ {
		kept = append(kept, rejected[i])
	}
	if len(kept) < n {
		return nil, fmt.Errorf("openings: found only %d distinct openings of %d plies for %s", len(kept), gen.Plies, v.Name)
	}
	out := make([]Opening, n)
	for i := range out {
		out[i] = kept[i].o
	}
	return out, nil
}

// moveNames writes moves in the notation of v (nil for none).
func moveNames(v *board.Variant, ms []board.Move) []string {
	var out []string
	for _, m := range ms {
		out = append(out, v.FormatMove(m))
	}
	return out
}
