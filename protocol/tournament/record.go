package tournament

import (
	"encoding/json"
	"fmt"
	"io"

	"mancala/board"
	"mancala/protocol/printable"
)

// How a game ended, as records name it: a game the rules ended by the name of its
// board.Reason (board.RuleEnding reads it back), and one the runner ended by one of
// these.
const (
	EndMaxPlies       = "max plies"          // adjudicated: the game reached the ply limit
	EndScoreAgreement = "score adjudication" // adjudicated: both engines agreed on a winner
	EndTablebase      = "tablebase"          // adjudicated: the endgame table values the position exactly
	EndTimeForfeit    = "time forfeit"       // the loser ran out of time or did not answer
	EndIllegalMove    = "illegal move"       // the loser sent a move the rules forbid
	EndBadBestMove    = "bad bestmove"       // the loser sent a bestmove that is no move
	EndCrash          = "crash"              // the loser's process died
	EndEngineFailure  = "engine failure"     // the loser could not be started or made ready
)

// MoveRecord is one move of a game with what the engine said about it.
type MoveRecord struct {
	Move  string `json:"move"`
	MS    int64  `json:"ms"`              // thinking time, milliseconds
	Score string `json:"score,omitempty"` // the engine's last score: "cp 35" or "mate 3"
	Depth int    `json:"depth,omitempty"`
	Nodes uint64 `json:"nodes,omitempty"`
}

// Record is one game as written to the records file, one JSON object per line.
type Record struct {
	Game    int          `json:"game"`  // 1-based game number in the schedule
	Round   int          `json:"round"` // 1-based round
	Pair    int          `json:"pair"`  // games of the same pair share an opening, colours swapped
	Variant string       `json:"variant"`
	South   string       `json:"south"` // engine names
	North   string       `json:"north"`
	Opening Opening      `json:"opening"`
	Moves   []MoveRecord `json:"moves"`           // the game's moves after the opening
	Result  string       `json:"result"`          // "1-0", "0-1" or "1/2-1/2"
	Seeds   string       `json:"seeds,omitempty"` // final seed count "south-north" in the scoring games
	Reason  string       `json:"reason"`          // one of the End... names
	Detail  string       `json:"detail,omitempty"`
	TimeMS  [2]int64     `json:"time_ms"` // total thinking time of South and North
	// OverrunMS is the largest time South and North took beyond their clock or
	// movetime on one move (0: never); within the margin it did not lose the game.
	OverrunMS [2]int64 `json:"overrun_ms"`
	Final     string   `json:"final"`     // the final position, before any end-of-game sweep
	Scheduled int      `json:"scheduled"` // games in the whole match's schedule
	// Match identifies the match the game belongs to, the same in all its games and
	// shards: a digest of its variant, engine names, openings, adjudication and
	// schedule (see Config.identity). Empty in records written before it existed.
	Match string `json:"match,omitempty"`
	// Settings are South's and North's limits and options, as "tc=10+0.1
	// option.Hash=64" (see EngineSpec.settings); empty in older records.
	Settings []string `json:"settings,omitempty"`
}

// UnmarshalJSON reads a record as its fields say, then makes every text in it
// printable (printable.Line): records are read back from files anyone may have
// written, and their names, moves and details are printed (--replay, report) and
// shown (the GUI's record loader).
func (r *Record) UnmarshalJSON(data []byte) error {
	type fields Record // the same fields, without this method
	if err := json.Unmarshal(data, (*fields)(r)); err != nil {
		return err
	}
	for _, s := range []*string{&r.Variant, &r.South, &r.North, &r.Opening.FEN, &r.Result, &r.Seeds, &r.Reason, &r.Detail, &r.Final, &r.Match} {
		*s = printable.Line(*s)
	}
	for _, list := range [][]string{r.Opening.Moves, r.Settings} {
		for i := range list {
			list[i] = printable.Line(list[i])
		}
	}
	for i := range r.Moves {
		r.Moves[i].Move, r.Moves[i].Score = printable.Line(r.Moves[i].Move), printable.Line(r.Moves[i].Score)
	}
	return nil
}

// faultLoser returns the side that lost the game by its own fault, if it did.
func (r *Record) faultLoser() (board.Side, bool) {
	if !isFault(r.Reason) {
		return 0, false
	}
	if r.Result == "1-0" {
		return board.North, true
	}
	return board.South, true
}

// SouthPoints is South's score in the game: 1, 0.5 or 0.
func (r *Record) SouthPoints() float64 {
	switch r.Result {
	case "1-0":
		return 1
	case "0-1":
		return 0
	}
	return 0.5
}

// setResult fills Result and Seeds from a board result.
func (r *Record) setResult(res board.Result) {
	r.Result = res.Score()
	r.Seeds = ""
	if res.Scored {
		r.Seeds = fmt.Sprintf("%d-%d", res.South, res.North)
	}
}

// forfeit ends the game with a loss for side.
func (r *Record) forfeit(side board.Side, reason, detail string) {
	r.Result, r.Seeds, r.Reason, r.Detail = "1-0", "", reason, detail
	if side == board.South {
		r.Result = "0-1"
	}
}

// ReplayGame replays a record with the rules and checks it: every move legal, the
// result and final position as recorded, a rules ending where the record claims one
// and none where it claims an adjudication or a fault. It returns the replayed game.
func ReplayGame(r *Record) (*board.Game, error) {
	v, err := board.VariantByName(r.Variant)
	if err != nil {
		return nil, err
	}
	g, err := r.Opening.Game(v)
	if err != nil {
		return nil, fmt.Errorf("opening: %v", err)
	}
	for i, mr := range r.Moves {
		m, err := v.ParseMove(mr.Move)
		if err == nil {
			err = g.Play(m)
		}
		if err != nil {
			return g, fmt.Errorf("move %d: %v", i+1, err)
		}
	}
	final := g.Position()
	if final.String() != r.Final {
		return g, fmt.Errorf("final position %s, record says %s", final.String(), r.Final)
	}
	res := g.Result()
	if why, byRules := board.RuleEnding(r.Reason); byRules {
		if !res.Over() || res.Reason != why {
			return g, fmt.Errorf("record says %s, the rules say %s", r.Reason, describe(res))
		}
		if res.Score() != r.Result || (res.Scored && fmt.Sprintf("%d-%d", res.South, res.North) != r.Seeds) {
			return g, fmt.Errorf("record says %s %s, the rules say %s", r.Result, r.Seeds, res)
		}
		return g, nil
	}
	switch r.Reason {
	case EndMaxPlies:
		if res.Over() {
			return g, fmt.Errorf("adjudicated at the ply limit, but the game ended: %s", describe(res))
		}
		capped, _ := g.PlyCapResult(len(g.Moves())) // capped where the record stops
		if capped.Score() != r.Result || (capped.Scored && fmt.Sprintf("%d-%d", capped.South, capped.North) != r.Seeds) {
			return g, fmt.Errorf("ply-limit result %s, record says %s %s", capped, r.Result, r.Seeds)
		}
	case EndTablebase:
		if res.Over() {
			return g, fmt.Errorf("record says %s, but the game ended by the rules: %s", r.Reason, describe(res))
		}
		if !r.seedsAccountFor(final) {
			return g, fmt.Errorf("tablebase result %s %s does not share the %d seeds on the board", r.Result, r.Seeds, final.SeedsOnBoard())
		}
	case EndScoreAgreement, EndTimeForfeit, EndIllegalMove, EndBadBestMove, EndCrash, EndEngineFailure:
		if res.Over() {
			return g, fmt.Errorf("record says %s, but the game ended by the rules: %s", r.Reason, describe(res))
		}
	default:
		return g, fmt.Errorf("unknown reason %q", r.Reason)
	}
	return g, nil
}

// seedsAccountFor reports whether the record's result and final seed counts could
// end the game at p: every seed of the game counted, each side at least its store,
// and the result the one the counts give.
func (r *Record) seedsAccountFor(p board.Position) bool {
	var south, north int
	if _, err := fmt.Sscanf(r.Seeds, "%d-%d", &south, &north); err != nil {
		return false
	}
	s, n := p.Store(board.South), p.Store(board.North)
	if south < s || north < n || south+north != s+n+p.SeedsOnBoard() {
		return false
	}
	return board.AdjudicatedScore(south, north).Score() == r.Result
}

func describe(res board.Result) string {
	if !res.Over() {
		return "the game goes on"
	}
	return res.String() + " (" + res.Reason.String() + ")"
}

// Replay reads a records file and replays every game, writing one line per game (its
// number, players, result, reason and final position, or what is wrong). A damaged
// line is reported with its number; a last line without its newline is reported as
// cut short. It returns the number of games read and of games that failed to replay.
func Replay(in io.Reader, out io.Writer) (games, bad int, err error) {
	rr, err := ReadRecords(in)
	if err != nil {
		return 0, 0, err
	}
	for _, l := range rr.Lines {
		games++
		r := l.Record
		if l.Err != nil {
			bad++
			if l.Cut {
				fmt.Fprintf(out, "line %d (the last): cut short, %d bytes without a newline (a record whose writing was interrupted): %v\n", l.N, rr.Cut, l.Err)
			} else {
				fmt.Fprintf(out, "line %d: %v\n", l.N, l.Err)
			}
			continue
		}
		g, err := ReplayGame(&r)
		if err != nil {
			bad++
			fmt.Fprintf(out, "game %d (%s vs %s): FAIL: %v\n", r.Game, r.South, r.North, err)
			continue
		}
		res := r.Result
		if r.Seeds != "" {
			res += " " + r.Seeds
		}
		fmt.Fprintf(out, "game %d (%s vs %s, %s): %s, %s, %d plies, final %s: ok\n",
			r.Game, r.South, r.North, r.Variant, res, r.Reason, len(g.Moves()), r.Final)
	}
	return games, bad, nil
}
