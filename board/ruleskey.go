package board

import (
	"fmt"
	"strings"
)

// RulesKey describes the rules of a rule file's game in one canonical line, in the
// rule file's own keys with every value written out, defaults included ("holes=4
// seeds=3 sow.direction=counter-clockwise ..."): two games with the same
// line play alike whatever their names, and a game whose file changed its rules gets
// another line. Endgame table files carry a hash of it, so that a table is never read
// for a game of the same name with other rules. It is "" for the games of named rules.
func (v *Variant) RulesKey() string {
	r := v.file
	if r == nil {
		return ""
	}
	var counts []string
	for c, on := range r.captureCount {
		if on {
			counts = append(counts, fmt.Sprint(c))
		}
	}
	var relayCounts []string
	for c, on := range r.relayCount {
		if on && !r.relayCount[0] { // every count: no list
			relayCounts = append(relayCounts, fmt.Sprint(c))
		}
	}
	var chosen []string
	for c := range maxFileCols {
		if r.choice>>c&1 != 0 {
			chosen = append(chosen, string(rune('a'+c)))
		}
	}
	pick := func(i uint8, words ...string) string { return words[i] }
	yes := func(b bool) string { return fmt.Sprint(b) }
	return strings.Join([]string{
		fmt.Sprintf("holes=%d seeds=%d", v.Cols, v.Seeds/v.holes),
		"sow.direction=" + pick(r.dirRule, "counter-clockwise", "clockwise", "outward", "inward", "by-parity", "first-move"),
		"sow.choice=" + strings.Join(chosen, ","),
		"sow.laps=" + pick(boolIndex(r.relay)+boolIndex(r.relayNext), "single", "relay", "relay-next"),
		"sow.skip_start=" + yes(r.skipStart),
		"sow.leave_one=" + yes(r.leaveOne),
		"sow.stores=" + pick(r.sowStores, "none", "own", "both"),
		fmt.Sprintf("sow.min_seeds=%d", r.minSeeds),
		"sow.no_return=" + yes(r.noReturn),
		"sow.from=" + pick(boolIndex(r.anyHole), "own", "any"),
		"sow.allow=" + pick(r.allow, "any", "opponent-or-empty", "single-into-empty", "single-last-into-empty", "single-last",
			"two-last", "two-last-rightmost", "not-across-single", "last-into-occupied"),
		"sow.take_one=" + yes(r.takeOne),
		"capture.passing=" + pick(boolIndex(r.passing)+boolIndex(r.passSower)+2*boolIndex(r.passAll)+2*boolIndex(r.passOwn), "none", "owner", "sower", "owner-all", "sower-own"),
		"sow.relay_stops_on_capture=" + yes(r.relayStop),
		"sow.relay_side=" + pick(r.relaySide, "either", "own", "opponent"),
		"sow.relay_counts=" + strings.Join(relayCounts, ","),
		fmt.Sprintf("sow.lap_limit=%d", r.lapLimit),
		"sow.endless=" + pick(boolIndex(r.endlessEnds), "forbidden", "ends-game"),
		"capture.counts=" + strings.Join(counts, ","),
		"capture.side=" + pick(r.captureSide, "opponent", "own", "both", "opponent-owned", "opponent-first"),
		"capture.chain=" + pick(r.chain, "none", "backward", "forward"),
		"capture.chain_by=" + pick(boolIndex(r.chainByGame), "move", "game"),
		"capture.cross=" + pick(r.cross, "none", "always", "opposite-not-empty"),
		"capture.cross_takes_sower=" + yes(r.crossTakesSower),
		"capture.cross_lands=" + pick(r.crossLand, "own", "opponent", "either"),
		"capture.grand_slam=" + pick(r.grandSlam, "allowed", "captures-nothing", "forbidden", "leaves-right", "moves-again", "gives-row"),
		"capture.grand_slam_when_fed=" + yes(!r.slamNeedsSeeds),
		"turn.extra_on_store=" + yes(r.extraOnStore),
		"turn.extra_on_other_store=" + yes(r.extraOnOtherStore),
		"turn.extra_on_capture=" + yes(r.extraOnCapture),
		"feed.must_feed=" + yes(r.mustFeed),
		"end.no_move=" + pick(boolIndex(r.pass), "ends", "pass"),
		"end.row_empty=" + yes(r.rowEmptyEnds),
		"end.majority=" + yes(r.majority),
		fmt.Sprintf("end.fewer_than=%d", r.fewerThan),
		"end.seeds_left=" + pick(r.seedsLeft, "owner", "other", "nobody", "split"),
		"end.loop_seeds=" + pick(r.loopSeeds, "owner", "other", "nobody", "split"),
		"end.own_row_empty=" + yes(r.ownRowEnds),
		"end.unfed_takes=" + yes(r.unfedTakes),
		"end.goal=" + pick(boolIndex(r.clearGoal)+2*boolIndex(r.depriveGoal)+3*boolIndex(r.immobileGoal), "seeds", "clear", "deprive", "immobilize"),
		fmt.Sprintf("end.last_seeds=%d", r.lastSeeds),
	}, " ") + r.childKey()
}

// childKey is RulesKey's part for sow.lone_moves, sow.path, sow.bear_off, children and rounds, empty in a
// game without them (so that the games before these keys keep their lines).
func (r *fileRules) childKey() string {
	key := ""
	if r.loneMoves {
		key += " sow.lone_moves=true"
	}
	if r.zigzag {
		key += " sow.path=zigzag"
	}
	if r.bearOff {
		key += " sow.bear_off=true"
	}
	if r.storesAsCCW && r.flip == nil {
		key += " sow.stores_at=right"
	}
	if r.ownRow {
		key += " sow.cycle=own-row"
	}
	key += r.captureKey()
	if r.child.lapLocked {
		key += " child.lap_locked=true"
	} else if r.kids {
		c := &r.child
		key += fmt.Sprintf(" child.count=%d child.side=%s child.one_each=%v child.not_last=%v child.apart=%s", c.count,
			childSides[c.side], c.oneEach, c.notLast, []string{"none", "symmetric", "facing"}[c.apart])
		if c.raid > 0 {
			key += fmt.Sprintf(" child.raid=%d", c.raid)
		}
		if c.pairs {
			key += " child.pair_with_previous=true"
		}
		if r.skipKids {
			key += " sow.skip_opponent_children=true"
		}
		if r.lastIntoKids {
			key += " sow.last_into_opponent_children=true"
		}
	}
	if rr := r.round; rr != nil {
		key += fmt.Sprintf(" round.fill=%s round.blocks=%v round.starter=%s round.holes=%d",
			fillNames[rr.fill], rr.blocks,
			[]string{"alternate", "loser", "winner", "last-mover"}[rr.starter], rr.holes)
		if rr.territory {
			key += fmt.Sprintf(" round.territory=true round.store_wins=%v", rr.storeWins)
		}
		if rr.loserOnly {
			key += " round.loser_only=true"
		}
		if rr.tally != tallyNone {
			key += fmt.Sprintf(" round.tally=%s round.target=%d", tallyNames[rr.tally], rr.target)
		}
	}
	if r.lastToStarter {
		key += " end.last_seeds_to=starter"
	}
	return key
}

// captureKey is RulesKey's part for capture.single_seed, cross_counts,
// cross_chain_any_hole, other_store,
// empty_gives_store, single_takes_across, sweep, two_out, pick_across, pull_across, next
// with pick_last, singles, match_across, cross_sweep,
// end.other_row_empty, sow.lap_captures with sow.opponent_takes, and
// end.fewer_than_first, each only where it is not the default.
func (r *fileRules) captureKey() string {
	key := ""
	if r.noSingle {
		key += " capture.single_seed=false"
	}
	var counts []string
	custom := false // not every count from 1
	for c, on := range r.crossCount {
		if on {
			counts = append(counts, fmt.Sprint(c))
		}
		custom = custom || on != (c > 0)
	}
	if custom {
		key += " capture.cross_counts=" + strings.Join(counts, ",")
	}
	if r.crossChainAny {
		key += " capture.cross_chain_any_hole=true"
	}
	if r.otherStore {
		key += " capture.other_store=true"
	}
	if r.storeGift {
		key += " capture.empty_gives_store=true"
	}
	if r.singleAcross {
		key += " capture.single_takes_across=true"
	}
	if r.singlesAcross {
		key += " capture.singles_take_across=true"
	}
	if r.sweep {
		key += " capture.sweep=true"
	}
	if r.twoOut {
		key += " capture.two_out=true"
	}
	if r.pickAcross {
		key += " capture.pick_across=true"
	}
	if r.pullAcross {
		key += " capture.pull_across=true"
	}
	if r.singles {
		key += " capture.singles=true"
	}
	if r.crossSweep {
		key += " capture.cross_sweep=true"
	}
	if r.matchAcross {
		key += " capture.match_across=true"
	}
	if r.matchBothWays > 0 {
		key += fmt.Sprintf(" capture.match_both_ways=%d", r.matchBothWays)
	}
	if r.captureOnce {
		key += " turn.capture_once=true"
	}
	if r.feedByHole {
		key += " feed.by_hole=true"
	}
	if r.takeNext {
		key += fmt.Sprintf(" capture.next=true capture.pick_last=%v", r.pickLast)
	}
	if r.chainLimit > 0 {
		key += fmt.Sprintf(" capture.chain_max=%d", r.chainLimit)
	}
	if r.quietTurns > 0 {
		key += fmt.Sprintf(" capture.after_turns=%d", r.quietTurns)
	}
	if r.oneWayTurns > 0 {
		key += fmt.Sprintf(" sow.one_way_turns=%d", r.oneWayTurns)
	}
	if r.skipOpp > 0 {
		key += fmt.Sprintf(" sow.skip_opponent_count=%d", r.skipOpp)
	}
	if r.holeLimit > 0 {
		key += fmt.Sprintf(" sow.hole_limit=%d", r.holeLimit)
	}
	if r.closeAt > 0 {
		key += fmt.Sprintf(" sow.close_at=%d", r.closeAt)
	}
	if r.closeNotLast {
		key += " sow.close_not_last=true"
	}
	if r.plainTurns > 0 {
		key += fmt.Sprintf(" sow.plain_turns=%d", r.plainTurns)
	}
	if r.rightHalfTurns > 0 {
		key += fmt.Sprintf(" sow.right_half_turns=%d", r.rightHalfTurns)
	}
	if r.plusMinus {
		key += " sow.first_move=plus-one-minus-one"
	}
	if r.rightTwoTurns > 0 {
		key += fmt.Sprintf(" sow.right_two_turns=%d", r.rightTwoTurns)
	}
	if r.toOppTurns > 0 {
		key += fmt.Sprintf(" sow.last_to_opponent_turns=%d", r.toOppTurns)
	}
	if r.otherRowEnds {
		key += " end.other_row_empty=true"
	}
	if r.lapCaptures {
		key += fmt.Sprintf(" sow.lap_captures=true sow.opponent_takes=%d", r.oppTakes)
		if r.lapSown {
			key += " sow.lap_captures_sown=true"
		}
	}
	if r.fewerFirst {
		key += " end.fewer_than_first=true"
	}
	return key
}

// boolIndex is 1 for true, 0 for false.
func boolIndex(b bool) uint8 {
	if b {
		return 1
	}
	return 0
}
