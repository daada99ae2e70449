#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# Pools the chunks of `tasca sim --json` runs (the files given, each the whole output of
# one run) into one figure for the first seat: matches, wins/draws/losses, the score with
# its 95 % Wilson interval, average deals per match (with a 95 % interval from the chunks'
# own), wall seconds per match, and the first seat's p95 decision CPU per chunk (median
# and range: the chunks' percentiles cannot be merged exactly). Only chunks whose JSON
# line is there (finished) count.
#   bench/buraco/pool-chunks.sh stbl2-*.txt
[ $# -gt 0 ] || { echo "usage: $0 CHUNK.txt..." >&2; exit 2; }
python3 - "$@" <<'PY'
import json, math, re, sys
n = w = d = l = 0
rounds = []   # (games, mean, half-width)
walls = []    # (games, s per game)
p95 = []
used = []
for path in sys.argv[1:]:
    try:
        text = open(path, encoding="utf-8", errors="replace").read()
    except OSError:
        continue
    js = [x for x in text.splitlines() if x.startswith('{"game"')]
    if not js:
        continue
    j = json.loads(js[-1])
    g = j["games"]
    n += g; w += j["wins"][0]; l += j["losses"][0]; d += j["draws"]
    p95.append(j["p95_cpu_ms"][0])
    m = re.search(r"rounds per game: ([0-9.]+) \[([0-9.]+), ([0-9.]+)\]; ([0-9.]+) s per game", text)
    if m:
        mean, lo, hi, spg = map(float, m.groups())
        rounds.append((g, mean, (hi - lo) / 2))
        walls.append((g, spg))
    used.append(j["seed"])
if not n:
    sys.exit("no finished chunk")
score = (w + 0.5 * d) / n
z = 1.959964
den = 1 + z * z / n
mid = (score + z * z / (2 * n)) / den
half = z * math.sqrt(score * (1 - score) / n + z * z / (4 * n * n)) / den
print(f"chunks {len(used)} (seeds {', '.join(map(str, sorted(used)))})")
print(f"matches {n}: first seat wins {w}, draws {d}, losses {l}")
print(f"score {score:.4f}, 95 % Wilson [{mid - half:.4f}, {mid + half:.4f}]")
if rounds:
    N = sum(g for g, _, _ in rounds)
    mean = sum(g * m for g, m, _ in rounds) / N
    # each chunk's spread back from its interval (mean +- 1.96 sd / sqrt(n)), pooled
    ss = sum((g - 1) * (h * math.sqrt(g) / z) ** 2 + g * (m - mean) ** 2 for g, m, h in rounds)
    sd = math.sqrt(ss / (N - 1)) if N > 1 else 0
    print(f"deals per match {mean:.2f} [{mean - z * sd / math.sqrt(N):.2f}, {mean + z * sd / math.sqrt(N):.2f}]")
    print(f"wall s per match {sum(g * s for g, s in walls) / N:.1f} (a loaded machine: not the bots' speed)")
p95.sort()
print(f"first seat's p95 decision CPU per chunk: median {p95[len(p95) // 2]:.1f} ms, range {p95[0]:.1f}-{p95[-1]:.1f} ms")
PY
