#!/usr/bin/env python3
"""Compares route-bench outputs with the best-known solutions and prints a markdown table and a summary.
usage: compare.py best-known.json label=output.txt [label=output.txt ...]"""
import json, sys

best = json.load(open(sys.argv[1]))
runs = []
for arg in sys.argv[2:]:
    label, path = arg.split("=", 1)
    lines = {}
    for line in open(path):
        f = line.split()
        if len(f) >= 4 and f[0] in best:
            lines[f[0]] = (int(f[1]), float(f[2]), float(f[3]), " ".join(f[4:]))
    runs.append((label, lines))

names = sorted({n for _, lines in runs for n in lines})
head = "| instance | best known | " + " | ".join(f"{l}: vehicles distance s (gap)" for l, _ in runs) + " |"
print(head)
print("|" + "---|" * (2 + len(runs)))
for n in names:
    b = best[n]
    cells = []
    for _, lines in runs:
        if n not in lines:
            cells.append("")
            continue
        v, d, s, reason = lines[n]
        if v == 0:
            cells.append(f"0 {reason} {s:.2f}")
            continue
        mark = "" if v == b["vehicles"] else (" **+%d**" % (v - b["vehicles"]) if v > b["vehicles"] else " **%d**" % (v - b["vehicles"]))
        gap = (d / b["distance"] - 1) * 100
        cells.append(f"{v}{mark} {d:.2f} {s:.2f} ({gap:+.2f} %)")
    print(f"| {n} | {b['vehicles']} {b['distance']:.2f} | " + " | ".join(cells) + " |")
print()
for label, lines in runs:
    eq = [n for n in lines if lines[n][0] == best[n]["vehicles"]]
    more = [n for n in lines if lines[n][0] > best[n]["vehicles"]]
    fewer = [n for n in lines if 0 < lines[n][0] < best[n]["vehicles"]]
    failed = [n for n in lines if lines[n][0] == 0]
    gaps = [(lines[n][1] / best[n]["distance"] - 1) * 100 for n in eq]
    mean = sum(gaps) / len(gaps) if gaps else float("nan")
    extra = sum(lines[n][0] - best[n]["vehicles"] for n in more)
    print(f"- **{label}**: vehicles equal to the best known on {len(eq)}/{len(lines)}"
          f" (more on {len(more)}: {', '.join(more) or 'none'}, {extra} vehicles in all; fewer on {len(fewer)}; unsolved {len(failed)});"
          f" mean distance gap on the equal-vehicle instances {mean:+.2f} % (max {max(gaps) if gaps else float('nan'):+.2f} %);"
          f" max seconds {max(l[2] for l in lines.values()):.2f}, mean {sum(l[2] for l in lines.values()) / len(lines):.2f}")
