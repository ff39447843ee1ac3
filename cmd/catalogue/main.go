// Command catalogue writes docs/catalogue.md: one row per game of StoneShark's
// MancalaGames catalogue, saying whether the engine plays it (or why not), how many
// plies of StoneShark's random games it replays exactly, how it scored against
// StoneShark's AI, perft 1 to 5 from the start and the speed of its move generation.
// It is a documentation tool, not part of the engine:
//
//	go run ./cmd/catalogue --stoneshark ../shared/stoneshark/GameProps \
//	    --level2 DIR2 [--balanced DIRB] [--level3 DIR3] > docs/catalogue.md
//
// DIR2, DIRB and DIR3 hold the records of bench/stoneshark-matches.sh (GAME.jsonl per
// game: the engine, named mancala, against StoneShark's AI at difficulty 2 from any
// opening, at difficulty 2 from balanced openings, at difficulty 3); the plies come
// from the transcripts in board/testdata/stoneshark.
package main

import (
	"bufio"
	"compress/gzip"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"time"

	"github.com/spf13/pflag"

	"mancala/board"
	"mancala/protocol/tournament"
	"mancala/search"
)

func main() {
	if err := run(os.Args[1:], os.Stdout); err != nil {
		fmt.Fprintln(os.Stderr, "catalogue:", err)
		os.Exit(1)
	}
}

// options are the command's flags.
type options struct {
	stoneshark, transcripts  string
	level2, balanced, level3 string // the folders of match records, one a column
	command                  string // the command line, quoted in the page
}

func run(args []string, out io.Writer) error {
	flags := pflag.NewFlagSet("catalogue", pflag.ContinueOnError)
	var o options
	flags.StringVar(&o.stoneshark, "stoneshark", "../shared/stoneshark/GameProps", "StoneShark's GameProps folder")
	flags.StringVar(&o.transcripts, "transcripts", "board/testdata/stoneshark", "the folder of StoneShark's random games the tests replay")
	flags.StringVar(&o.level2, "level2", "", "records of the matches against StoneShark's AI at difficulty 2 (GAME.jsonl each)")
	flags.StringVar(&o.balanced, "balanced", "", "the same from balanced openings (DECIDED=16 BALANCE=1000)")
	flags.StringVar(&o.level3, "level3", "", "the same at difficulty 3, from any opening")
	if err := flags.Parse(args); err != nil {
		return err
	}
	if flags.NArg() > 0 {
		return fmt.Errorf("unexpected arguments %q", flags.Args())
	}
	o.command = "go run ./cmd/catalogue " + strings.Join(args, " ")
	rows, err := catalogue(o)
	if err != nil {
		return err
	}
	_, err = io.WriteString(out, page(o, rows))
	return err
}

// row is one game of the catalogue.
type row struct {
	name    string   // StoneShark's: FILE or FILE::VARIANT
	project string   // the project's name, for an accepted game
	refused string   // why not, for a refused one
	plies   int      // plies replayed exactly (0: no transcript)
	level   [3]score // difficulty 2, difficulty 2 from balanced openings, difficulty 3
	perft   []uint64
	nps     float64
}

// score is the engine's result against StoneShark's AI at one level.
type score struct {
	games  int
	points float64
	lost   int // games the engine's first search proved lost (mate against it)
	// behind counts the games begun behind: proved lost, scored 2 seeds or more
	// behind by the engine's first search, or over before its first move.
	behind      int
	levelPoints float64 // the engine's points in the other games, begun level
}

// behindScore is the first search's score, in centiseeds, from which a game counts
// as begun behind.
const behindScore = -200

// catalogue reads StoneShark's folder: every game and variant, accepted or not.
func catalogue(o options) ([]row, error) {
	files, err := filepath.Glob(filepath.Join(o.stoneshark, "*.txt"))
	if err != nil || len(files) == 0 {
		return nil, fmt.Errorf("no StoneShark game files in %s", o.stoneshark)
	}
	sort.Strings(files)
	var rows []row
	for _, f := range files {
		base := strings.TrimSuffix(filepath.Base(f), ".txt")
		if strings.HasPrefix(base, "_") {
			continue
		}
		text, err := os.ReadFile(f)
		if err != nil {
			return nil, err
		}
		games, err := board.ParseStoneShark(f, string(text))
		var refused board.Refused
		if errors.As(err, &refused) {
			for _, r := range refused {
				var ss *board.StoneSharkError
				if errors.As(r, &ss) {
					rows = append(rows, row{name: ss.Game, refused: reason(ss)})
				}
			}
		} else if err != nil {
			var ss *board.StoneSharkError
			if !errors.As(err, &ss) {
				return nil, err
			}
			rows = append(rows, row{name: base, refused: reason(ss)})
			continue
		}
		for _, g := range games {
			r, err := accepted(o, g.Name)
			if err != nil {
				return nil, err
			}
			rows = append(rows, r)
		}
	}
	sort.Slice(rows, func(i, j int) bool { return strings.ToLower(rows[i].name) < strings.ToLower(rows[j].name) })
	return rows, nil
}

// reason is a refusal without its file: the parameter and value, or what is wrong.
func reason(e *board.StoneSharkError) string {
	if e.Param != "" {
		return fmt.Sprintf("`%s = %s` %s", e.Param, e.Value, e.Msg)
	}
	return e.Msg
}

// accepted measures a game the engine plays, in the game the project ships.
func accepted(o options, name string) (row, error) {
	r := row{name: name, project: board.TOMLName(name)}
	v, err := board.VariantByName(r.project)
	if err != nil {
		return r, fmt.Errorf("%s is not shipped in board/games/stoneshark.toml: %w", name, err)
	}
	file := strings.ReplaceAll(name, "::", "+") + ".jsonl.gz"
	if r.plies, err = transcriptPlies(filepath.Join(o.transcripts, file)); err != nil {
		return r, err
	}
	for i, dir := range []string{o.level2, o.balanced, o.level3} {
		if dir != "" {
			if r.level[i], err = matchScore(filepath.Join(dir, r.project+".jsonl")); err != nil {
				return r, err
			}
		}
	}
	start := v.StartPosition()
	for d := 1; d <= 5; d++ {
		r.perft = append(r.perft, board.Perft(&start, d))
	}
	r.nps = perftSpeed(start)
	return r, nil
}

// perftSpeed is perft's nodes per CPU second (per second where the CPU time cannot
// be read) from p at the first depth taking 0.2 s or more, or at depth 30 for a game
// too small to take that long. The catalogue runs one perft at a time on one
// goroutine, so the process's CPU time is the perft's.
func perftSpeed(p board.Position) float64 {
	rate := 0.0
	for d := 1; d <= 30; d++ {
		t := time.Now()
		cpu0, cpuOK := search.ProcessCPUTime()
		n := board.Perft(&p, d)
		s := time.Since(t).Seconds()
		if cpu1, ok := search.ProcessCPUTime(); cpuOK && ok && cpu1 > cpu0 {
			s = (cpu1 - cpu0).Seconds()
		}
		rate = float64(n) / max(s, 1e-9)
		if s >= 0.2 {
			break
		}
	}
	return rate
}

// transcriptPlies counts the moves of a transcript, the plies the tests replay (0 when
// there is none); a transcript's entries that start a new round are no move.
func transcriptPlies(path string) (int, error) {
	f, err := os.Open(path)
	if errors.Is(err, os.ErrNotExist) {
		return 0, nil
	} else if err != nil {
		return 0, err
	}
	defer f.Close()
	z, err := gzip.NewReader(f)
	if err != nil {
		return 0, fmt.Errorf("%s: %w", path, err)
	}
	sc := bufio.NewScanner(z)
	sc.Buffer(nil, 1<<24)
	plies := 0
	for sc.Scan() {
		var g struct {
			Plies []json.RawMessage `json:"plies"`
		}
		if err := json.Unmarshal(sc.Bytes(), &g); err != nil {
			return 0, fmt.Errorf("%s: %w", path, err)
		}
		for _, p := range g.Plies {
			var ply struct {
				Move json.RawMessage `json:"move"`
			}
			if err := json.Unmarshal(p, &ply); err != nil {
				return 0, fmt.Errorf("%s: %w", path, err)
			}
			if ply.Move != nil {
				plies++
			}
		}
	}
	return plies, sc.Err()
}

// matchScore reads a match's records: the engine named mancala's points.
func matchScore(path string) (score, error) {
	var s score
	f, err := os.Open(path)
	if errors.Is(err, os.ErrNotExist) {
		return s, nil
	} else if err != nil {
		return s, err
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 1<<24)
	for sc.Scan() {
		var r tournament.Record
		if err := json.Unmarshal(sc.Bytes(), &r); err != nil {
			return s, fmt.Errorf("%s: %w", path, err)
		}
		s.games++
		points := r.SouthPoints()
		if r.South != "mancala" {
			points = 1 - points
		}
		s.points += points
		if begunBehind(r.Moves) {
			s.behind++
		} else {
			s.levelPoints += points
		}
		for _, m := range r.Moves {
			if m.Score != "" { // the engine's first search of the game
				if strings.HasPrefix(m.Score, "mate -") {
					s.lost++
				}
				break
			}
		}
	}
	return s, sc.Err()
}

// begunBehind says whether the engine's first search of a game proved it lost or
// scored it behindScore or worse, or whether the game ended before the engine moved.
func begunBehind(moves []tournament.MoveRecord) bool {
	for _, m := range moves {
		if m.Score == "" {
			continue
		}
		if strings.HasPrefix(m.Score, "mate -") {
			return true
		}
		var cp int
		if _, err := fmt.Sscanf(m.Score, "cp %d", &cp); err == nil {
			return cp <= behindScore
		}
		return false
	}
	return true
}

// page writes the catalogue as markdown.
func page(o options, rows []row) string {
	var b strings.Builder
	accepted, plies := 0, 0
	var total [3]score
	var named [3][]string // the games with records at each level
	var good [3]int       // the games at 90% or more at each level
	for _, r := range rows {
		if r.refused != "" {
			continue
		}
		accepted++
		plies += r.plies
		for i, s := range r.level {
			total[i].games += s.games
			total[i].points += s.points
			total[i].lost += s.lost
			total[i].behind += s.behind
			total[i].levelPoints += s.levelPoints
			if s.games > 0 {
				named[i] = append(named[i], r.project)
				if s.points >= 0.9*float64(s.games) {
					good[i]++
				}
			}
		}
	}
	b.WriteString("# StoneShark's catalogue, game by game\n\n")
	b.WriteString("Written by `cmd/catalogue` (do not edit by hand; docs/stoneshark.md explains the\n")
	b.WriteString("games and their rules). To regenerate it, from the repository's root:\n\n```\n")
	if o.level2 != "" {
		fmt.Fprintf(&b, "bench/stoneshark-matches.sh 2 5 %s    # 10 games a game against StoneShark's AI at difficulty 2\n", o.level2)
	}
	if o.balanced != "" {
		fmt.Fprintf(&b, "DECIDED=16 BALANCE=1000 bench/stoneshark-matches.sh 2 5 %s %s    # the same from balanced openings\n", o.balanced, strings.Join(named[1], " "))
	}
	if o.level3 != "" {
		fmt.Fprintf(&b, "bench/stoneshark-matches.sh 3 5 %s %s    # the same at difficulty 3\n", o.level3, strings.Join(named[2], " "))
	}
	fmt.Fprintf(&b, "%s > docs/catalogue.md\n```\n\n", o.command)
	fmt.Fprintf(&b, "%d of StoneShark's %d games (files and the variants they name) are played; %d plies\n", accepted, len(rows), plies)
	b.WriteString("of StoneShark's random games replay exactly in them. The engine plays at 100 ms a move\n")
	b.WriteString("with its generic evaluation, 10 games a game (5 pairs of colours, each pair from one random\n")
	b.WriteString("2-ply opening). A game counts as begun behind when the engine's first search proved it\n")
	b.WriteString("lost (\"proved lost\") or scored it 2 seeds or more behind, or when it ended before the\n")
	b.WriteString("engine's first move: random 2-ply openings are often decided (docs/stoneshark.md).\n\n")
	for i, what := range []string{"at difficulty 2, from any opening", "at difficulty 2, from balanced openings", "at difficulty 3, from any opening"} {
		if total[i].games > 0 {
			t := total[i]
			fmt.Fprintf(&b, "- Against its AI %s: %.1f of %d points (%.1f%%); %d of the %d games matched scored 90%% or more; %d games begun behind (%d proved lost), and in the %d others %.1f points (%.1f%%).\n",
				what, t.points, t.games, 100*t.points/float64(t.games), good[i], len(named[i]),
				t.behind, t.lost, t.games-t.behind, t.levelPoints, 100*t.levelPoints/float64(max(t.games-t.behind, 1)))
		}
	}
	b.WriteString("\nPerft counts games from the start, 1 to 5 plies; the speed is perft's, in millions of\n")
	b.WriteString("positions a CPU second, on the machine that wrote the page (2 shared cores).\n\n")
	b.WriteString("| game | played as | plies exact | vs AI level 2 | level 2, balanced openings | vs AI level 3 | perft 1-5 | Mnps |\n|---|---|---|---|---|---|---|---|\n")
	for _, r := range rows {
		if r.refused != "" {
			fmt.Fprintf(&b, "| %s | refused: %s | | | | | | |\n", r.name, r.refused)
			continue
		}
		counts := make([]string, len(r.perft))
		for i, n := range r.perft {
			counts[i] = fmt.Sprint(n)
		}
		fmt.Fprintf(&b, "| %s | `%s` | %d | %s | %s | %s | %s | %.1f |\n", r.name, r.project, r.plies,
			r.level[0].text(), r.level[1].text(), r.level[2].text(), strings.Join(counts, ", "), r.nps/1e6)
	}
	return b.String()
}

// text is a score as the table shows it: points of games, with the proven-lost openings.
func (s score) text() string {
	if s.games == 0 {
		return ""
	}
	t := fmt.Sprintf("%g/%d (%.0f%%)", s.points, s.games, 100*s.points/float64(s.games))
	if s.behind > 0 {
		t += fmt.Sprintf(", %d begun behind", s.behind)
		if s.lost > 0 {
			t += fmt.Sprintf(" (%d proved lost)", s.lost)
		}
	}
	return t
}
