#!/usr/bin/env bash
# search-speed.sh OLD NEW [RUNS]: alpha-beta's speed in two builds of mancala, run
# alternately RUNS times each (default 5) from the start position of every game:
# a search to a fixed depth per game (set so that it takes one to two seconds), its CPU
# time (user + sys) and nodes, and the depth it had completed by one CPU second at
# that speed. Prints the medians per build and game, and new/old.
set -euo pipefail
old=$1 new=$2 runs=${3:-5}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# search BIN VARIANT DEPTH: prints the CPU seconds, the nodes, and the depth whose
# iteration ended within one CPU second at the search's speed.
search() {
	local out=$tmp/out.$RANDOM$RANDOM
	{
		printf 'setoption name Variant value %s\nposition startpos\ngo depth %s\n' "$2" "$3"
		until grep -q '^bestmove' "$out" 2>/dev/null; do sleep 0.05; done
		echo quit
	} | { TIMEFORMAT='%3U %3S' && time "$1" >"$out"; } 2>"$tmp/time"
	awk -v t="$(cat "$tmp/time")" 'BEGIN {split(t, a, " "); cpu = a[1] + a[2]}
		$1 == "info" && $2 == "depth" {
			for (i = 3; i < NF; i++) if ($i == "nodes") n = $(i + 1)
			d[$3] = n
		}
		END {rate = n / cpu; for (k in d) if (d[k] <= rate && k + 0 > best) best = k + 0
			printf "%.3f %d %d\n", cpu, n, best}' "$out"
	rm -f "$out"
}

median() {
	sort -g | awk '{a[NR] = $1} END {print (NR % 2) ? a[(NR + 1) / 2] : (a[NR / 2] + a[NR / 2 + 1]) / 2}'
}

printf '%-15s %6s %12s %12s %9s %9s %7s\n' game depth 'old nodes/s' 'new nodes/s' 'old 1s d' 'new 1s d' new/old
for spec in "je-ki-n-je 36" "adji-kui-1 30" "adji-boto 27" "bao-la-kimasai 19"; do
	read -r game depth <<<"$spec"
	: >"$tmp/old" && : >"$tmp/new"
	for ((i = 0; i < runs; i++)); do
		search "$old" "$game" "$depth" >>"$tmp/old"
		search "$new" "$game" "$depth" >>"$tmp/new"
	done
	for b in old new; do
		awk '{print $2 / $1}' "$tmp/$b" | median >"$tmp/$b.rate"
		awk '{print $3}' "$tmp/$b" | median >"$tmp/$b.depth"
	done
	printf '%-15s %6s %12.0f %12.0f %9s %9s %7.3f\n' "$game" "$depth" "$(cat "$tmp/old.rate")" "$(cat "$tmp/new.rate")" \
		"$(cat "$tmp/old.depth")" "$(cat "$tmp/new.depth")" "$(awk "BEGIN {print $(cat "$tmp/new.rate") / $(cat "$tmp/old.rate")}")"
done
