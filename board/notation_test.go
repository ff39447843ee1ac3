package board_test

import (
	"strings"
	"testing"

	"mancala/board"
)

func TestStartPositions(t *testing.T) {
	want := map[string]string{
		jeKiNJe:  "4,4,4,4,4,4/4,4,4,4,4,4 S 0 0 -",
		adjiKui:  "4,4,4,4,4,4/4,4,4,4,4,4 S 0 0 -",
		adjiBoto: "10,10,10,10,10/10,10,10,10,10 S 0 0 a1b1c1d1e1a2b2c2d2e2",
		bao:      "0,0,0,0,0,0,0,0/1,1,1,1,1,1,1,1/1,1,1,1,1,1,1,1/0,0,0,0,0,0,0,0 S 24 24 *",
		oware:    "4,4,4,4,4,4/4,4,4,4,4,4 S 0 0 -",
	}
	if got := board.VariantNames(); len(got) < 5 || strings.Join(got[:5], " ") != "je-ki-n-je adji-kui-1 adji-boto bao-la-kimasai oware-abapa" {
		t.Errorf("VariantNames() = %q", got)
	}
	for name, start := range want {
		v := variant(t, name)
		p := v.StartPosition()
		if p.String() != start || v.Start != start {
			t.Errorf("%s start %q (Start %q), want %q", name, p.String(), v.Start, start)
		}
		if p.SideToMove() != board.South {
			t.Errorf("%s: %v moves first, want South", name, p.SideToMove())
		}
		if v.ID.Get() != v || v.String() != name || p.Variant() != v {
			t.Errorf("%s: ID, String or Position.Variant do not lead back to the variant", name)
		}
	}
	if _, err := board.VariantByName("awale"); err == nil || !strings.Contains(err.Error(), "je-ki-n-je") {
		t.Errorf("VariantByName(awale): error %v, want one listing the known names", err)
	}
}

// Coordinates: each hole's name, owner and place in the sowing order follow the rules.
func TestCoordinatesAndSowingOrder(t *testing.T) {
	orders := map[string][]string{
		jeKiNJe:  {"a1 b1 c1 d1 e1 f1 f2 e2 d2 c2 b2 a2"},
		adjiKui:  {"a1 b1 c1 d1 e1 f1 f2 e2 d2 c2 b2 a2"},
		adjiBoto: {"a1 b1 c1 d1 e1 e2 d2 c2 b2 a2"},
		bao:      {"a2 b2 c2 d2 e2 f2 g2 h2 h1 g1 f1 e1 d1 c1 b1 a1", "a4 b4 c4 d4 e4 f4 g4 h4 h3 g3 f3 e3 d3 c3 b3 a3"},
		oware:    {"a1 b1 c1 d1 e1 f1 f2 e2 d2 c2 b2 a2"},
	}
	for name, rings := range orders {
		v := variant(t, name)
		for _, ring := range rings {
			holes := strings.Fields(ring)
			for i, h := range holes {
				m := move(t, name, h)
				next := holes[(i+1)%len(holes)]
				if got := v.FormatMove(board.Move(v.Next(int(m)))); got != next {
					t.Errorf("%s: after %s comes %s, want %s", name, h, got, next)
				}
				if got := v.FormatMove(board.Move(v.Prev(v.Next(int(m))))); got != h {
					t.Errorf("%s: Prev(Next(%s)) = %s", name, h, got)
				}
				if v.FormatMove(m) != h || v.HoleAt(v.Row(int(m)), v.Col(int(m))) != int(m) {
					t.Errorf("%s: %s does not round-trip through its index %d", name, h, m)
				}
				row := int(h[1] - '1')
				owner := board.South
				if row >= v.Rows/2 {
					owner = board.North
				}
				if v.Owner(int(m)) != owner {
					t.Errorf("%s: %s belongs to %v, want %v", name, h, v.Owner(int(m)), owner)
				}
				if inner := name == bao && (row == 1 || row == 2); v.IsInner(int(m)) != inner {
					t.Errorf("%s: IsInner(%s) = %v", name, h, !inner)
				}
				if name == bao && v.IsInner(int(m)) {
					facing := string([]byte{h[0], byte('1' + 3 - row)})
					if got := v.FormatMove(board.Move(v.Facing(int(m)))); got != facing {
						t.Errorf("bao: %s faces %s, want %s", h, got, facing)
					}
				}
			}
		}
		// OwnHoles lists rows upwards, columns from a.
		for _, s := range []board.Side{board.South, board.North} {
			var got []string
			for _, h := range v.OwnHoles(s) {
				got = append(got, v.FormatMove(board.Move(h)))
			}
			var want []string
			for r := 0; r < v.Rows; r++ {
				for c := 0; c < v.Cols; c++ {
					if (r >= v.Rows/2) == (s == board.North) {
						want = append(want, string([]byte{byte('a' + c), byte('1' + r)}))
					}
				}
			}
			if strings.Join(got, " ") != strings.Join(want, " ") {
				t.Errorf("%s: OwnHoles(%v) = %v, want %v", name, s, got, want)
			}
		}
		if v.Holes() != v.Rows*v.Cols {
			t.Errorf("%s: %d holes, want %d", name, v.Holes(), v.Rows*v.Cols)
		}
	}
}

func TestParsePositionErrors(t *testing.T) {
	cases := []struct{ variant, pos, says string }{
		{jeKiNJe, "", "5 fields"},
		{jeKiNJe, "4,4,4,4,4,4/4,4,4,4,4,4 S 0 0", "5 fields"},
		{jeKiNJe, "4,4,4,4,4,4/4,4,4,4,4,4  S 0 0 -", "5 fields"},
		{jeKiNJe, "4,4,4,4,4,4/4,4,4,4,4,4 S 0 0 - ", "5 fields"},
		{jeKiNJe, "4,4,4,4,4,4/4,4,4,4,4,4/0,0,0,0,0,0 S 0 0 -", "2 rows"},
		{jeKiNJe, "4,4,4,4,4,4,0/4,4,4,4,4,4 S 0 0 -", "row 2 needs 6 holes"},
		{jeKiNJe, "4,4,4,4,4,4/4,4,4,4,4 S 0 4 -", "row 1 needs 6 holes"},
		{jeKiNJe, "4,4,4,4,4,4/4,4,4,4,4,x S 0 0 -", "hole f1"},
		{jeKiNJe, "4,4,4,4,4,4/4,4,-4,4,4,12 S 0 0 -", "hole c1"},
		{jeKiNJe, "4,4,4,4,4,4/4,4,+4,4,4,4 S 0 0 -", "unsigned"},
		{jeKiNJe, "4,4,4,4,4,4/4,4,,4,4,4 S 0 4 -", "empty count"},
		{jeKiNJe, "4,4,4,4,4,4/4,4,4,4,4,49 S 0 0 -", "more than the 48"},
		{jeKiNJe, "4,4,4,4,4,4/4,4,4,4,4,99999999999999999999 S 0 0 -", "more than the 48"},
		{jeKiNJe, "4,4,4,4,4,4/4,4,4,4,4,4 W 0 0 -", "S or N"},
		{jeKiNJe, "4,4,4,4,4,4/4,4,4,4,4,4 s 0 0 -", "S or N"},
		{jeKiNJe, "4,4,4,4,4,4/4,4,4,4,4,4 S x 0 -", "south store"},
		{jeKiNJe, "4,4,4,4,4,4/4,4,4,4,4,4 S 0 1 -", "48 seeds in all, this position has 49"},
		{jeKiNJe, "4,4,4,4,4,4/4,4,4,4,4,3 S 0 0 -", "has 47"},
		{jeKiNJe, "4,4,4,4,4,4/4,4,4,4,4,4 S 0 0 *", "must be -"},
		{adjiKui, "4,4,4,4,4,4/4,4,4,4,4,4 S 0 0 a1", "must be -"},
		{adjiBoto, "10,10,10,10,10/10,10,10,10,10 S 0 0 ", "state field is empty"},
		{adjiBoto, "10,10,10,10,10/10,10,10,10,10 S 0 0 a1a", "is not a hole"},
		{adjiBoto, "10,10,10,10,10/10,10,10,10,10 S 0 0 f1", "is not a hole"},
		{adjiBoto, "10,10,10,10,10/10,10,10,10,10 S 0 0 a3", "is not a hole"},
		{adjiBoto, "10,10,10,10,10/10,10,10,10,10 S 0 0 *", "is not a hole"},
		{adjiBoto, "10,10,10,10,10/10,10,10,10,10 S 0 0 b1a1", "in the order"},
		{adjiBoto, "10,10,10,10,10/10,10,10,10,10 S 0 0 a1a1", "in the order"},
		{adjiBoto, "10,10,10,10,10/10,10,10,10,10 S 0 0 a2a1", "in the order"},
		{adjiBoto, "10,10,10,10,10/10,10,10,10,10 S 0 0 pass", "is not a hole"},
		{adjiBoto, "10,10,10,10,10,10/10,10,10,10,10 S 0 0 -", "row 2 needs 5"},
		{adjiBoto, "10,10,10,10,10/10,10,10,10,10 S 101 0 -", "more than the 100"},
		{bao, "0,0,0,0,0,0,0,0/1,1,1,1,1,1,1,1/1,1,1,1,1,1,1,1/0,0,0,0,0,0,0,0 S 24 24 a1", "- or *"},
		{bao, "0,0,0,0,0,0,0,0/1,1,1,1,1,1,1,1/1,1,1,1,1,1,1,1/0,0,0,0,0,0,0,0 S 24 x *", "north reserve"},
		{bao, "0,0,0,0,0,0,0,0/1,1,1,1,1,1,1,1/1,1,1,1,1,1,1,1 S 24 24 *", "4 rows"},
		{bao, "0,0,0,0,0,0,0,0/1,1,1,1,1,1,1,1/1,1,1,1,1,1,1,1/0,0,0,0,0,0,0,0 S 24 23 *", "64 seeds in all"},
	}
	for _, c := range cases {
		_, err := variant(t, c.variant).ParsePosition(c.pos)
		if err == nil {
			t.Errorf("%s: %q accepted", c.variant, c.pos)
			continue
		}
		if !strings.Contains(err.Error(), c.says) || strings.Contains(err.Error(), "\n") {
			t.Errorf("%s: %q: error %q, want one line saying %q", c.variant, c.pos, err, c.says)
		}
	}
}

func TestParsePositionAccepts(t *testing.T) {
	cases := []struct{ variant, pos, canonical string }{
		{jeKiNJe, "04,4,4,4,4,4/4,4,4,4,4,4 S 0 0 -", "4,4,4,4,4,4/4,4,4,4,4,4 S 0 0 -"},
		{jeKiNJe, "0,0,0,0,0,0/0,0,0,0,0,0 N 048 0 -", "0,0,0,0,0,0/0,0,0,0,0,0 N 48 0 -"},
		{adjiBoto, "10,10,10,10,10/10,10,10,10,10 N 0 0 e2", "10,10,10,10,10/10,10,10,10,10 N 0 0 e2"},
		{adjiBoto, "0,0,0,0,0/0,0,0,0,0 S 100 0 a1c1", "0,0,0,0,0/0,0,0,0,0 S 100 0 a1c1"},
		{bao, "0,0,0,0,0,0,0,0/0,0,0,0,0,0,0,1/1,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0 N 31 31 *", "0,0,0,0,0,0,0,0/0,0,0,0,0,0,0,1/1,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0 N 31 31 *"},
	}
	for _, c := range cases {
		p := parse(t, c.variant, c.pos)
		if p.String() != c.canonical {
			t.Errorf("%q reads as %q, want %q", c.pos, p.String(), c.canonical)
		}
	}
	// Accessors agree with the notation.
	p := parse(t, adjiBoto, "1,2,3,4,5/6,7,8,9,10 N 20 25 a1e2")
	if p.Seeds(int(move(t, adjiBoto, "c1"))) != 8 || p.Seeds(int(move(t, adjiBoto, "e2"))) != 5 {
		t.Errorf("Seeds disagrees with the notation")
	}
	if p.Store(board.South) != 20 || p.Store(board.North) != 25 || p.SideToMove() != board.North {
		t.Errorf("stores or side disagree with the notation")
	}
	if p.RowSeeds(board.South) != 40 || p.RowSeeds(board.North) != 15 {
		t.Errorf("RowSeeds = %d, %d, want 40, 15", p.RowSeeds(board.South), p.RowSeeds(board.North))
	}
	if want := uint16(1)<<move(t, adjiBoto, "a1") | uint16(1)<<move(t, adjiBoto, "e2"); p.OpeningLeft() != want {
		t.Errorf("OpeningLeft = %b, want %b", p.OpeningLeft(), want)
	}
	first := variant(t, bao).StartPosition()
	later := parse(t, bao, "0,0,0,0,0,0,0,0/1,1,1,1,1,1,1,1/1,1,1,1,1,1,1,1/0,0,0,0,0,0,0,0 S 24 24 -")
	if !first.IsFirstMove() || later.IsFirstMove() || first.Hash() == later.Hash() {
		t.Errorf("IsFirstMove or Hash disagrees with the state field")
	}
}

func TestParseMove(t *testing.T) {
	good := map[string][]string{
		jeKiNJe:  {"a1", "f1", "a2", "f2", "pass"},
		adjiBoto: {"a1", "e1", "a2", "e2", "pass"},
		bao:      {"a1", "h1", "a4", "h4", "c3", "pass"},
	}
	for name, moves := range good {
		v := variant(t, name)
		for _, s := range moves {
			m, err := v.ParseMove(s)
			if err != nil || v.FormatMove(m) != s {
				t.Errorf("%s: %q -> %v, %v, formats as %q", name, s, m, err, v.FormatMove(m))
			}
		}
	}
	bad := map[string][]string{
		jeKiNJe:  {"", "a", "a0", "a3", "g1", "A1", "a1 ", " a1", "pass ", "PASS", "1a", "a10", "\xff1", "aa"},
		adjiBoto: {"f1", "a3"},
		bao:      {"i1", "a5", "a0"},
	}
	for name, moves := range bad {
		v := variant(t, name)
		for _, s := range moves {
			m, err := v.ParseMove(s)
			if err == nil || m != board.NoMove || strings.Contains(err.Error(), "\n") {
				t.Errorf("%s: %q -> %v, %v; want NoMove and a one-line error", name, s, m, err)
			}
		}
	}
	long := strings.Repeat("x", 500)
	if _, err := variant(t, bao).ParseMove(long); err == nil || len(err.Error()) > 150 {
		t.Errorf("a 500-byte move gives error %q, want a short one", err)
	}
	if got := variant(t, bao).FormatMove(board.NoMove); got != "(none)" {
		t.Errorf("FormatMove(NoMove) = %q", got)
	}
}

func TestPlayErrors(t *testing.T) {
	p := variant(t, jeKiNJe).StartPosition()
	for _, c := range []struct {
		m    board.Move
		says string
	}{
		{move(t, jeKiNJe, "a2"), "not a hole of South"},
		{board.Pass, "pass: South has a move"},
		{board.NoMove, "not a hole of South"},
		{board.Move(40), "not a hole of South"},
	} {
		q, err := p.Play(c.m)
		if err == nil || !strings.Contains(err.Error(), c.says) || q != p {
			t.Errorf("Play(%d): %v, want an error saying %q and the position unchanged", c.m, err, c.says)
		}
	}
	checkIllegal(t, jeKiNJe, "4,4,4,4,4,4/0,4,4,4,4,8 S 0 0 -", "a1", "the hole is empty")
	checkIllegal(t, bao, "40,0,0,0,0,0,0,0/1,0,1,0,0,0,0,0/0,1,1,0,0,0,0,0/20,0,0,0,0,0,0,0 S 0 0 -", "a2", "the hole is empty")
	checkIllegal(t, bao, "40,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0/0,0,0,1,1,1,0,0/21,0,0,0,0,0,0,0 N 0 0 -", "a4", "the game is over")
}

func TestResultStrings(t *testing.T) {
	for _, c := range []struct {
		r      board.Result
		want   string
		score  string
		winner string
	}{
		{board.Result{}, "*", "*", "none"},
		{board.Result{Outcome: board.SouthWins, Reason: board.NoLegalMove, Scored: true, South: 27, North: 21}, "1-0 27-21", "1-0", "S"},
		{board.Result{Outcome: board.NorthWins, Reason: board.LoopEnding, Scored: true, South: 20, North: 28}, "0-1 20-28", "0-1", "N"},
		{board.Result{Outcome: board.Draw, Reason: board.LoopEnding, Scored: true, South: 24, North: 24}, "1/2-1/2 24-24", "1/2-1/2", "none"},
		{board.Result{Outcome: board.SouthWins, Reason: board.InnerRowEmpty}, "1-0", "1-0", "S"},
		{board.Result{Outcome: board.Draw, Reason: board.Adjudicated}, "1/2-1/2", "1/2-1/2", "none"},
	} {
		if c.r.String() != c.want || c.r.Score() != c.score {
			t.Errorf("%+v: String %q Score %q, want %q %q", c.r, c.r.String(), c.r.Score(), c.want, c.score)
		}
		w, ok := c.r.Winner()
		if got := map[bool]string{true: w.String(), false: "none"}[ok]; got != c.winner {
			t.Errorf("%+v: winner %s, want %s", c.r, got, c.winner)
		}
		if c.r.Over() != (c.want != "*") {
			t.Errorf("%+v: Over %v", c.r, c.r.Over())
		}
	}
	reasons := map[board.Reason]string{
		board.NotOver: "not over", board.NoLegalMove: "no legal move", board.FeedingImpossible: "feeding impossible",
		board.LoopEnding: "loop ending", board.InnerRowEmpty: "inner row empty", board.Adjudicated: "adjudicated",
		board.Reason(200): "unknown",
	}
	for r, want := range reasons {
		if r.String() != want {
			t.Errorf("Reason(%d) = %q, want %q", r, r.String(), want)
		}
		got, ok := board.RuleEnding(want)
		byRules := r != board.NotOver && r != board.Adjudicated && want != "unknown"
		if ok != byRules || ok && got != r {
			t.Errorf("RuleEnding(%q) = %v, %v; want %v, %v", want, got, ok, r, byRules)
		}
	}
	if board.South.Name() != "South" || board.North.Name() != "North" || board.South.Other() != board.North || board.North.String() != "N" {
		t.Errorf("Side names are wrong")
	}
}

// TestPositionFrom: a position built from counts equals the one parsed from its notation,
// hash included, and wrong totals or shapes are refused.
func TestPositionFrom(t *testing.T) {
	v := board.AdjiKui1.Get()
	holes := []int{1, 0, 2, 0, 0, 3, 0, 0, 0, 4, 0, 1}
	p, err := v.PositionFrom(holes, board.North, 30, 7)
	if err != nil {
		t.Fatal(err)
	}
	q, err := v.ParsePosition(p.String())
	if err != nil {
		t.Fatal(err)
	}
	if p != q || p.Hash() != p.ComputeHash() {
		t.Errorf("PositionFrom gave %v (hash %x), notation gives %v (hash %x)", p, p.Hash(), q, q.Hash())
	}
	if _, err := v.PositionFrom(holes, board.South, 30, 8); err == nil {
		t.Error("a wrong seed total was accepted")
	}
	if _, err := v.PositionFrom(holes[:10], board.South, 30, 7); err == nil {
		t.Error("a wrong number of holes was accepted")
	}
	if _, err := board.BaoLaKimasai.Get().PositionFrom(make([]int, 32), board.South, 32, 32); err == nil {
		t.Error("Bao la Kimasai was accepted")
	}
}

// Aalina's letters notation: South's holes A..F are a1..f1, North's a..f are f2..a2
// (each side's sowing order); a position is the holes in that order, the stores and
// the side, joined by dashes.
func TestLettersNotation(t *testing.T) {
	v := variant(t, oware)
	for coord, letter := range map[string]string{"a1": "A", "f1": "F", "f2": "a", "e2": "b", "a2": "f"} {
		if got := v.FormatLetter(move(t, oware, coord)); got != letter {
			t.Errorf("%s is written %q, want %q", coord, got, letter)
		}
	}
	moves, err := v.ParseLetters("FbCa")
	if err != nil || len(moves) != 4 || v.FormatMove(moves[0]) != "f1" || v.FormatMove(moves[1]) != "e2" ||
		v.FormatMove(moves[2]) != "c1" || v.FormatMove(moves[3]) != "f2" {
		t.Errorf("FbCa reads as %v (%v), want f1 e2 c1 f2", moves, err)
	}
	p, err := v.ParseDashPosition("7-6-1-0-0-7-7-0-0-6-0-7-2-5-S")
	if err != nil || p.String() != "7,0,6,0,0,7/7,6,1,0,0,7 S 2 5 -" {
		t.Errorf("the transcript's first position reads as %q (%v)", p.String(), err)
	}
	start := v.StartPosition()
	if got, err := start.DashString(); got != "4-4-4-4-4-4-4-4-4-4-4-4-0-0-S" || err != nil {
		t.Errorf("the start is written %q (%v)", got, err)
	}
	bao := variant(t, bao)
	if _, err := bao.ParseLetters("A"); bao.HasLetters() || err == nil {
		t.Error("Bao la Kimasai, on four rows, has letters")
	}
	boto := variant(t, adjiBoto).StartPosition()
	if s, err := boto.DashString(); err == nil {
		t.Errorf("Adji-Boto's opening state was written as %q", s)
	}
	for _, bad := range []string{"FbXa", "", "G", "g", "F b"} {
		if _, err := v.ParseLetters(bad); err == nil {
			t.Errorf("%q read as letters", bad)
		}
	}
}
