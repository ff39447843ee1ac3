package board_test

import (
	"bufio"
	"compress/gzip"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"

	json "github.com/goccy/go-json"

	"mancala/board"
)

// stoneSharkGame is one line of random-games.py's output (../shared/stoneshark/NOTES.md).
type stoneSharkGame struct {
	Start struct {
		Board  []int `json:"board"`
		Stores []int `json:"stores"`
		Turn   int   `json:"turn"`
	} `json:"start"`
	Plies []struct {
		NewRound int               `json:"new_round"`
		Legal    []json.RawMessage `json:"legal"`
		Move     json.RawMessage   `json:"move"`
		Turn     int               `json:"turn"`
		Board    []int             `json:"board"`
		Stores   []int             `json:"stores"`
		Next     int               `json:"next"`
		Cond     string            `json:"cond"`
		State    stoneSharkState   `json:"state"`
	} `json:"plies"`
	Result struct {
		Cond   string          `json:"cond"`
		Winner *int            `json:"winner"`
		Stores []int           `json:"stores"`
		Board  []int           `json:"board"`
		State  stoneSharkState `json:"state"`
		Msg    string          `json:"msg"`
	} `json:"result"`
}

// tallyWon is the winner's tally in StoneShark's message at the end of a tallied
// game ("North won the game by winning 7 rounds.", "... by earning 10 points").
var tallyWon = regexp.MustCompile(`won the game by (?:winning (\d+) rounds|earning (\d+) points|collecting (\d+) total seeds)`)

// roundTally adds to tally the round that ended with these stores (the board swept
// into them), side mover having moved last: one for the round's winner, in
// points two where the winner held three quarters of the seeds or more (with
// round.tally = "seeds", each player's store, won or tied). In a
// game won by depriving, the winner is the mover unless the move emptied the
// mover's row and not the other's.
func roundTally(v *board.Variant, tally *[2]int, holes, stores []int, mover int) {
	points, _ := v.Tally()
	if v.TalliesSeeds() { // the seeds held, won or tied
		tally[0], tally[1] = tally[0]+stores[0], tally[1]+stores[1]
		return
	}
	w := 0
	switch row := func(s int) int { return slices.Max(holes[s*len(holes)/2 : (s+1)*len(holes)/2]) }; {
	case v.WonByDepriving():
		w = mover
		if row(mover) == 0 && row(1-mover) > 0 {
			w = 1 - mover
		}
	case stores[1] > stores[0]:
		w = 1
	case stores[0] == stores[1]:
		return
	}
	tally[w]++
	if points && stores[w] >= v.Seeds*3/4 {
		tally[w]++
	}
}

// stoneSharkState is the part of a game's state random-games.py prints that the
// engine keeps: each hole's child owner (0 South, 1 North, null none), in games
// with children, and whether it is blocked (1), in games with blocked holes.
type stoneSharkState struct {
	Child   []*int `json:"child"`
	Blocked []int  `json:"blocked"`
	Owner   []int  `json:"owner"`
}

// owners reports whether each hole of p belongs to the side StoneShark's state
// says (in games of territory; any position where it says nothing).
func (st stoneSharkState) owners(p *board.Position) bool {
	for h, o := range st.Owner {
		if int(p.Owner(h)) != o {
			return false
		}
	}
	return true
}

// childSeeds adds to the stores the seeds of each side's children on board, as
// StoneShark counts a player's seeds (a ram's, owner 3, are nobody's).
func (st stoneSharkState) childSeeds(board, stores []int) [2]int {
	out := [2]int{stores[0], stores[1]}
	for h, c := range st.Child {
		if c != nil && *c < 2 {
			out[*c] += board[h]
		}
	}
	return out
}

// replayCount is what replaying a transcript went through.
type replayCount struct{ games, plies, extra, passes, rounds int }

// replayStoneShark replays StoneShark's random games (random-games.py's JSON lines,
// gzip-compressed when the name ends .gz) in v, and checks on every ply the legal
// moves, the board and stores after the move, the next player, and at the end the
// final counts (stores and children) and the winner; in a game with children, the
// children after every ply too. A game StoneShark cut at its ply limit is checked ply
// by ply only.
func replayStoneShark(t *testing.T, v *board.Variant, transcript string) replayCount {
	t.Helper()
	var n replayCount
	for _, g := range readStoneShark(t, transcript) {
		n.games++
		p, err := v.PositionFrom(g.Start.Board, board.Side(g.Start.Turn), g.Start.Stores[0], g.Start.Stores[1])
		if err != nil {
			t.Fatal(err)
		}
		if f := strings.Fields(v.Start); f[len(f)-1] != "-" { // the start's state (capture.after_turns, sow.first_move)
			f = strings.Fields(p.String())
			if began := f[len(f)-1]; began != "-" { // north-began, in a game in rounds
				f[len(f)-1] = strings.Fields(v.Start)[len(f)-1] + "," + began
			} else {
				f[len(f)-1] = strings.Fields(v.Start)[len(f)-1]
			}
			if p, err = v.ParsePosition(strings.Join(f, " ")); err != nil {
				t.Fatal(err)
			}
		}
		game := board.NewGame(p)
		var tally [2]int // the tally of a tallied game, from StoneShark's rounds
		_, target := v.Tally()
		for i, ply := range g.Plies {
			p := game.Position()
			where := func() string {
				return filepath.Base(transcript) + " game " + strconv.Itoa(n.games) + " ply " + strconv.Itoa(i+1) + " from " + p.String()
			}
			if ply.NewRound > 0 { // the round the last move ended begins: the position it made
				n.rounds++
				if !p.RoundBegun() || !sameBoard(v, &p, ply.Board, ply.Stores, ply.State.Blocked) || int(p.SideToMove()) != ply.Turn || !ply.State.owners(&p) {
					t.Fatalf("%s: round %d begins with %v %v blocked %v owners %v, %v to move", where(), ply.NewRound, ply.Board, ply.Stores, ply.State.Blocked, ply.State.Owner, ply.Turn)
				}
				if s, n := p.Tally(); s != tally[0] || n != tally[1] {
					t.Fatalf("%s: round %d begins with the tally %d-%d, StoneShark's rounds %v", where(), ply.NewRound, s, n, tally)
				}
				continue
			}
			if int(p.SideToMove()) != ply.Turn {
				t.Fatalf("%s: %v to move, StoneShark says %d", where(), p.SideToMove(), ply.Turn)
			}
			var want []string
			for _, m := range ply.Legal {
				want = append(want, v.FormatMove(stoneSharkMove(t, v, &p, m)))
			}
			legal := legalMoves(&p)
			slices.Sort(legal) // StoneShark lists a hole's clockwise move first
			slices.Sort(want)
			if !slices.Equal(legal, want) {
				t.Fatalf("%s: legal %v, StoneShark %v", where(), legal, want)
			}
			m := stoneSharkMove(t, v, &p, ply.Move)
			if m == board.Pass {
				n.passes++
			}
			if err := game.Play(m); err != nil {
				t.Fatalf("%s: %v", where(), err)
			}
			n.plies++
			q := game.Position()
			if i == len(g.Plies)-1 && g.Result.Cond != "MAX_PLIES" && v.Scoring { // StoneShark shows the board after the final sweep
				break
			}
			if strings.HasPrefix(ply.Cond, "ROUND_") { // the next line is the round the move began
				if target > 0 {
					roundTally(v, &tally, ply.Board, ply.Stores, ply.Turn)
				}
				if i+1 == len(g.Plies) || g.Plies[i+1].NewRound == 0 {
					t.Fatalf("%s: %s without the next round", where(), ply.Cond)
				}
				continue
			}
			if !sameBoard(v, &q, ply.Board, ply.Stores, ply.State.Blocked) || !ply.State.owners(&q) {
				t.Fatalf("%s: after the move %s, %q, StoneShark %v %v", where(), v.FormatMove(m), q.String(), ply.Board, ply.Stores)
			}
			for h, c := range ply.State.Child {
				if c != nil && *c == 3 { // NO_CH_OWNER: a ram, locked
					if !q.Locked(h) {
						t.Fatalf("%s: after the move %s, %q, StoneShark's ram %d", where(), v.FormatMove(m), q.String(), h)
					}
					continue
				}
				if s, ok := q.ChildOf(h); ok != (c != nil) || ok && (int(s) != *c || q.Locked(h)) {
					t.Fatalf("%s: after the move %s, %q, StoneShark's children %v", where(), v.FormatMove(m), q.String(), ply.State.Child)
				}
			}
			if int(q.SideToMove()) != ply.Next {
				t.Fatalf("%s: %v moves next, StoneShark says %d", where(), q.SideToMove(), ply.Next)
			}
			if ply.Next == ply.Turn && m != board.Pass {
				n.extra++
			}
		}
		if g.Result.Cond == "MAX_PLIES" {
			continue
		}
		r := game.Result()
		want := g.Result.State.childSeeds(g.Result.Board, g.Result.Stores)
		if strings.Contains(v.RulesKey(), "round.loser_only=true") {
			// StoneShark's LOSER_ONLY counts each row's seeds as its owner's
			// without sweeping them into the stores it shows.
			for h, c := range g.Result.Board {
				want[h/(len(g.Result.Board)/2)] += c
			}
		}
		if !r.Over() || r.Scored && (r.South != want[0] || r.North != want[1]) {
			t.Fatalf("%s game %d: result %v %d-%d, StoneShark %v", filepath.Base(transcript), n.games, r, r.South, r.North, want)
		}
		if w, ok := r.Winner(); g.Result.Winner == nil && ok || g.Result.Winner != nil && (!ok || int(w) != *g.Result.Winner) {
			t.Fatalf("%s game %d: result %v, StoneShark's winner %v", filepath.Base(transcript), n.games, r, g.Result.Winner)
		}
		if m := tallyWon.FindStringSubmatch(g.Result.Msg); target > 0 && g.Result.Winner != nil && (m != nil || !v.WonByDepriving()) {
			// the last round counted, the winner's tally is StoneShark's (which its
			// message gives but where the last round was won by depriving; where
			// a repetition ended such a game, the round is a draw)
			if !v.WonByDepriving() {
				roundTally(v, &tally, g.Result.Board, g.Result.Stores, 0)
			}
			if m == nil || m[1]+m[2]+m[3] != strconv.Itoa(tally[*g.Result.Winner]) {
				t.Fatalf("%s game %d: the tally %v, StoneShark says %q", filepath.Base(transcript), n.games, tally, g.Result.Msg)
			}
		}
	}
	return n
}

// sameBoard reports whether p holds StoneShark's board, stores and blocked holes
// (nil where the game blocks none).
func sameBoard(v *board.Variant, p *board.Position, holes, stores, blocked []int) bool {
	for h := range v.Holes() {
		b := 0
		if p.Blocked(h) {
			b = 1
		}
		if p.Seeds(h) != holes[h] || blocked != nil && blocked[h] != b || blocked == nil && b != 0 {
			return false
		}
	}
	return p.Store(board.South) == stores[0] && p.Store(board.North) == stores[1]
}

// stoneSharkGames holds the transcripts read, by file name: the tests replay each in
// two readings of its game (StoneShark's file, then the shipped rule file), and
// decoding the JSON is most of a replay's time.
var stoneSharkGames sync.Map

// readStoneShark returns the games of a transcript (gzip-compressed when the name
// ends .gz), read once.
func readStoneShark(t *testing.T, transcript string) []stoneSharkGame {
	t.Helper()
	if gs, ok := stoneSharkGames.Load(transcript); ok {
		return gs.([]stoneSharkGame)
	}
	f, err := os.Open(transcript)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var r io.Reader = f
	if strings.HasSuffix(transcript, ".gz") {
		z, err := gzip.NewReader(f)
		if err != nil {
			t.Fatal(err)
		}
		r = z
	}
	sc := bufio.NewScanner(r)
	sc.Buffer(nil, 1<<24)
	var gs []stoneSharkGame
	for sc.Scan() {
		var g stoneSharkGame
		if err := json.Unmarshal(sc.Bytes(), &g); err != nil {
			t.Fatal(err)
		}
		gs = append(gs, g)
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	stoneSharkGames.Store(transcript, gs)
	return gs
}

// stoneSharkMove turns StoneShark's move (a column of the mover's row, counted from
// the left as drawn; [column, direction] where the mover may choose it, 1
// counter-clockwise, -1 clockwise, null the hole's own, or the way the game's first
// move set with sow.direction = "first-move"; or "pass") into the engine's.
// A plain column, most moves, is read without encoding/json and t.Helper, which took
// a third of the replays' time called on every legal move.
func stoneSharkMove(t *testing.T, v *board.Variant, p *board.Position, raw json.RawMessage) board.Move {
	s := p.SideToMove()
	if string(raw) == `"pass"` {
		return board.Pass
	}
	var pair []*int
	clockwise := false
	col, err := strconv.Atoi(string(raw))
	if err != nil {
		if err := json.Unmarshal(raw, &pair); err != nil || len(pair) < 2 || len(pair) > 3 || pair[0] == nil {
			t.Helper()
			t.Fatalf("StoneShark's move %s: not a column, [column, direction] or [row, column, direction]", raw)
		}
		if len(pair) == 3 { // a game without sides: row 1 is South's (columns from a), 0 North's
			if pair[1] == nil || pair[2] != nil {
				t.Fatalf("StoneShark's move %s: a hole of no side with a direction", raw)
			}
			if *pair[0] == 1 {
				return board.Move(*pair[1])
			}
			return board.Move(v.Holes() - 1 - *pair[1])
		}
		col, clockwise = *pair[0], pair[1] != nil && *pair[1] == -1
		if f := strings.Fields(p.String()); pair[1] == nil && strings.Contains(f[len(f)-1], "south-") {
			// sow.direction = "first-move": the way the first move set
			clockwise = (s == board.South) == !strings.Contains(f[len(f)-1], "south-counter-clockwise")
		}
	}
	m := board.Move(col)
	if s == board.North {
		m = board.Move(v.Holes() - 1 - col)
	}
	if clockwise {
		m |= board.Clockwise
	}
	return m
}

// stoneSharkDir is StoneShark's checkout beside the project (../shared/stoneshark from
// the repository), or "" when it is not there.
func stoneSharkDir(t *testing.T) string {
	dir := filepath.Join("..", "..", "shared", "stoneshark", "GameProps")
	if _, err := os.Stat(dir); err != nil {
		return ""
	}
	return dir
}

// TestStoneSharkFilesPlayAsStoneSharkDoes reads each game with a transcript in
// testdata/stoneshark (GAME.jsonl.gz, or GAME+VARIANT.jsonl.gz for the variant
// GAME::VARIANT) straight from StoneShark's own file (when its checkout is beside the
// project) and replays the transcript in it.
func TestStoneSharkFilesPlayAsStoneSharkDoes(t *testing.T) {
	dir := stoneSharkDir(t)
	if dir == "" {
		t.Skip("no StoneShark checkout at ../shared/stoneshark: the shipped rule files are checked instead")
	}
	transcripts, _ := filepath.Glob("testdata/stoneshark/*.jsonl.gz")
	var mu sync.Mutex                       // the transcripts replay in parallel; loading is one at a time
	loaded := map[string][]*board.Variant{} // each file's games, registered once for all its transcripts
	load := func(file string) ([]*board.Variant, error) {
		mu.Lock()
		defer mu.Unlock()
		if vs, ok := loaded[file]; ok {
			return vs, nil
		}
		vs, err := board.LoadRuleFile(filepath.Join(dir, file+".txt"))
		var refused board.Refused // variants it cannot play yet
		if err != nil && !errors.As(err, &refused) {
			return nil, err
		}
		loaded[file] = vs
		return vs, nil
	}
	for _, tr := range transcripts {
		name := strings.ReplaceAll(strings.TrimSuffix(filepath.Base(tr), ".jsonl.gz"), "+", "::")
		file, _, _ := strings.Cut(name, "::")
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			vs, err := load(file)
			if err != nil {
				t.Fatal(err)
			}
			i := slices.IndexFunc(vs, func(v *board.Variant) bool { return v.Name == name })
			if i < 0 {
				t.Fatalf("%s.txt has no game %s", file, name)
			}
			n := replayStoneShark(t, vs[i], tr)
			t.Logf("%d games, %d plies, %d extra turns, %d passes, %d new rounds", n.games, n.plies, n.extra, n.passes, n.rounds)
		})
	}
}

// TestStoneSharkAllowRules checks that StoneShark's allow_rule 5, 6, 10 and 11 read
// as their sow.allow values.
func TestStoneSharkAllowRules(t *testing.T) {
	const oware = `{"game_class": "Mancala", "game_constants": {"holes": 6, "nbr_start": 4},
 "game_info": {"name": "Allow%s", "capt_on": [2, 3], "multicapt": -1, "capt_side": 1, "stores": true, "allow_rule": %s}}`
	for rule, want := range map[string]string{"5": "two-last", "6": "two-last-rightmost", "10": "not-across-single", "11": "last-into-occupied"} {
		vs, err := board.ParseStoneShark("Allow.txt", fmt.Sprintf(oware, rule, rule))
		if err != nil {
			t.Fatalf("allow_rule %s: %v", rule, err)
		}
		if text := board.FormatRules(vs); !strings.Contains(text, "sow.allow = \""+want+"\"\n") {
			t.Errorf("allow_rule %s: rules\n%s\nwant sow.allow = %q", rule, text, want)
		}
	}
}

// TestStoneSharkChosenFillReadsOutside checks that round_fill 6 (UCHOOSE, the
// player's choice of holes in StoneShark's GUI) reads as round.fill = "outside",
// the fill StoneShark's headless new round makes for it.
func TestStoneSharkChosenFillReadsOutside(t *testing.T) {
	const oware = `{"game_class": "Mancala", "game_constants": {"holes": 6, "nbr_start": 4},
 "game_info": {"name": "Choose", "capt_on": [2, 3], "multicapt": -1, "capt_side": 1, "stores": true, "rounds": 2, "round_fill": 6}}`
	vs, err := board.ParseStoneShark("Choose.txt", oware)
	if err != nil {
		t.Fatal(err)
	}
	if text := board.FormatRules(vs); !strings.Contains(text, "round.fill = \"outside\"\n") {
		t.Errorf("round_fill 6: rules\n%s\nwant round.fill = \"outside\"", text)
	}
}

// TestStoneSharkRefusesWhatItCannotPlay checks the one-line refusals: a parameter the
// engine cannot play names the game, the parameter and its value; another class of
// game, or a file that is not one, says so; a refused file registers nothing.
func TestStoneSharkRefusesWhatItCannotPlay(t *testing.T) {
	const oware = `{"game_class": "Mancala", "game_constants": {"holes": 6, "nbr_start": 4},
 "game_info": {"name": "Oware", "capt_on": [2, 3], "multicapt": -1, "capt_side": 1, "stores": true%s}}
<text_section>
<about>
prose
</about>
</text_section>`
	before := len(board.Variants())
	for _, c := range []struct{ extra, want string }{
		{`, "goal": 2, "goal_param": 10, "rounds": 1`, "Rounds.txt: Rounds: rounds = 1: not supported yet"},
		{`, "rounds": 2, "round_fill": 4`, "Rounds.txt: Rounds: round_fill = 4: not supported yet"},
		{`, "rounds": 2, "round_fill": 7`, "Rounds.txt: Rounds: round_fill = 7: not supported yet: the loser's seeds spread alike over both rows, as StoneShark's driver refills (UMOVE)"},
		{`, "rounds": 2, "round_fill": 7, "child_type": 1, "child_cvt": 4`, "Rounds.txt: Rounds: round_fill = 7: not playable: StoneShark's own new round fails on it with children (its seed count check)"},
		{`, "goal": 2, "goal_param": 10, "rounds": 2, "round_fill": 11`, "Rounds.txt: Rounds: round_fill = 11: not supported: a hole both players fill half of goes to a player drawn at random"},
		{`, "capt_type": 2, "capt_dir": 0`, "Rounds.txt: Rounds: capt_dir = 0: not supported yet with capt_type 2 and multicapt: a chain against the sowing"},
		{`, "blocks": true`, "Rounds.txt: Rounds: blocks = true: not supported yet"},
		{`, "udir_holes": [0, 15]`, "Rounds.txt: Rounds: udir_holes = [0,15]: not supported yet"},
		{`, "end_cond": 4`, "Rounds.txt: Rounds: end_cond = 4: not supported yet"},
		{`, "goal": 7, "goal_param": 300, "rounds": 2`, "Rounds.txt: Rounds: goal_param = 300: not supported: a tally to 1 to 15, or above on a board of 15 holes a row or fewer whose tally stays below 256"},
		{`, "goal": 4, "goal_param": 4, "rounds": 1`, "Rounds.txt: Rounds: rounds = 1: not supported yet: a tally across rounds that end when a store holds half the seeds"},
		{`, "goal": 4, "goal_param": 4, "rounds": 1, "start_pattern": 6`, "Rounds.txt: Rounds: start_pattern = 6: not playable in rounds: each round begins from a new start drawn at random (a chance, not a move of the game)"},
		{`, "goal": 5, "goal_param": 220, "rounds": 2`, "Rounds.txt: Rounds: goal_param = 220: not supported: a tally to 1 to 15, or above on a board of 15 holes a row or fewer whose tally stays below 256"},
		{`, "goal": 8, "goal_param": 5, "rounds": 2`, "Rounds.txt: Rounds: goal = 8: not supported yet: a tally of rounds won by clearing one's row across rounds"},
		{`, "goal": 4, "goal_param": 5`, "Rounds.txt: Rounds: goal = 4: not supported yet: a tally of rounds won across rounds"},
		{`, "goal": 4, "goal_param": 5, "rounds": 2, "round_fill": 1`, "Rounds.txt: Rounds: round_fill = 1: not supported yet with a tally across rounds"},
		{`, "sow_rule": 2, "sow_param": 3, "blocks": true, "goal": 10`, "Rounds.txt: Rounds: sow_rule = 2: not supported yet: holes closed during play without laps"},
		{`, "start_pattern": 10`, "Rounds.txt: Rounds: start_pattern = 10: not playable: a start drawn at random, which a rule file's one start cannot say"},
		{`, "allow_rule": 9, "rounds": 2, "blocks": true, "round_fill": 1`, "Rounds.txt: Rounds: its rules contradict each other: round: not yet with sow.each_hole_first (its locks are not tested across rounds)"},
		{`, "allow_rule": 12`, "Rounds.txt: Rounds: allow_rule = 12: not supported yet"},
		{`, "capt_type": 5`, "Rounds.txt: Rounds: capt_type = 5: not supported yet"},
		{`, "capt_dir": 2`, "Rounds.txt: Rounds: capt_dir = 2: not supported yet: a chain of captures both ways from the last hole but of matches (capt_type 3) of 2 to 9 holes"},
		{`, "child_type": 5, "child_cvt": 1`, "Rounds.txt: Rounds: its rules contradict each other: child.pair_with_previous: children made in pairs with the hole before need child.count 2 or more, sowing one way and none of the other child.* keys"},
		{`, "child_type": 1, "child_cvt": 4, "rounds": 2, "blocks": true, "round_fill": 1`, "Rounds.txt: Rounds: rounds = 2: not playable with children (but in territory): StoneShark's own new round miscounts their seeds, and its seed count check stops the game"},
		{`, "child_type": 7, "child_rule": 1`, "Rounds.txt: Rounds: child_rule = 1: not supported with rams (child_type 7)"},
		{`, "child_type": 4, "child_cvt": 4, "child_rule": 4`, "Rounds.txt: Rounds: child_rule = 4: not supported: OPP_OWNER_ONLY needs territory (goal 2)"},
		// mlap_cont 6 (STOP_STORE) says nothing where a sowing into a store moves again:
		// the relay from the next hole lifts the mover's store (CrossCapt_Eight), but
		// not yet where the sowing drops seeds into both stores
		{`, "mlaps": 2, "sow_stores": 2, "mlap_cont": 6`, "Rounds.txt: Rounds: its rules contradict each other: sow.laps: a relay from the next hole lifts the mover's store after its last hole, sown on seed by seed: with sow.stores = \"own\" only, one way, from the player's own holes, and not with sow.take_one, skip_start, capture.passing or children"},
		{`, "mlaps": 2, "sow_stores": 3, "mlap_cont": 6`, "Rounds.txt: Rounds: mlap_cont = 6: not supported yet"},
		{`, "sow_start": true`, "Rounds.txt: Rounds: sow_start = true: not playable with min_move 1: StoneShark refuses it too (a lone seed would go back into its hole)"},
	} {
		_, err := board.ParseStoneShark("Rounds.txt", fmt.Sprintf(oware, c.extra))
		if err == nil || err.Error() != c.want || strings.Contains(err.Error(), "\n") {
			t.Errorf("%s: error %v, want %q", c.extra, err, c.want)
		}
	}
	for class, want := range map[string]string{
		"Diffusion": "Zig.txt: Zig: game_class = Diffusion: not supported yet: only the two-row classes Mancala, NorthSouthCycle, ZigZag and BearOff",
		"ShareOne":  "Zig.txt: Zig: game_class = ShareOne: not supported yet: one seed shared into an empty row's first hole, then a move again (then pickextra 6, goal 6 and a random start)",
		"ZigZag":    "Zig.txt: Zig: sow_direct = 1: not playable with game_class ZigZag: StoneShark refuses it too (its zigzag sows towards the middle, 4)",
	} {
		if _, err := board.ParseStoneShark("Zig.txt", `{"game_class": "`+class+`", "game_constants": {"holes": 6, "nbr_start": 4}, "game_info": {}}`); err == nil ||
			err.Error() != want {
			t.Errorf("class %s: %v", class, err)
		}
	}
	if _, err := board.ParseStoneShark("Bear.txt", `{"game_class": "BearOff", "game_constants": {"holes": 6, "nbr_start": 4}, "game_info": {"min_move": 2}}`); err == nil ||
		err.Error() != "Bear.txt: Bear: min_move = 2: not playable with game_class BearOff: StoneShark refuses it too (it needs min_move 1)" {
		t.Errorf("BearOff with min_move 2: %v", err)
	}
	if _, err := board.ParseStoneShark("NS.txt", `{"game_class": "NorthSouthCycle", "game_constants": {"holes": 6, "nbr_start": 4}, "game_info": {"no_sides": true}}`); err == nil ||
		err.Error() != "NS.txt: NS: no_sides = true: not supported yet with game_class NorthSouthCycle (either player sows either row, each row's seeds staying in it)" {
		t.Errorf("NorthSouthCycle without sides: %v", err)
	}
	if _, err := board.ParseStoneShark("NS.txt", `{"game_class": "NorthSouthCycle", "game_constants": {"holes": 6, "nbr_start": 4}, "game_info": {"stores": true, "sow_stores": 2}}`); err == nil ||
		!strings.Contains(err.Error(), "NS.txt: NS: its rules contradict each other: sow.cycle: sowing round the own row only is not supported yet with") {
		t.Errorf("NorthSouthCycle into both stores: %v", err)
	}
	if _, err := board.ParseStoneShark("x.txt", "[oware]\nholes = 6"); err == nil || !strings.HasPrefix(err.Error(), "x.txt: not a StoneShark game file") {
		t.Errorf("a TOML text read as StoneShark's: %v", err)
	}
	games, err := board.ParseStoneShark("Oware.txt", fmt.Sprintf(oware, ""))
	if err != nil || len(games) != 1 || games[0].Name != "Oware" || games[0].Holes != 6 || games[0].Seeds != 4 {
		t.Errorf("the plain file: %v, %v", games, err)
	}
	// sow_start with holes of two or more played: one seed stays in the start hole.
	kept, err := board.ParseStoneShark("Oware.txt", fmt.Sprintf(oware, `, "sow_start": true, "min_move": 2`))
	if err != nil || !strings.Contains(board.FormatRules(kept), "sow.leave_one = true\nsow.min_seeds = 2\n") {
		t.Errorf("sow_start with min_move 2: %v, %v", kept, err)
	}
	// end_cond 3 (SEEDS_LIMIT): the game ends at end_param seeds or fewer, before a majority.
	limited, err := board.ParseStoneShark("Oware.txt", fmt.Sprintf(oware, `, "end_cond": 3, "end_param": 2`))
	if err != nil || !strings.Contains(board.FormatRules(limited), "end.fewer_than = 3\nend.fewer_than_first = true\n") {
		t.Errorf("end_cond 3: %v, %v", limited, err)
	}
	// Below the seeds a capture needs (fours), where StoneShark ends the game after a majority.
	const fours = `{"game_class": "Mancala", "game_constants": {"holes": 6, "nbr_start": 4},
 "game_info": {"name": "Fours", "capt_on": [4], "stores": true, "end_cond": 3, "end_param": 2}}`
	if _, err := board.ParseStoneShark("Fours.txt", fours); err == nil ||
		err.Error() != "Fours.txt: Fours: end_param = 2: not supported yet: fewer seeds than the game's captures need" {
		t.Errorf("end_cond 3 below the captures' count: %v", err)
	}
	if len(board.Variants()) != before {
		t.Errorf("parsing registered games")
	}
}

// TestShippedStoneSharkGamesPlayAsStoneSharkDoes replays every transcript in the
// game the project ships for it (board/games/stoneshark.toml, named by TOMLName):
// the check of StoneShark's rules that needs no StoneShark checkout.
func TestShippedStoneSharkGamesPlayAsStoneSharkDoes(t *testing.T) {
	transcripts, _ := filepath.Glob("testdata/stoneshark/*.jsonl.gz")
	if len(transcripts) < 20 {
		t.Fatalf("%d transcripts in testdata/stoneshark, want the 20 or more games shipped", len(transcripts))
	}
	t.Cleanup(stoneSharkGames.Clear) // the last test to replay them
	for _, tr := range transcripts {
		name := board.TOMLName(strings.ReplaceAll(strings.TrimSuffix(filepath.Base(tr), ".jsonl.gz"), "+", "::"))
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			v := variant(t, name)
			n := replayStoneShark(t, v, tr)
			if n.games != 50 {
				t.Errorf("%d games, want 50", n.games)
			}
		})
	}
}

// TestFormatRulesReadsBack writes the games of rule files as text and reads them back:
// the same games, move for move (perft from the start), under the same names.
func TestFormatRulesReadsBack(t *testing.T) {
	for _, file := range []string{"games/kalah.toml", "games/stoneshark.toml", "testdata/rules/oware-file.toml"} {
		text, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		games, err := board.ParseRules(file, string(text))
		if err != nil {
			t.Fatal(err)
		}
		again, err := board.ParseRules("written", board.FormatRules(games))
		if err != nil {
			t.Fatalf("%s written back: %v", file, err)
		}
		if len(again) != len(games) {
			t.Fatalf("%s: %d games written back, %d read", file, len(games), len(again))
		}
		for i, g := range games {
			if again[i].Name != board.TOMLName(g.Name) || again[i].Title != g.Title || again[i].Holes != g.Holes || again[i].Seeds != g.Seeds {
				t.Errorf("%s: %s came back as %s %q %dx%d", file, g.Name, again[i].Name, again[i].Title, again[i].Holes, again[i].Seeds)
			}
		}
		// Play some games of each through both readings: the rules must agree (the
		// 72 Kalah boards twice over are many games to lay out for one check).
		if strings.HasSuffix(file, "kalah.toml") {
			continue
		}
		table := regexp.MustCompile(`(?m)^\[`)
		origs := loadRules(t, table.ReplaceAllString(string(text), "[o-"))
		written := loadRules(t, table.ReplaceAllString(board.FormatRules(games), "[w-"))
		for i := 0; i < len(origs); i += max(1, len(origs)/12) {
			p, q := origs[i].StartPosition(), written[i].StartPosition()
			if a, b := board.Perft(&p, 4), board.Perft(&q, 4); a != b {
				t.Errorf("%s: perft 4 is %d, written back %d", games[i].Name, a, b)
			}
		}
	}
}

// TestStartPatternNoRepeat: StoneShark's start_pattern 11 (NO_REPEAT_SOW_OWN) moves
// one seed of each row so that no first move would end in the mover's store: on a
// board of six with four seeds, from e1 (whose four seeds would reach a2) into c1
// (whose four would end in the store), both rows alike; with two seeds from c1 into
// e1, and with fifteen (past a lap) from a1 into e1; on two holes StoneShark refuses it.
func TestStartPatternNoRepeat(t *testing.T) {
	const file = `{"game_class": "Mancala", "game_constants": {"holes": %d, "nbr_start": %d},
 "game_info": {"stores": true, "sow_stores": 1, "crosscapt": true, "start_pattern": 11}}`
	for _, c := range []struct {
		holes, seeds int
		want         string
	}{
		{6, 4, `start = "4,3,4,5,4,4/4,4,5,4,3,4 S 0 0 -"`},
		{6, 2, `start = "2,3,2,1,2,2/2,2,1,2,3,2 S 0 0 -"`},
		{6, 15, `start = "15,16,15,15,15,14/14,15,15,15,16,15 S 0 0 -"`},
	} {
		games, err := board.ParseStoneShark("Fair.txt", fmt.Sprintf(file, c.holes, c.seeds))
		if err != nil || len(games) != 1 || !strings.Contains(board.FormatRules(games), c.want+"\n") {
			t.Errorf("%d holes of %d: %v, want %s", c.holes, c.seeds, err, c.want)
		}
	}
	if _, err := board.ParseStoneShark("Fair.txt", fmt.Sprintf(file, 2, 4)); err == nil ||
		err.Error() != "Fair.txt: Fair: start_pattern = 11: not supported yet" {
		t.Errorf("two holes: %v", err)
	}
}

// TestStartPatternRandom: StoneShark's start_pattern 6 (RANDOM) reads nbr_start as
// the seeds in all: the game's fixed start is their deal from the fixed seed
// (Mangala I's 70 on a board of six), and new games draw theirs (start_random).
func TestStartPatternRandom(t *testing.T) {
	const file = `{"game_class": "Mancala", "game_constants": {"holes": 6, "nbr_start": 70},
 "game_info": {"stores": true, "capt_type": 3, "mlaps": 1, "start_pattern": 6}}`
	games, err := board.ParseStoneShark("Dealt.txt", file)
	want := "seeds = 5\nstart = \"11,4,3,4,15,7/3,3,7,3,3,7 S 0 0 -\"\nstart_random = \"at-least-two\"\n"
	if err != nil || len(games) != 1 || !strings.Contains(board.FormatRules(games), want) {
		t.Errorf("%v, want %s", err, want)
	}
}

// TestStartPatternsFixed: StoneShark's start_patterns 3 (ALTS_WITH_1: every other
// hole, North's second from its right holding one seed, on an even row South's
// second from its right empty), 5 (TWOEMPTY: each row's last two holes empty) and 7 (ALTS_SPLIT: every other hole, the second player's last hole
// giving a quarter of its seeds across to the starter's first) as start layouts,
// South to move, and 8 (RIGHTMOST_PLUS_ONE: a seed more in each player's rightmost
// hole); 5 on three holes and 7 on five are refused, as StoneShark refuses them.
func TestStartPatternsFixed(t *testing.T) {
	const file = `{"game_class": "Mancala", "game_constants": {"holes": %d, "nbr_start": %d},
 "game_info": {"stores": true, "sow_stores": 1, "crosscapt": true, "start_pattern": %d}}`
	for _, c := range []struct {
		pattern, holes, seeds int
		want                  string
	}{
		{3, 6, 4, `start = "4,0,1,0,4,0/0,4,0,0,0,4 S 0 0 -"`},
		{3, 5, 4, `start = "4,0,1,0,4/0,4,0,4,0 S 0 0 -"`},
		{5, 6, 4, `start = "0,0,4,4,4,4/4,4,4,4,0,0 S 0 0 -"`},
		{7, 6, 8, `start = "6,0,8,0,8,0/2,8,0,8,0,8 S 0 0 -"`},
		{7, 4, 3, `start = "3,0,3,0/0,3,0,3 S 0 0 -"`},
		{8, 5, 4, `start = "5,4,4,4,4/4,4,4,4,5 S 0 0 -"`},
	} {
		games, err := board.ParseStoneShark("Start.txt", fmt.Sprintf(file, c.holes, c.seeds, c.pattern))
		if err != nil || len(games) != 1 || !strings.Contains(board.FormatRules(games), c.want+"\n") {
			t.Errorf("pattern %d, %d holes of %d: %v, want %s", c.pattern, c.holes, c.seeds, err, c.want)
		}
	}
	for _, c := range []struct{ pattern, holes int }{{5, 3}, {7, 5}} {
		want := fmt.Sprintf("Start.txt: Start: start_pattern = %d: not playable on this board: StoneShark refuses it too (5 needs 4 holes or more, 7 an even number)", c.pattern)
		if _, err := board.ParseStoneShark("Start.txt", fmt.Sprintf(file, c.holes, 4, c.pattern)); err == nil || err.Error() != want {
			t.Errorf("pattern %d on %d holes: %v", c.pattern, c.holes, err)
		}
	}
}
