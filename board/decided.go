package board

// Decided reports whether the move that produced p already ended the game (Bao la
// Kimasai's empty inner rows) and with what result. Unlike Result it generates no
// moves, so a search can judge cheaply every position it creates but may never
// expand; a position that is not decided may still be over because the side to move
// is stuck.
func (p *Position) Decided() (Result, bool) { return p.decided() }
