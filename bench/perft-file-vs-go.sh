#!/usr/bin/env bash
# perft-file-vs-go.sh [DEPTH] [RUNS]: the generic rules engine against the same game
# written in Go: `mancala --variants board/testdata/rules/oware-file.toml perft
# oware-file DEPTH` against `mancala perft oware-abapa DEPTH` (default depth 11, a
# few seconds each), RUNS runs each (default 5), run alternately. Checks that both
# count the same games, and prints each one's median CPU time (user + sys), its
# games per CPU second, and the file's speed as a fraction of the Go-written game's.
# Run it from the repository's root; MANCALA=/path/to/mancala measures that build
# instead of one of the working tree.
set -euo pipefail
depth=${1:-11}
runs=${2:-5}
rules=board/testdata/rules/oware-file.toml
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
mancala=${MANCALA:-$tmp/mancala}
[ -n "${MANCALA:-}" ] || go build -o "$mancala" ./cmd/mancala

# run NAME CMD...: runs the perft, appends its CPU seconds (user + sys) to
# $tmp/NAME.cpu and its node count to $tmp/NAME.nodes.
run() {
	local name=$1 TIMEFORMAT='%3U %3S' t
	shift
	t=$({ time "$@" >"$tmp/out" 2>&1; } 2>&1)
	awk '{printf "%.3f\n", $1 + $2}' <<<"$t" >>"$tmp/$name.cpu"
	awk '/^Nodes searched:/ {print $3}' "$tmp/out" >>"$tmp/$name.nodes"
}

# median: the median of the numbers on stdin.
median() {
	sort -g | awk '{a[NR] = $1} END {print (NR % 2) ? a[(NR + 1) / 2] : (a[NR / 2] + a[NR / 2 + 1]) / 2}'
}

for ((i = 0; i < runs; i++)); do
	run file "$mancala" --variants "$rules" perft oware-file "$depth"
	run go "$mancala" perft oware-abapa "$depth"
done
nodes=$(sort -u "$tmp/go.nodes")
if [ "$(sort -u "$tmp/file.nodes" "$tmp/go.nodes" | wc -l)" -ne 1 ] || [ -z "$nodes" ]; then
	echo "perft counts differ: oware-file $(sort -u "$tmp/file.nodes" | tr '\n' ' ')oware-abapa $(sort -u "$tmp/go.nodes" | tr '\n' ' ')" >&2
	exit 1
fi
f=$(median <"$tmp/file.cpu")
g=$(median <"$tmp/go.cpu")
printf 'perft %s: %s games, %s alternated runs each, median CPU time\n' "$depth" "$nodes" "$runs"
printf '%-12s %9s %14s\n' game 'cpu s' 'games/cpu-s'
printf '%-12s %9s %14.0f\n' oware-file "$f" "$(awk -v n="$nodes" -v t="$f" 'BEGIN {print n / t}')"
printf '%-12s %9s %14.0f\n' oware-abapa "$g" "$(awk -v n="$nodes" -v t="$g" 'BEGIN {print n / t}')"
printf 'file/Go speed: %.2f\n' "$(awk -v f="$f" -v g="$g" 'BEGIN {print g / f}')"
