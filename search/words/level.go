package words

// Strength levels, the range of the engine's Level option: MaxLevel is the unweakened
// engine, MinLevel the weakest.
const (
	MinLevel = 1
	MaxLevel = 10
)

// levelWords describe each level below MaxLevel, indexed by level (entry 0 unused). Each
// names the depth cap of the level's setting in package search, which a test there
// holds it to.
var levelWords = [MaxLevel]string{
	1: "searches 1 ply; plays nearly at random",
	2: "searches 1 ply; often plays a move seeds worse",
	3: "searches 2 plies; often plays a worse move",
	4: "searches 2 plies; sometimes plays a worse move",
	5: "searches 3 plies; sometimes plays a worse move",
	6: "searches 4 plies; now and then a move a seed worse",
	7: "searches 5 plies; seldom a worse move",
	8: "searches 6 plies; nearly always its best move",
	9: "searches 8 plies; its best move but for near ties",
}

// Level is the one-line description of a strength level that front-ends show beside
// it (the GUI's level menu); "" outside MinLevel..MaxLevel.
func Level(level int) string {
	switch {
	case level == MaxLevel:
		return "full strength: the whole search, always its best move"
	case level >= MinLevel && level < MaxLevel:
		return levelWords[level]
	}
	return ""
}
