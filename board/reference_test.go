package board_test

// An independent, deliberately plain implementation of docs/rules.md (the
// project's RULES.md made exact) used as an oracle for the board package. It works on a
// [row][col] grid in notation coordinates, sows one seed at a time, has its own
// sowing-order tables and its own notation reader and writer, and shares nothing
// with the board package but the notation strings it is compared on.

import (
	"fmt"
	"strconv"
	"strings"
	"testing"
)

// refSpot is a hole in notation coordinates: 0-based row (row 1 is 0) and column.
type refSpot struct{ row, col int }

func (s refSpot) String() string { return fmt.Sprintf("%c%d", 'a'+s.col, s.row+1) }

// refGame is the reference description of one game.
type refGame struct {
	name       string
	rows, cols int
	total      int
	next, prev map[refSpot]refSpot // sowing order, built from explicit lists
}

// refGames are built from the sowing orders written out as coordinate lists, exactly
// as the rules state them.
var refGames = map[string]*refGame{
	"je-ki-n-je": newRefGame("je-ki-n-je", 2, 6, 48,
		"a1 b1 c1 d1 e1 f1 f2 e2 d2 c2 b2 a2"),
	"adji-kui-1": newRefGame("adji-kui-1", 2, 6, 48,
		"a1 b1 c1 d1 e1 f1 f2 e2 d2 c2 b2 a2"),
	"adji-boto": newRefGame("adji-boto", 2, 5, 100,
		"a1 b1 c1 d1 e1 e2 d2 c2 b2 a2"),
	"oware-abapa": newRefGame("oware-abapa", 2, 6, 48,
		"a1 b1 c1 d1 e1 f1 f2 e2 d2 c2 b2 a2"),
	"bao-la-kimasai": newRefGame("bao-la-kimasai", 4, 8, 64,
		"a2 b2 c2 d2 e2 f2 g2 h2 h1 g1 f1 e1 d1 c1 b1 a1",
		"a4 b4 c4 d4 e4 f4 g4 h4 h3 g3 f3 e3 d3 c3 b3 a3"),
}

// newRefGame builds a game from its sowing rings, each a cycle of coordinates.
func newRefGame(name string, rows, cols, total int, rings ...string) *refGame {
	g := &refGame{name: name, rows: rows, cols: cols, total: total,
		next: map[refSpot]refSpot{}, prev: map[refSpot]refSpot{}}
	for _, ring := range rings {
		var spots []refSpot
		for _, c := range strings.Fields(ring) {
			spots = append(spots, refSpot{row: int(c[1] - '1'), col: int(c[0] - 'a')})
		}
		for i, s := range spots {
			n := spots[(i+1)%len(spots)]
			g.next[s] = n
			g.prev[n] = s
		}
	}
	return g
}

// owner is 0 for South (row 1, or rows 1 and 2 in Bao la Kimasai), 1 for North.
func (g *refGame) owner(s refSpot) int {
	if s.row < g.rows/2 {
		return 0
	}
	return 1
}

// ownSpots lists a side's holes in coordinate order: rows upwards, columns from a.
func (g *refGame) ownSpots(side int) []refSpot {
	var out []refSpot
	for r := 0; r < g.rows; r++ {
		for c := 0; c < g.cols; c++ {
			if s := (refSpot{r, c}); g.owner(s) == side {
				out = append(out, s)
			}
		}
	}
	return out
}

// refPos is a reference position.
type refPos struct {
	g       *refGame
	seeds   [4][8]int
	store   [2]int // captured seeds, stores, or Bao la Kimasai reserves
	side    int
	opening [4][8]bool // Adji-Boto: holes not yet played in the opening
	first   bool       // Bao la Kimasai: next move is the first of the game
}

func (p *refPos) at(s refSpot) int     { return p.seeds[s.row][s.col] }
func (p *refPos) put(s refSpot, n int) { p.seeds[s.row][s.col] = n }

func (p *refPos) rowSum(side int) int {
	n := 0
	for _, s := range p.g.ownSpots(side) {
		n += p.at(s)
	}
	return n
}

func (p *refPos) inOpening() bool {
	for _, row := range p.opening {
		for _, b := range row {
			if b {
				return true
			}
		}
	}
	return false
}

// refParse reads the notation independently of the board package.
func refParse(name, text string) (refPos, error) {
	g := refGames[name]
	p := refPos{g: g}
	f := strings.Split(text, " ")
	if len(f) != 5 {
		return p, fmt.Errorf("want 5 fields")
	}
	rows := strings.Split(f[0], "/")
	if len(rows) != g.rows {
		return p, fmt.Errorf("want %d rows", g.rows)
	}
	sum := 0
	for i, rowText := range rows {
		cells := strings.Split(rowText, ",")
		if len(cells) != g.cols {
			return p, fmt.Errorf("want %d columns", g.cols)
		}
		for c, cell := range cells {
			n, err := strconv.Atoi(cell)
			if err != nil || n < 0 || strings.ContainsAny(cell, "+-") {
				return p, fmt.Errorf("bad count %q", cell)
			}
			p.seeds[g.rows-1-i][c] = n
			sum += n
		}
	}
	switch f[1] {
	case "S":
		p.side = 0
	case "N":
		p.side = 1
	default:
		return p, fmt.Errorf("bad side")
	}
	for i := 0; i < 2; i++ {
		n, err := strconv.Atoi(f[2+i])
		if err != nil || n < 0 || strings.ContainsAny(f[2+i], "+-") {
			return p, fmt.Errorf("bad store")
		}
		p.store[i] = n
		sum += n
	}
	if sum != g.total {
		return p, fmt.Errorf("total %d", sum)
	}
	switch {
	case f[4] == "-":
	case name == "bao-la-kimasai" && f[4] == "*":
		p.first = true
	case name == "adji-boto":
		for i := 0; i < len(f[4]); i += 2 {
			if i+2 > len(f[4]) {
				return p, fmt.Errorf("bad state")
			}
			s := refSpot{row: int(f[4][i+1] - '1'), col: int(f[4][i] - 'a')}
			if s.row < 0 || s.row > 1 || s.col < 0 || s.col > 4 || p.opening[s.row][s.col] {
				return p, fmt.Errorf("bad state")
			}
			p.opening[s.row][s.col] = true
		}
		if strings.Split(p.format(), " ")[4] != f[4] {
			return p, fmt.Errorf("state %q not in canonical order", f[4])
		}
	default:
		return p, fmt.Errorf("bad state")
	}
	return p, nil
}

// format writes the notation.
func (p *refPos) format() string {
	g := p.g
	var rows []string
	for r := g.rows - 1; r >= 0; r-- {
		var cells []string
		for c := 0; c < g.cols; c++ {
			cells = append(cells, strconv.Itoa(p.seeds[r][c]))
		}
		rows = append(rows, strings.Join(cells, ","))
	}
	state := ""
	for r := 0; r < g.rows; r++ {
		for c := 0; c < g.cols; c++ {
			if p.opening[r][c] {
				state += refSpot{r, c}.String()
			}
		}
	}
	if p.first {
		state = "*"
	}
	if state == "" {
		state = "-"
	}
	return fmt.Sprintf("%s %s %d %d %s", strings.Join(rows, "/"), [2]string{"S", "N"}[p.side],
		p.store[0], p.store[1], state)
}

// refMove is the outcome of trying one move in the reference.
type refMove struct {
	pos   refPos
	laps  int    // laps sown (stops counting just past the limit)
	legal bool   // false: see why
	why   string // "endless", "feeding", "empty", "few", "opening"
}

// refLapLimit is the rules' bound: a move needing more laps is endless.
const refLapLimit = 1000

// sowOne sows n seeds one by one after spot from (from itself only if the lap comes
// round again) and returns the landing spot and whether it was empty before the
// last seed arrived.
func (p *refPos) sowOne(from refSpot, n int) (land refSpot, wasEmpty bool) {
	cur := from
	for i := 0; i < n; i++ {
		cur = p.g.next[cur]
		wasEmpty = p.at(cur) == 0
		p.put(cur, p.at(cur)+1)
	}
	return cur, wasEmpty
}

// try plays the move from spot s (a hole of the side to move) with the given lap
// limit; limit < 0 means no limit (the caller must know the move ends).
func (p *refPos) try(s refSpot, limit int) refMove {
	switch p.g.name {
	case "je-ki-n-je":
		return p.tryJeKiNJe(s, limit)
	case "adji-kui-1":
		return p.tryAdjiKui(s)
	case "adji-boto":
		return p.tryAdjiBoto(s)
	case "oware-abapa":
		return p.tryOware(s)
	}
	return p.tryBao(s, limit)
}

func (p *refPos) tryJeKiNJe(s refSpot, limit int) refMove {
	q := *p
	me, opp := p.side, 1-p.side
	if q.at(s) == 0 {
		return refMove{why: "empty"}
	}
	hungry := q.rowSum(opp) == 0
	n := q.at(s)
	q.put(s, 0)
	from := s
	laps := 0
	var land refSpot
	for {
		laps++
		if limit >= 0 && laps > limit {
			return refMove{laps: laps, why: "endless"}
		}
		var empty bool
		land, empty = q.sowOne(from, n)
		if empty {
			break
		}
		n = q.at(land)
		q.put(land, 0)
		from = land
	}
	if q.g.owner(land) == opp {
		next := q.g.next[land]
		if q.g.owner(next) == opp && q.at(next) > 0 {
			take := q.at(next) + 1
			if q.rowSum(opp)-take > 0 {
				q.put(land, 0)
				q.put(next, 0)
				q.store[me] += take
			}
		}
	}
	if hungry && q.rowSum(opp) == 0 {
		return refMove{laps: laps, why: "feeding"}
	}
	q.side = opp
	return refMove{pos: q, laps: laps, legal: true}
}

func (p *refPos) tryAdjiKui(s refSpot) refMove {
	q := *p
	me := p.side
	n := q.at(s)
	if n < 2 {
		return refMove{why: "few"}
	}
	q.put(s, 0)
	land, _ := q.sowOne(s, n)
	for k := land; q.g.owner(k) != me && (q.at(k) == 2 || q.at(k) == 3); k = q.g.prev[k] {
		q.store[me] += q.at(k)
		q.put(k, 0)
	}
	q.side = 1 - me
	return refMove{pos: q, laps: 1, legal: true}
}

func (p *refPos) tryAdjiBoto(s refSpot) refMove {
	q := *p
	me := p.side
	n := q.at(s)
	if n < 2 {
		return refMove{why: "few"}
	}
	opening := q.inOpening()
	if opening && !q.opening[s.row][s.col] {
		return refMove{why: "opening"}
	}
	q.put(s, 1)
	land, _ := q.sowOne(s, n-1)
	if opening {
		q.opening[s.row][s.col] = false
	} else {
		for k := q.g.next[land]; k != land; k = q.g.next[k] {
			c := q.at(k)
			if c != 1 && c != 3 && c != 5 {
				break
			}
			q.store[me] += c
			q.put(k, 0)
		}
	}
	q.side = 1 - me
	return refMove{pos: q, laps: 1, legal: true}
}

// tryOware sows one seed at a time, never into the emptied hole; a last seed making
// 2 or 3 on the opponent's side takes that hole and the opponent holes before it
// holding 2 or 3, unless they are all the opponent has; a hungry opponent must be fed.
func (p *refPos) tryOware(s refSpot) refMove {
	q := *p
	me, opp := p.side, 1-p.side
	n := q.at(s)
	if n == 0 {
		return refMove{why: "empty"}
	}
	hungry := q.rowSum(opp) == 0
	q.put(s, 0)
	cur := s
	for n > 0 {
		if cur = q.g.next[cur]; cur != s {
			q.put(cur, q.at(cur)+1)
			n--
		}
	}
	var taken []refSpot
	sum := 0
	for k := cur; q.g.owner(k) == opp && (q.at(k) == 2 || q.at(k) == 3); k = q.g.prev[k] {
		taken = append(taken, k)
		sum += q.at(k)
	}
	if sum < q.rowSum(opp) {
		for _, k := range taken {
			q.put(k, 0)
		}
		q.store[me] += sum
	}
	if hungry && q.rowSum(opp) == 0 {
		return refMove{laps: 1, why: "feeding"}
	}
	q.side = opp
	return refMove{pos: q, laps: 1, legal: true}
}

// owareDecided reports an Oware Abapa game won by a store of more than 24 seeds,
// scored with the stores as they are.
func (p *refPos) owareDecided() (string, bool) {
	if p.store[0] > 24 || p.store[1] > 24 {
		return scored(p.store[0], p.store[1]), true
	}
	return "", false
}

func (p *refPos) tryBao(s refSpot, limit int) refMove {
	q := *p
	me, opp := p.side, 1-p.side
	if q.at(s) == 0 {
		return refMove{why: "empty"}
	}
	raiding := false
	switch {
	case q.first:
		q.first = false
	case q.store[me] > 0:
		q.store[me]--
		q.put(s, q.at(s)+1)
	default:
		raiding = q.store[opp] == 0
	}
	n := q.at(s)
	q.put(s, 0)
	from := s
	laps := 0
	for {
		laps++
		if limit >= 0 && laps > limit {
			return refMove{laps: laps, why: "endless"}
		}
		land, empty := q.sowOne(from, n)
		if empty {
			break
		}
		inner := land.row == 1 || land.row == 2
		facing := refSpot{row: 3 - land.row, col: land.col}
		if raiding && inner && q.at(facing) > 0 {
			n = q.at(facing)
			q.put(facing, 0)
			from = q.g.prev[land] // the first captured cow goes into the landing hole
			continue
		}
		n = q.at(land)
		q.put(land, 0)
		from = land
	}
	q.side = opp
	return refMove{pos: q, laps: laps, legal: true}
}

// innerSum counts a Bao la Kimasai player's cows in their inner row.
func (p *refPos) innerSum(side int) int {
	row := 1 + side // South's inner row is row 2, North's row 3
	n := 0
	for c := 0; c < 8; c++ {
		n += p.seeds[row][c]
	}
	return n
}

// baoDecided reports the Bao la Kimasai result already decided by the last move.
func (p *refPos) baoDecided() (string, bool) {
	mover := 1 - p.side
	if p.innerSum(p.side) == 0 {
		return [2]string{"1-0", "0-1"}[mover], true
	}
	if p.innerSum(mover) == 0 {
		return [2]string{"1-0", "0-1"}[p.side], true
	}
	return "", false
}

// refChild is a legal move and its position.
type refChild struct {
	move string
	pos  refPos
}

// children lists the legal moves in coordinate order (pass last), empty when the
// game is over.
func (p *refPos) children() []refChild {
	if p.g.name == "bao-la-kimasai" {
		if _, over := p.baoDecided(); over {
			return nil
		}
	}
	if p.g.name == "oware-abapa" {
		if _, over := p.owareDecided(); over {
			return nil
		}
	}
	var out []refChild
	for _, s := range p.g.ownSpots(p.side) {
		if m := p.try(s, refLapLimit); m.legal {
			out = append(out, refChild{s.String(), m.pos})
		}
	}
	if len(out) == 0 && p.mayPass() {
		q := *p
		q.side = 1 - q.side
		out = append(out, refChild{"pass", q})
	}
	return out
}

// mayPass: in Adji Kui I and Adji-Boto a blocked player passes if the opponent can move.
func (p *refPos) mayPass() bool {
	if p.g.name != "adji-kui-1" && p.g.name != "adji-boto" {
		return false
	}
	q := *p
	q.side = 1 - q.side
	for _, s := range q.g.ownSpots(q.side) {
		if q.try(s, refLapLimit).legal {
			return true
		}
	}
	return false
}

// scored formats a final score.
func scored(south, north int) string {
	switch {
	case south > north:
		return fmt.Sprintf("1-0 %d-%d", south, north)
	case north > south:
		return fmt.Sprintf("0-1 %d-%d", south, north)
	}
	return fmt.Sprintf("1/2-1/2 %d-%d", south, north)
}

// result is the game result at p without history ("*" while the game goes on) and
// the reason in the words of board.Reason.String; kids are p's children.
func (p *refPos) result(kids []refChild) (string, string) {
	if p.g.name == "bao-la-kimasai" {
		if r, over := p.baoDecided(); over {
			return r, "inner row empty"
		}
	}
	if p.g.name == "oware-abapa" {
		if r, over := p.owareDecided(); over {
			return r, "majority captured"
		}
	}
	if len(kids) > 0 {
		return "*", "not over"
	}
	switch p.g.name {
	case "bao-la-kimasai":
		return [2]string{"0-1", "1-0"}[p.side], "no legal move"
	case "je-ki-n-je":
		if p.rowSum(1-p.side) == 0 {
			s := [2]int{p.store[0], p.store[1]}
			s[p.side] += p.rowSum(0) + p.rowSum(1)
			return scored(s[0], s[1]), "feeding impossible"
		}
	}
	return scored(p.store[0]+p.rowSum(0), p.store[1]+p.rowSum(1)), "no legal move"
}

// loopResult is the result of a loop ending at p.
func (p *refPos) loopResult() string {
	if p.g.name == "bao-la-kimasai" {
		return "1/2-1/2"
	}
	return scored(p.store[0]+p.rowSum(0), p.store[1]+p.rowSum(1))
}

// refPerft counts the leaves of the game tree cut at depth.
func refPerft(p *refPos, depth int) uint64 {
	if depth == 0 {
		return 1
	}
	kids := p.children()
	if depth == 1 {
		return uint64(len(kids))
	}
	var n uint64
	for i := range kids {
		n += refPerft(&kids[i].pos, depth-1)
	}
	return n
}

// mustRef parses a position for the reference or fails the test.
func mustRef(t testing.TB, name, text string) refPos {
	t.Helper()
	p, err := refParse(name, text)
	if err != nil {
		t.Fatalf("reference cannot parse %q: %v", text, err)
	}
	return p
}
