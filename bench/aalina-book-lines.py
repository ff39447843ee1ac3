#!/usr/bin/env python3
"""aalina-book-lines.py AALINA PLIES N: lines of PLIES plies that Aalina's opening
book plays against itself (every move a book move), as openings for cmd/tourney.

Aalina (../shared/oware/setup.sh) chooses at random among its book's best moves, so
each game from the start may take another line; the script plays up to 20*N games,
Aalina moving for both sides at 50 ms a move, keeps a game whose first PLIES moves
were all book moves ("info string A book move was chosen"), and prints each
distinct line once: a comment with its letters, then the line in coordinates
(letters: docs/oware.md). It prints fewer than N lines when the book has fewer.
"""
import subprocess
import sys


def coordinates(letter):
    """One of Aalina's move letters as this project's hole: A-F are a1-f1, a-f are f2-a2."""
    if letter.isupper():
        return "abcdef"[ord(letter) - ord("A")] + "1"
    return "fedcba"[ord(letter) - ord("a")] + "2"


def main():
    if len(sys.argv) != 4:
        sys.exit("usage: aalina-book-lines.py AALINA PLIES N")
    aalina, plies, want = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
    eng = subprocess.Popen([aalina], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1)

    def send(line):
        eng.stdin.write(line + "\n")
        eng.stdin.flush()

    def until(word):
        lines = []
        while True:
            line = eng.stdout.readline()
            if not line:
                sys.exit("aalina ended")
            lines.append(line.strip())
            if line.startswith(word):
                return lines

    send("uci")
    until("uciok")
    send("setoption name OwnBook value true")
    seen = set()
    for _ in range(want * 20):
        if len(seen) >= want:
            break
        send("ucinewgame")
        send("isready")
        until("readyok")
        moves = ""
        for _ in range(plies):
            send("position startpos" + (" moves " + moves if moves else ""))
            send("go movetime 50")
            out = until("bestmove")
            if not any("book move" in line for line in out):
                break
            moves += out[-1].split()[1]
        else:
            seen.add(moves)
    send("quit")
    for line in sorted(seen):
        print("# aalina book " + line)
        print("startpos " + " ".join(coordinates(c) for c in line))


if __name__ == "__main__":
    main()
