// Package tablebase builds, stores and probes endgame tables for the scoring games
// of two rows (Je ki n je, Adji Kui I, Adji-Boto after its opening, Oware Abapa, the
// Kalah boards and the games of rule files): for every board with at most K seeds on
// it, the value of the seeds still on the board. In a game that a store majority
// ends (Oware Abapa, a rule file's end.majority) the value is that of the game
// played on past the majority, right in sign (below, "Stores that end the game").
//
// # Value
//
// The value of a position is the most the side to move can finish with from the
// seeds on the board, minus what the opponent finishes with, under optimal play by
// both. Seeds already in the stores never change which move is best, so a table
// entry depends on the board and the side to move only; the search adds the store
// difference itself. Nothing here knows how seeds move: moves, the seeds a move
// banks (the mover's store's gain less the opponent's: captures, and seeds sown into
// the stores) and game ends all come from board's Generate and Result.
//
// # Extra turns
//
// In a game with extra turns (Kalah) a move may leave the same side to move; the
// position it leads to is then valued for the mover itself, and a move's value is
// what it banks plus that value, not minus. An extra turn needs a last seed in a
// store or a capture, so a seed leaves the board: such a move always leads to a
// smaller seed count, solved before, and the moves within one seed count (the graph
// below) all pass the turn and bank nothing.
//
// # Index
//
// The side to move is normalised by turning the board round (a mirror of the two
// rows that keeps the sowing direction), so each board is stored once, as if South
// were to move. Read the holes in sowing order starting at the mover's first hole
// (a1 for South, the opponent's side's last column of row 2 for North). A board of k
// seeds in n holes is a composition c_0..c_{n-1} of k; write it as the n-1 bar
// positions b_j = c_0+...+c_j+j, a subset of 0..k+n-2, and rank that subset in the
// combinatorial number system: index = sum over j of C(b_j, j+1). Boards of k seeds
// fill the contiguous range 0..C(k+n-1, n-1)-1, one file per seed count.
//
// # Cycles and the loop ending
//
// A repeated position ends the game, each side taking the seeds on its own row.
// So the true value depends on the game's history, not on the board alone. Stores
// only grow, so a repetition can only happen without a capture in between: cycles
// stay inside one seed count, and a capture always leads to a smaller count that is
// already solved. Counts are solved in increasing order.
//
// For every position P the table stores a lower and an upper bound, lo(P) and
// hi(P), that hold for the value of P under every history in which P has not yet
// occurred (the game is still on at P). Write s(C) for the loop-ending value of a
// position C (the mover's row minus the opponent's). A move from P to C captures
// cap seeds. If the move captures, C cannot be a repetition, and its value lies in
// [lo(C), hi(C)]. If it does not, C may have occurred earlier only if the game went
// from C to P without a capture, that is, if C reaches P by non-capturing moves: C
// and P lie in one strongly connected component of the graph of non-capturing moves
// between boards of k seeds (found with Tarjan's algorithm, see solve.go). Then C
// may end the game with s(C), or not, so its value lies in [min(s(C), lo(C)),
// max(s(C), hi(C))]; otherwise in [lo(C), hi(C)]. Hence
//
//	lo(P) >= max over moves of cap - (upper end of the child's range)
//	hi(P) <= max over moves of cap - (lower end of the child's range)
//
// and a position without moves has the exact value board's Result gives it. Every
// bound starts at the trivial [-k, k], and applying these two inequalities (raising
// lo, lowering hi, never the other way) until none can move a bound gives the
// table. Each step maps true bounds to true bounds, so every stored bound is true
// however many steps ran: a stored value is never wrong. Each step is also
// monotone, so every order of steps that ends where nothing moves ends at the same
// bounds. The build takes the order of retrograde analysis (solve.go): moves are
// generated once per board, the components are solved in the order Tarjan's
// algorithm finishes them (every component a move leads to first), and inside a
// component a board is evaluated again only when a board it moves to has moved.
// A large component is first worked on by all the workers at once, in rounds; the
// order differs from run to run, the bounds do not. The rules stay in board: no unmove generator, the predecessors come from the
// stored moves.
//
// Where lo = hi the value is exact whatever the history. Elsewhere the table
// keeps the bounds, which alpha-beta uses as a window: the stored interval always
// contains the value of the position played from an empty history.
//
// # Stores that end the game
//
// In Oware Abapa a store of more than 24 seeds wins at once (in a rule file's game
// with end.majority, more than half the seeds), so there the stores do change what
// a board is worth. Its table is the table of the game played on past that point:
// each board is built with the stores split evenly (neither past half, so the board
// is not over before it is played), and a capture leads to the value of the smaller
// board whatever the stores then hold. Once a store passes half the seeds the winner
// is fixed however play goes on (stores only grow), so the sign of the store lead
// plus the value, win, draw or loss, is the game's true result, which is all the
// search takes from a table (search.TableCut); the margin is the played-on game's
// (Table.ExactMargins is false).
//
// # Files
//
// One file per variant and seed count, named like "adji-kui-1-07.tb": a header
// (magic, format version, variant name, seed count, hole count, entry count), the
// entries (two signed bytes each: lo, then hi, in index order), and an xxhash64 of
// everything before it. A file that is damaged, for another variant or seed count,
// or of another format version is refused with a message saying which.
package tablebase
