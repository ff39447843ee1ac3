#!/usr/bin/env bash
# perft-before-after.sh BEFORE AFTER [RUNS]: two builds of mancala against each other
# on the five games of board/games/builtin.toml, RUNS runs each (default 3), the two
# run alternately. For each game, `mancala perft GAME DEPTH` from the start (depths
# below, one to three CPU seconds each): checks that both count the same games and
# prints each build's median CPU time (user + sys, /usr/bin/time) and AFTER's speed
# as a fraction of BEFORE's. Then one second of search from the start (`setoption
# name Variant value GAME`, `position startpos`, `go movetime 1000`): the median depth
# and nodes per second of the last info line of each build (wall-clock time, so on
# a shared machine a rough figure). Run it from anywhere; e.g. BEFORE built from
# main before a change and AFTER from the branch:
#
#	bench/perft-before-after.sh /tmp/mancala-before /tmp/mancala-after 3
set -euo pipefail
before=$1
after=$2
runs=${3:-3}
games=(je-ki-n-je:11 adji-kui-1:13 adji-boto:16 bao-la-kimasai:9 oware-abapa:11)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# perft NAME BIN GAME DEPTH: runs the perft, appends its CPU seconds (user + sys) to
# $tmp/NAME.cpu and its game count to $tmp/NAME.nodes.
perft() {
	local name=$1
	/usr/bin/time -f '%U %S' -o "$tmp/time" "$2" perft "$3" "$4" >"$tmp/out" 2>&1
	awk '{printf "%.3f\n", $1 + $2}' "$tmp/time" >>"$tmp/$name.cpu"
	awk '/^Nodes searched:/ {print $3}' "$tmp/out" >>"$tmp/$name.nodes"
}

# second NAME BIN GAME: searches the start for one second, appends the last info
# line's depth to $tmp/NAME.depth and its nps to $tmp/NAME.nps.
second() {
	local name=$1
	(printf 'setoption name Variant value %s\nposition startpos\ngo movetime 1000\n' "$3"; sleep 1.5) | "$2" >"$tmp/out"
	grep '^info depth' "$tmp/out" | tail -1 >"$tmp/last"
	awk '{print $3}' "$tmp/last" >>"$tmp/$name.depth"
	awk '{for (i = 4; i < NF; i++) if ($i == "nps") print $(i + 1)}' "$tmp/last" >>"$tmp/$name.nps"
}

# median FILE: the median of the numbers in FILE.
median() {
	sort -g "$1" | awk '{a[NR] = $1} END {print (NR % 2) ? a[(NR + 1) / 2] : (a[NR / 2] + a[NR / 2 + 1]) / 2}'
}

printf '%-15s %5s %12s %10s %10s %7s\n' game depth games 'before s' 'after s' speed
for gd in "${games[@]}"; do
	game=${gd%:*} depth=${gd#*:}
	rm -f "$tmp"/*.cpu "$tmp"/*.nodes
	for ((i = 0; i < runs; i++)); do
		perft before "$before" "$game" "$depth"
		perft after "$after" "$game" "$depth"
	done
	if [ "$(sort -u "$tmp/before.nodes" "$tmp/after.nodes" | wc -l)" -ne 1 ]; then
		echo "$game: perft counts differ: before $(sort -u "$tmp/before.nodes" | tr '\n' ' ')after $(sort -u "$tmp/after.nodes" | tr '\n' ' ')" >&2
		exit 1
	fi
	b=$(median "$tmp/before.cpu")
	a=$(median "$tmp/after.cpu")
	printf '%-15s %5s %12s %10s %10s %7.2f\n' "$game" "$depth" "$(head -1 "$tmp/after.nodes")" "$b" "$a" \
		"$(awk -v a="$a" -v b="$b" 'BEGIN {print b / a}')"
done

printf '\none second of search from the start (go movetime 1000), medians\n'
printf '%-15s %13s %13s %12s %12s\n' game 'before depth' 'after depth' 'before nps' 'after nps'
for gd in "${games[@]}"; do
	game=${gd%:*}
	rm -f "$tmp"/*.depth "$tmp"/*.nps
	for ((i = 0; i < runs; i++)); do
		second before "$before" "$game"
		second after "$after" "$game"
	done
	printf '%-15s %13s %13s %12s %12s\n' "$game" "$(median "$tmp/before.depth")" "$(median "$tmp/after.depth")" \
		"$(median "$tmp/before.nps")" "$(median "$tmp/after.nps")"
done
