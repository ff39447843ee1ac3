package eval

import (
	"bufio"
	"embed"
	"fmt"
	"strconv"
	"strings"

	"mancala/board"
)

// Term numbers one input of the learned evaluation. Terms are counted from the side
// to move's point of view, "Mine" for the side to move and "Theirs" for the other.
type Term int

// The terms of the learned evaluation, each "Mine" term followed by its "Theirs"
// twin. Buckets count a player's occupied holes by the seeds they hold (1, 2, 3, 4-6,
// 7-11, 12 or more: bounds chosen, not measured); empty holes are the rest, and
// playable holes (board's MinSowable, 1 or 2) a sum of buckets, so neither has a term
// of its own.
const (
	Tempo        Term = iota // always 1: the worth of being the side to move
	Material                 // as in the hand-set evaluation: stores, or cows owned
	MaterialLate             // Material times the seeds off the board (stores, reserves)
	RowMine                  // seeds on own row (scoring games)
	RowTheirs
	RowLate          // (RowMine - RowTheirs) times the seeds off the board
	BucketMine       // six terms, one per bucket
	BucketTheirs     = BucketMine + numBuckets
	InnerMine        = BucketTheirs + numBuckets // cows in the inner row (Bao la Kimasai)
	InnerTheirs      = InnerMine + 1
	InnerHolesMine   = InnerMine + 2 // occupied inner-row holes
	InnerHolesTheirs = InnerMine + 3
	ReserveMine      = InnerMine + 4 // cows still to place (Bao la Kimasai)
	ReserveTheirs    = InnerMine + 5
	NumTerms         = InnerMine + 6
)

const numBuckets = 6

// bucketOf maps a hole's seed count (1 or more) to its bucket.
var bucketOf = func() (b [256]uint8) {
	for n := 1; n < len(b); n++ {
		switch {
		case n <= 3:
			b[n] = uint8(n - 1)
		case n <= 6:
			b[n] = 3
		case n <= 11:
			b[n] = 4
		default:
			b[n] = 5
		}
	}
	return b
}()

var termNames = func() (names [NumTerms]string) {
	fixed := map[Term]string{Tempo: "tempo", Material: "material", MaterialLate: "material-late",
		RowMine: "row-mine", RowTheirs: "row-theirs", RowLate: "row-late",
		InnerMine: "inner-mine", InnerTheirs: "inner-theirs",
		InnerHolesMine: "inner-holes-mine", InnerHolesTheirs: "inner-holes-theirs",
		ReserveMine: "reserve-mine", ReserveTheirs: "reserve-theirs"}
	for t, n := range fixed {
		names[t] = n
	}
	for i, b := range []string{"1", "2", "3", "4-6", "7-11", "12+"} {
		names[BucketMine+Term(i)] = "bucket-" + b + "-mine"
		names[BucketTheirs+Term(i)] = "bucket-" + b + "-theirs"
	}
	return names
}()

// String is the term's name in the weight files.
func (t Term) String() string { return termNames[t] }

// Vector holds the value of every term in one position.
type Vector [NumTerms]int32

// WeightScale is the fixed-point unit of the weights: a weight of WeightScale adds
// one centiseed per unit of its term (enough resolution for the interaction terms,
// whose units are small; not measured against other scales).
const WeightScale = 16

// Weights are the learned evaluation's weights, in 1/WeightScale centiseed per unit.
type Weights [NumTerms]int32

// Extract fills x with the terms of p.
func Extract(p *board.Position, x *Vector) {
	*x = Vector{}
	me, opp := p.SideToMove(), p.SideToMove().Other()
	v := p.Variant()
	mine, theirs := p.Store(me), p.Store(opp)
	off := p.Store(me) + p.Store(opp)
	if v.Reserves {
		x[ReserveMine], x[ReserveTheirs] = int32(mine), int32(theirs)
		mine += p.RowSeeds(me)
		theirs += p.RowSeeds(opp)
		x[InnerMine], x[InnerTheirs] = int32(p.InnerCows(me)), int32(p.InnerCows(opp))
	}
	x[Tempo] = 1
	x[Material] = int32(mine - theirs)
	x[MaterialLate] = int32((mine - theirs) * off)
	if v.Scoring {
		rm, rt := p.RowSeeds(me), p.RowSeeds(opp)
		x[RowMine], x[RowTheirs] = int32(rm), int32(rt)
		x[RowLate] = int32((rm - rt) * off)
	}
	for i, s := range [2]board.Side{me, opp} {
		bucket, innerHoles := BucketMine, InnerHolesMine
		if i == 1 {
			bucket, innerHoles = BucketTheirs, InnerHolesTheirs
		}
		for _, h := range v.RowHoles(s) {
			n := p.Seeds(int(h))
			if n == 0 {
				continue
			}
			x[bucket+Term(bucketOf[n])]++
			if v.IsInner(int(h)) {
				x[innerHoles]++
			}
		}
	}
}

// Score is the weighted sum of the terms of x, in centiseeds.
func (w *Weights) Score(x *Vector) int {
	s := 0
	for i, t := range x {
		s += int(w[i]) * int(t)
	}
	return s / WeightScale
}

//go:embed weights/*.txt
var weightFiles embed.FS

// readWeights reads the weights file of eval/weights that game v's profile names
// (Eval.Weights); a missing or malformed file stops the program.
func readWeights(v *board.Variant, file string) Weights {
	name := "weights/" + file
	b, err := weightFiles.ReadFile(name)
	if err != nil {
		panic(fmt.Sprintf("eval: the profile of %s names %s: %v", v.Name, name, err))
	}
	w, err := ParseWeights(string(b))
	if err != nil {
		panic(fmt.Sprintf("eval: %s: %v", name, err))
	}
	return w
}

// LearnedWeights returns the embedded weights of game v (zero for a game without).
func LearnedWeights(v *board.Variant) Weights { return of(v).weights }

// ParseWeights reads weights in the form FormatWeights writes: one "name weight" line
// per term; blank lines and lines starting with # are ignored, a term not named has
// weight 0. On an error it returns no weights.
func ParseWeights(s string) (Weights, error) {
	var w Weights
	byName := map[string]Term{}
	for t := range Term(NumTerms) {
		byName[t.String()] = t
	}
	sc := bufio.NewScanner(strings.NewReader(s))
	line := 1
	for ; sc.Scan(); line++ {
		f := strings.Fields(sc.Text())
		if len(f) == 0 || strings.HasPrefix(f[0], "#") {
			continue
		}
		if len(f) != 2 {
			return Weights{}, fmt.Errorf("line %d: want \"term weight\", got %q", line, sc.Text())
		}
		t, ok := byName[f[0]]
		if !ok {
			return Weights{}, fmt.Errorf("line %d: unknown term %q", line, f[0])
		}
		n, err := strconv.ParseInt(f[1], 10, 32)
		if err != nil {
			return Weights{}, fmt.Errorf("line %d: weight %q is not an integer", line, f[1])
		}
		w[t] = int32(n)
	}
	if err := sc.Err(); err != nil { // a line longer than the scanner's 64 KiB
		return Weights{}, fmt.Errorf("line %d: %v", line, err)
	}
	return w, nil
}

// FormatWeights writes w one "name weight" line per term, in term order.
func FormatWeights(w Weights) string {
	var b strings.Builder
	for t := range Term(NumTerms) {
		fmt.Fprintf(&b, "%s %d\n", t, w[t])
	}
	return b.String()
}
