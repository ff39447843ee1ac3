#!/usr/bin/env bash
# stoneshark-matches.sh LEVEL ROUNDS DIR [GAME...]: the engine at 100 ms a move with
# its generic evaluation against StoneShark's AI at difficulty LEVEL
# (bench/stoneshark-engine.py), ROUNDS pairs of games (both colours) from random
# 2-ply openings in each StoneShark game the project ships (board/games/stoneshark.toml;
# or the GAMEs named), each match recorded in DIR/GAME.jsonl. Prints one table row per
# game, then the total: games, the engine's points and its share. Run it from the
# repository's root; MANCALA=/path/to/mancala plays that build, CONCURRENCY=N games
# at once (default 2), MARGIN=S the seconds a move may overstep its 100 ms (default
# 0.5: on a shared, loaded machine a process can wait that long for a core),
# STONESHARK=DIR StoneShark's checkout (default ../shared/stoneshark). DECIDED=D
# draws the openings among those the engine's search to depth D neither proves won
# or lost nor scores more than BALANCE centiseeds from level (default: any score
# short of a proof); the default, DECIDED=0, takes any opening. A board with too few
# such openings plays the nearest ones too (docs/stoneshark.md).
set -euo pipefail
level=$1 rounds=$2 dir=$3
shift 3
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
mancala=${MANCALA:-$tmp/mancala}
[ -n "${MANCALA:-}" ] || go build -o "$mancala" ./cmd/mancala
go build -o "$tmp/tourney" ./cmd/tourney
mkdir -p "$dir"
games=("$@")
if [ ${#games[@]} -eq 0 ]; then
	mapfile -t games < <(sed -n 's/^\[\(.*\)\]$/\1/p' board/games/stoneshark.toml)
fi
printf '| game | games | points | W-D-L | share |\n|---|---|---|---|---|\n'
total=0 points=0
for g in "${games[@]}"; do
	# match ROUNDS: play the game's match, recorded afresh.
	match() {
		rm -f "$dir/$g.jsonl"
		"$tmp/tourney" --variant "$g" --opening-plies 2 --opening-depth "${DECIDED:-0}" --opening-balance "${BALANCE:-100000}" --rounds "$1" \
			--concurrency "${CONCURRENCY:-2}" --quiet --move-timeout 600 --ready-timeout 60 --timemargin "${MARGIN:-0.5}" \
			--records "$dir/$g.jsonl" \
			--engine name=mancala cmd="$mancala" movetime=0.1 \
			--engine name=stoneshark cmd=python3 arg=bench/stoneshark-engine.py \
			option.Difficulty="$level" depth=1 >"$tmp/out" 2>&1
	}
	if ! match "$rounds"; then
		# a board too small for ROUNDS distinct openings plays each of them once
		few=$(sed -n 's/.*found only \([0-9]*\) distinct openings.*/\1/p' "$tmp/out")
		if [ -z "$few" ] || ! match "$few"; then
			echo "| $g | failed: $(tail -1 "$tmp/out") |"
			continue
		fi
	fi
	# the pairing line: "mancala vs stoneshark  N  P-Q  W  D  L ..."
	read -r n p w d l < <(awk '$1 == "mancala" && $2 == "vs" {split($5, s, "-"); print $4, s[1], $6, $7, $8}' "$tmp/out")
	total=$((total + n))
	points=$(awk -v a="$points" -v b="$p" 'BEGIN {print a + b}')
	printf '| `%s` | %d | %s | %d-%d-%d | %.0f%% |\n' "$g" "$n" "$p" "$w" "$d" "$l" "$(awk -v p="$p" -v n="$n" 'BEGIN {print 100 * p / n}')"
done
printf '| total | %d | %s | | %.1f%% |\n' "$total" "$points" "$(awk -v p="$points" -v n="$total" 'BEGIN {print 100 * p / n}')"
