#!/bin/bash
cd /work/results/s18
while kill -0 2198 2>/dev/null; do sleep 5; done
for s in 32 33 31; do
nice -n 19 /work/bin/tourney3 --variant je-ki-n-je --engine name=rk2 cmd=/work/bin/rk2 --engine name=base cmd=/work/bin/base-8defc59 --tc 10+0.1 --rounds 50 --concurrency 1 --seed $s --opening-plies 6 --opening-depth 20 --opening-balance 50 --records rk2-10-$s.jsonl > rk2-10-$s.log 2>&1
done
