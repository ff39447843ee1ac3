#!/usr/bin/env bash
# perft-before-after.sh BEFORE AFTER [RUNS]: two builds of mancala against each other
# on the five games of board/games/builtin.toml, RUNS runs each (default 3), the two
# run alternately, timed in CPU seconds (user + sys, /usr/bin/time).
#
# Perft: `mancala perft GAME DEPTH` from the start (depths below, one to four CPU
# seconds each); checks that both count the same games and prints each build's
# median CPU time and AFTER's speed as a fraction of BEFORE's.
#
# Search: `go depth D` from the start (setoption name Variant value GAME, position
# startpos; D below, one to a few CPU seconds), the engine quitting once it answers
# bestmove. Prints each build's median nodes per CPU second (the last info line's
# nodes over the process's CPU time) and the depth in one CPU second: the deepest
# iteration whose info line's nodes that speed reaches within a second. Where the
# two builds search node for node alike (the same bench signature), the depths and
# node counts of the iterations are the same and only the speed differs.
#
# GAMES="je-ki-n-je:6 ..." replaces the list of perft games and depths. Run it from
# anywhere; e.g. BEFORE built from main before a change and AFTER from the branch:
#
#	bench/perft-before-after.sh /tmp/mancala-before /tmp/mancala-after 3
set -euo pipefail
before=$1
after=$2
runs=${3:-3}
games=(${GAMES:-je-ki-n-je:11 adji-kui-1:13 adji-boto:16 bao-la-kimasai:9 oware-abapa:11})
searches=(je-ki-n-je:33 adji-kui-1:27 adji-boto:24 bao-la-kimasai:17 oware-abapa:26)
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

# search NAME BIN GAME DEPTH: searches the start to DEPTH, appends the nodes per CPU
# second to $tmp/NAME.nps and the depth reached within one CPU second to
# $tmp/NAME.depth.
search() {
	local name=$1 fifo=$tmp/in
	rm -f "$fifo" && mkfifo "$fifo"
	/usr/bin/time -f '%U %S' -o "$tmp/time" "$2" <"$fifo" >"$tmp/out" 2>&1 &
	local pid=$!
	exec 3>"$fifo"
	printf 'setoption name Variant value %s\nposition startpos\ngo depth %s\n' "$3" "$4" >&3
	until grep -q '^bestmove' "$tmp/out"; do sleep 0.05; done
	printf 'quit\n' >&3
	exec 3>&-
	wait "$pid"
	local cpu
	cpu=$(awk '{print $1 + $2}' "$tmp/time")
	awk -v cpu="$cpu" '/^info depth/ {for (i = 4; i < NF; i++) if ($i == "nodes") {d[++n] = $3; m[n] = $(i + 1)}}
		END {nps = m[n] / cpu; print int(nps) > "'"$tmp/$name.nps.new"'"
			best = 0; for (i = 1; i <= n; i++) if (m[i] <= nps) best = d[i]; print best}' "$tmp/out" >>"$tmp/$name.depth"
	cat "$tmp/$name.nps.new" >>"$tmp/$name.nps"
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

printf '\nsearch from the start (go depth D), medians: nodes per CPU second, depth in one CPU second\n'
printf '%-15s %5s %12s %12s %7s %8s %8s\n' game D 'before nps' 'after nps' speed 'before' 'after'
for gd in "${searches[@]}"; do
	game=${gd%:*} depth=${gd#*:}
	rm -f "$tmp"/*.depth "$tmp"/*.nps
	for ((i = 0; i < runs; i++)); do
		search before "$before" "$game" "$depth"
		search after "$after" "$game" "$depth"
	done
	b=$(median "$tmp/before.nps")
	a=$(median "$tmp/after.nps")
	printf '%-15s %5s %12s %12s %7.2f %8s %8s\n' "$game" "$depth" "$b" "$a" "$(awk -v a="$a" -v b="$b" 'BEGIN {print a / b}')" \
		"$(median "$tmp/before.depth")" "$(median "$tmp/after.depth")"
done
