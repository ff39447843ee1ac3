// Command evaltune builds the learned evaluation's weights: it generates self-play
// positions labelled by the games' results, and fits the evaluation's features to
// them (eval/tune). It lives in cmd/ because generating games needs a searcher.
//
//	go run ./cmd/evaltune selfplay --variant adji-boto --games 400 --seed 1 > /tmp/ab.txt
//	go run ./cmd/evaltune fit --variant adji-boto /tmp/ab.txt > eval/weights/adji-boto.txt
//
// docs/ledger.md gives the commands that made the committed weights.
package main

import (
	"fmt"
	"os"

	flag "github.com/spf13/pflag"

	"mancala/board"
)

func main() {
	if len(os.Args) < 2 {
		fmt.Fprintln(os.Stderr, "evaltune: usage: evaltune selfplay|fit [flags]")
		os.Exit(2)
	}
	fs := flag.NewFlagSet(os.Args[1], flag.ExitOnError)
	variant := fs.String("variant", board.DefaultVariant.Get().Name, "the game")
	var err error
	switch os.Args[1] {
	case "selfplay":
		games := fs.Int("games", 100, "games to play")
		depth := fs.Int("depth", 5, "search depth per move")
		opening := fs.Int("opening", 6, "random plies at the start of each game")
		random := fs.Int("random-every", 0, "play one move in this many at random (0: none)")
		seed := fs.Uint64("seed", 1, "seed of the random moves")
		evaluation := fs.String("eval", "hand", "the evaluation that plays: hand (eval.Hand) or default (eval.Default)")
		fs.Parse(os.Args[2:])
		v, verr := board.VariantByName(*variant)
		if verr != nil {
			fail(verr)
		}
		f, ferr := playingEval(v, *evaluation)
		if ferr != nil {
			fail(ferr)
		}
		err = selfPlay(os.Stdout, v, f, *games, *depth, *opening, *random, *seed)
	case "fit":
		fitFlags(fs)
		fs.Parse(os.Args[2:])
		v, verr := board.VariantByName(*variant)
		if verr != nil {
			fail(verr)
		}
		err = fit(os.Stdout, v, fs.Args())
	default:
		fmt.Fprintf(os.Stderr, "evaltune: unknown subcommand %q (selfplay or fit)\n", os.Args[1])
		os.Exit(2)
	}
	if err != nil {
		fail(err)
	}
}

func fail(err error) {
	fmt.Fprintln(os.Stderr, "evaltune:", err)
	os.Exit(1)
}
