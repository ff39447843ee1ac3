#!/usr/bin/env bash
# perft-vs-c.sh [PERFT_C] [RUNS]: the CPU time of `mancala perft` against the tight
# C perft (default ../shared/perf/perft.c, which knows Adji Kui I and Je ki n je)
# from the start positions, RUNS runs each (default 5), the two programs run
# alternately; prints each side's median CPU time (user + sys) and Go's speed as a
# fraction of the C's. Adji-Boto, which the C does not play, gets Go's time alone.
# Run it from the repository's root; MANCALA=/path/to/mancala measures that build
# instead of one of the working tree.
set -euo pipefail
src=${1:-../shared/perf/perft.c}
runs=${2:-5}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
mancala=${MANCALA:-$tmp/mancala}
[ -n "${MANCALA:-}" ] || go build -o "$mancala" ./cmd/mancala
gcc -O3 -march=native -o "$tmp/cperft" "$src"

# cpu CMD...: the CPU seconds (user + sys) the command used.
cpu() {
	local TIMEFORMAT='%3U %3S' t
	t=$({ time "$@" >/dev/null 2>&1; } 2>&1)
	awk '{printf "%.3f\n", $1 + $2}' <<<"$t"
}

# median: the median of the numbers on stdin.
median() {
	sort -g | awk '{a[NR] = $1} END {print (NR % 2) ? a[(NR + 1) / 2] : (a[NR / 2] + a[NR / 2 + 1]) / 2}'
}

printf '%-12s %5s %10s %10s %8s\n' game depth 'Go cpu s' 'C cpu s' 'Go/C'
for spec in "je-ki-n-je 10 jk" "adji-kui-1 12 ak" "adji-boto 15 -"; do
	read -r game depth code <<<"$spec"
	: >"$tmp/go" && : >"$tmp/c"
	for ((i = 0; i < runs; i++)); do
		cpu "$mancala" perft "$game" "$depth" >>"$tmp/go"
		if [ "$code" != - ]; then
			cpu "$tmp/cperft" "$code" "$depth" >>"$tmp/c"
		fi
	done
	g=$(median <"$tmp/go")
	if [ "$code" = - ]; then
		printf '%-12s %5s %10s %10s %8s\n' "$game" "$depth" "$g" - -
	else
		c=$(median <"$tmp/c")
		printf '%-12s %5s %10s %10s %8.2f\n' "$game" "$depth" "$g" "$c" "$(awk -v g="$g" -v c="$c" 'BEGIN {print c / g}')"
	fi
done
