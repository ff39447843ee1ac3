package board

// Decided is Ended(false), kept only until the search calls Ended; do not use it in
// new code.
func (p *Position) Decided() (Result, bool) { return p.Ended(false) }

// LoopResult is the result Ended(true) gives, kept only until the search calls Ended;
// do not use it in new code.
func (p *Position) LoopResult() Result {
	res, _ := p.Ended(true)
	return res
}
