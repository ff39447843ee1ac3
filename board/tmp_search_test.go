package board_test
import ("testing"; "fmt"; "math/rand/v2"; "time")
func TestTmpStuckClimb(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 5))
	g := refGames[bao]
	spots := g.ownSpots(0)
	score := func(p *refPos) int {
		if p.innerSum(0) == 0 { return 100 }
		n := 0
		for _, s := range spots { if p.at(s) > 0 && p.try(s, 1000).why != "endless" { n++ } }
		return n
	}
	deadline := time.Now().Add(240 * time.Second)
	best := 100
	for restart := 0; time.Now().Before(deadline); restart++ {
		p := refPos{g: g}
		raid := restart%2 == 1
		total := 20 + rng.IntN(40)
		for k := 0; k < total; k++ { s := spots[rng.IntN(16)]; p.put(s, p.at(s)+1) }
		rest := 64 - total
		if !raid { p.store[1] = 1; rest-- }
		p.put(refSpot{2, 0}, 1); p.put(refSpot{3, 0}, rest-1)
		if raid { // spread North's inner cows so captures happen
			p.put(refSpot{3, 0}, 0)
			for k := 0; k < rest; k++ { c := rng.IntN(8); r := 2 + rng.IntN(2); p.put(refSpot{r, c}, p.at(refSpot{r, c})+1) }
		}
		cur := score(&p)
		for it := 0; it < 4000 && cur > 0; it++ {
			q := q0(p)
			a, b := spots[rng.IntN(16)], spots[rng.IntN(16)]
			if q.at(a) == 0 { continue }
			q.put(a, q.at(a)-1); q.put(b, q.at(b)+1)
			if sc := score(&q); sc <= cur { p, cur = q, sc }
		}
		if cur < best { best = cur; fmt.Println("best", cur, raid, p.format()) }
		if cur == 0 { fmt.Println("STUCK", p.format(), len(p.children())); return }
	}
}
func q0(p refPos) refPos { return p }
