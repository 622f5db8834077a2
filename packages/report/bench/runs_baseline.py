"""Baseline for the runs benchmark: the same reading and statistics in Python with csv + NumPy.

Reads ROOT/{group}/{task}/{run}.csv, aligns (repeated x keeps the last row, restarts: later rows
win), final scores, per task and group mean/median/IQM with a 10,000-resample bootstrap, P(A > B)
for every ordered pair with its bootstrap interval, minmax normalization and the stratified
bootstrap of the pooled IQM and performance profile, vectorised as rliable does.
"""
import csv, json, os, resource, sys, time
import numpy as np

root, Y = sys.argv[1], sys.argv[2]
X, R = "time/total_timesteps", 10000
rng = np.random.default_rng(0)
t0 = time.perf_counter()
runs = []
for group in sorted(os.listdir(root)):
    for task in sorted(os.listdir(os.path.join(root, group))):
        d = os.path.join(root, group, task)
        for name in sorted(os.listdir(d)):
            with open(os.path.join(d, name), newline="") as f:
                reader = csv.reader(f)
                header = next(reader)
                xi, yi = header.index(X), header.index(Y)
                xs, ys = [], []
                for row in reader:
                    x, y = float(row[xi]), float(row[yi])
                    while xs and xs[-1] >= x:
                        xs.pop(); ys.pop()
                    xs.append(x); ys.append(y)
            runs.append((group, task, np.array(xs), np.array(ys)))
t1 = time.perf_counter()

def trim_mean(a, axis=-1):
    s = np.sort(a, axis=axis); n = s.shape[axis]; k = int(0.25 * n)
    return s[..., k:n - k].mean(axis=axis)

groups = sorted({r[0] for r in runs}); tasks = sorted({r[1] for r in runs})
finals = {}
for t in tasks:
    B = max(r[2][-1] for r in runs if r[1] == t)
    for g in groups:
        finals[(t, g)] = np.array([r[3][r[2] >= 0.9 * B].mean() for r in runs if r[0] == g and r[1] == t and r[2][-1] >= 0.95 * B])
for (t, g), f in finals.items():
    draws = trim_mean(f[rng.integers(0, len(f), (R, len(f)))])
    stats = (f.mean(), np.median(f), trim_mean(f), np.percentile(draws, [2.5, 97.5]))
for t in tasks:
    for a in groups:
        for b in groups:
            if a == b: continue
            fa, fb = finals[(t, a)], finals[(t, b)]
            sa = fa[rng.integers(0, len(fa), (R, len(fa)))][:, :, None]
            sb = fb[rng.integers(0, len(fb), (R, len(fb)))][:, None, :]
            p = ((sa > sb).mean(axis=(1, 2)) + 0.5 * (sa == sb).mean(axis=(1, 2)))
            np.percentile(p, [2.5, 97.5])
taus = np.linspace(0, 1, 101)
for g in groups:
    per_task = []
    for t in tasks:
        allf = np.concatenate([finals[(t, h)] for h in groups]); lo, hi = allf.min(), allf.max()
        per_task.append((finals[(t, g)] - lo) / (hi - lo))
    sample = np.concatenate([s[rng.integers(0, len(s), (R, len(s)))] for s in per_task], axis=1)
    np.percentile(trim_mean(sample), [2.5, 97.5])
    prof = (sample[:, :, None] > taus[None, None, :]).mean(axis=1)
    np.percentile(prof, [2.5, 97.5], axis=0)
t2 = time.perf_counter()
print(json.dumps(dict(readS=t1 - t0, statsS=t2 - t1, wallS=t2 - t0,
                      maxRssMb=resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024)))
