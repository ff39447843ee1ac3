#!/usr/bin/env bash
# wasm.sh [RUNS]: the engine built as WebAssembly (GOOS=js GOARCH=wasm) and run under
# Node, against the native build of the same tree. It fails unless both give the same
# perft of Adji Kui I to depth 10 and the same `go depth 12` search (nodes, line and
# move), and unless `stop` ends an infinite search of each engine (alphabeta, mcts)
# under Node. Then it prints the
# time of a perft to depth 12 (the "Time (ms)" it reports; the median of RUNS
# alternated runs, default 5) for each build and their ratio. Needs Node (Debian's
# nodejs). Run it from the repository's root.
set -euo pipefail
runs=${1:-5}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
go build -o "$tmp/mancala" ./cmd/mancala
GOOS=js GOARCH=wasm go build -o "$tmp/mancala.wasm" ./cmd/mancala
native=("$tmp/mancala")
wasm=("$(go env GOROOT)/lib/wasm/go_js_wasm_exec" "$tmp/mancala.wasm")

# session STOP CMD...: runs the engine CMD, sends it the lines on this script's
# stdin, then (if STOP is not -) waits STOP seconds and sends stop; once the engine
# has answered bestmove, sends quit, and prints the engine's output. Fails if no
# bestmove comes within a minute.
session() {
	local stop=$1 log="$tmp/session.log" i
	shift
	: >"$log"
	{
		cat
		if [ "$stop" != - ]; then
			sleep "$stop"
			echo stop
		fi
		for ((i = 0; i < 600; i++)); do
			grep -q '^bestmove' "$log" && break
			sleep 0.1
		done
		echo quit
	} | "$@" >"$log"
	grep -q '^bestmove' "$log" || { echo "no bestmove within a minute from: $*" >&2; return 1; }
	cat "$log"
}

# search CMD...: the last info line (its nodes and line, without time and nps) and
# the move of `go depth 12` from Adji Kui I's start.
search() {
	printf 'setoption name Variant value adji-kui-1\nposition startpos\ngo depth 12\n' |
		session - "$@" | grep -E '^(info depth|bestmove)' | tail -2 | sed -E 's/ (nps|time) [0-9]+//g'
}

echo "== perft adji-kui-1 10"
p_native=$("${native[@]}" perft adji-kui-1 10 | grep '^Nodes searched')
p_wasm=$("${wasm[@]}" perft adji-kui-1 10 | grep '^Nodes searched')
echo "native: $p_native; wasm: $p_wasm"
[ "$p_native" = "$p_wasm" ] || { echo "perft differs under WebAssembly" >&2; exit 1; }

echo "== go depth 12"
s_native=$(search "${native[@]}")
s_wasm=$(search "${wasm[@]}")
printf 'native:\n%s\nwasm:\n%s\n' "$s_native" "$s_wasm"
[ "$s_native" = "$s_wasm" ] || { echo "the search differs under WebAssembly" >&2; exit 1; }

echo "== stop ends go infinite under Node (Bao la Kimasai, stop after 4 s)"
for alg in alphabeta mcts; do
	printf 'setoption name Variant value bao-la-kimasai\nsetoption name Search value %s\nposition startpos\ngo infinite\n' "$alg" |
		session 4 "${wasm[@]}" | tail -1 | sed "s/^/$alg: /"
done

echo "== perft adji-kui-1 12, Time (ms), median of $runs"
# median: the median of the numbers on stdin.
median() {
	sort -g | awk '{a[NR] = $1} END {print (NR % 2) ? a[(NR + 1) / 2] : (a[NR / 2] + a[NR / 2 + 1]) / 2}'
}
: >"$tmp/native" && : >"$tmp/wasm"
for ((i = 0; i < runs; i++)); do
	"${native[@]}" perft adji-kui-1 12 | awk '/^Time \(ms\)/ {print $3}' >>"$tmp/native"
	"${wasm[@]}" perft adji-kui-1 12 | awk '/^Time \(ms\)/ {print $3}' >>"$tmp/wasm"
done
n=$(median <"$tmp/native")
w=$(median <"$tmp/wasm")
printf 'native %s ms, wasm %s ms, wasm/native %.2f\n' "$n" "$w" "$(awk -v n="$n" -v w="$w" 'BEGIN {print w / n}')"
