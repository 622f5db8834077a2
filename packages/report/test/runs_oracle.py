"""Independent computation of `evidence runs` statistics with csv + NumPy, for the tests.

Reads ROOT/{group}/{task}/{run}.csv with Python's csv module and computes, as issue 17 defines them,
every number of the summary: rows, last x, completeness, final scores, per task and group mean,
median and IQM (scipy.stats.trim_mean(., 0.25)) with a percentile bootstrap interval, P(A > B) with
its interval, and with minmax normalization the pooled IQM and performance profile with stratified
bootstrap intervals. The random draws replay the documented stream (mulberry32 seeded by FNV-1a of
"seed\\0label..."; index = floor(u * n) into the values in ascending order) so intervals are compared
exactly; the statistics themselves are computed the plain way, from the drawn samples.
"""
import csv, io, json, math, os, sys
import numpy as np

cfg = json.load(sys.stdin)
root, X, Y = cfg["root"], cfg["x"], cfg["y"]
final_share, seed, R = cfg["final"], cfg["seed"], cfg["resamples"]

M = 0xFFFFFFFF
def imul(a, b): return (a * b) & M
def mulberry32(s):
    state = [s & M]
    def rnd():
        state[0] = (state[0] + 0x6D2B79F5) & M
        t = state[0]
        t = imul(t ^ (t >> 15), t | 1)
        t ^= (t + imul(t ^ (t >> 7), t | 61)) & M
        return ((t ^ (t >> 14)) & M) / 4294967296
    return rnd
def stream(*labels):
    h = 0x811C9DC5
    for b in "\0".join([str(seed), *labels]).encode("utf-8"):
        h = imul(h ^ b, 0x01000193)
    return mulberry32(h)
def trim_mean(x):
    s = np.sort(np.asarray(x, dtype=float)); k = int(0.25 * len(s))
    return float(np.mean(s[k:len(s) - k]))
def pct(draws): return [float(v) for v in np.percentile(np.asarray(draws), [2.5, 97.5])]
def p_better(a, b):
    a = np.asarray(a)[:, None]; b = np.asarray(b)[None, :]
    return float(((a > b).sum() + 0.5 * (a == b).sum()) / (a.size * b.size))
def num(cell):
    cell = cell.strip()
    if cell in ("", "nan", "NaN"): return math.nan
    return float(cell)

runs = []
for dirpath, _, names in os.walk(root):
    for name in names:
        if not name.endswith(".csv"): continue
        full = os.path.join(dirpath, name)
        rel = os.path.relpath(full, root).replace(os.sep, "/")
        text = open(full, encoding="utf-8").read()
        if text.strip() == "": continue  # unreadable: skipped by the command too
        if not text.endswith("\n"): text = text[: text.rfind("\n") + 1]
        rows = list(csv.DictReader(io.StringIO(text)))
        pts = [(num(r[X]), num(r[Y])) for r in rows]
        # every row of a repeated x is kept; an x lower than the row before (a restart) drops the kept
        # rows at or above it (TensorBoard's rule, applied on the x column whatever the y holds)
        xs, ys = [], []
        last = -math.inf
        for x, y in pts:
            if math.isnan(x): continue
            if x < last:
                while xs and xs[-1] >= x: xs.pop(); ys.pop()
            last = x
            if math.isnan(y): continue
            xs.append(x); ys.append(y)
        group, task, _ = rel.split("/")
        runs.append(dict(path=rel, group=group, task=task, xs=xs, ys=ys))
runs.sort(key=lambda r: r["path"])

tasks = sorted({r["task"] for r in runs}); groups = sorted({r["group"] for r in runs})
budget = {t: max(r["xs"][-1] for r in runs if r["task"] == t) for t in tasks}
out_runs = []
for r in runs:
    B = budget[r["task"]]
    tail = [y for x, y in zip(r["xs"], r["ys"]) if x >= (1 - final_share) * B]
    complete = r["xs"][-1] >= 0.95 * B and len(tail) > 0
    r["final"] = float(np.mean(tail)) if complete else None
    out_runs.append(dict(path=r["path"], group=r["group"], task=r["task"], rows=len(r["xs"]),
                         last_x=r["xs"][-1], complete=bool(complete), final=r["final"]))
finals = lambda t, g: [r["final"] for r in runs if r["task"] == t and r["group"] == g and r["final"] is not None]

out_tasks, improvement = {}, {}
for t in tasks:
    gs = {}
    for g in groups:
        members = [r for r in runs if r["task"] == t and r["group"] == g]
        if not members: continue
        f = np.sort(np.asarray(finals(t, g)))
        rnd = stream("iqm", t, g); n = len(f); draws = []
        for _ in range(R):
            draws.append(trim_mean(f[[math.floor(rnd() * n) for _ in range(n)]]))
        gs[g] = dict(runs=len(members), complete=n, mean=float(np.mean(f)), median=float(np.median(f)),
                     iqm=trim_mean(f), iqm_ci=pct(draws))
    out_tasks[t] = dict(budget=budget[t], groups=gs)
    pairs = []
    for a in groups:
        for b in groups:
            if a == b: continue
            fa = np.sort(np.asarray(finals(t, a))); fb = np.sort(np.asarray(finals(t, b)))
            rnd = stream("improvement", t, a, b); draws = []
            for _ in range(R):
                sa = fa[[math.floor(rnd() * len(fa)) for _ in range(len(fa))]]
                sb = fb[[math.floor(rnd() * len(fb)) for _ in range(len(fb))]]
                draws.append(p_better(sa, sb))
            pairs.append(dict(a=a, b=b, p=p_better(fa, fb), ci=pct(draws)))
    improvement[t] = pairs

taus = [i / 100 for i in range(101)]
ranges = {t: (min(sum((finals(t, g) for g in groups), [])), max(sum((finals(t, g) for g in groups), []))) for t in tasks}
agg, profile = {}, {}
for g in groups:
    per_task = [np.sort((np.asarray(finals(t, g)) - ranges[t][0]) / (ranges[t][1] - ranges[t][0])) for t in tasks]
    pooled = np.concatenate(per_task)
    rnd = stream("aggregate", g); iqms = []; fr = []
    for _ in range(R):
        sample = np.concatenate([s[[math.floor(rnd() * len(s)) for _ in range(len(s))]] for s in per_task])
        iqms.append(trim_mean(sample)); fr.append([float(np.mean(sample > tau)) for tau in taus])
    fr = np.asarray(fr)
    agg[g] = dict(iqm=trim_mean(pooled), iqm_ci=pct(iqms))
    profile[g] = dict(fraction=[float(np.mean(pooled > tau)) for tau in taus],
                      low=[float(v) for v in np.percentile(fr, 2.5, axis=0)],
                      high=[float(v) for v in np.percentile(fr, 97.5, axis=0)])

curves = {}
for t in tasks:
    start = min(r["xs"][0] for r in runs if r["task"] == t)
    grid = [start + (budget[t] - start) * i / 99 for i in range(100)]
    curves[t] = {}
    for g in groups:
        members = [r for r in runs if r["task"] == t and r["group"] == g]
        mean, low, high = [], [], []
        for at in grid:
            v = np.array([np.interp(at, r["xs"], r["ys"]) for r in members if r["xs"][0] <= at <= r["xs"][-1]])
            m = float(v.mean()) if len(v) else None
            se = float(v.std(ddof=1) / math.sqrt(len(v))) if len(v) > 1 else None
            mean.append(m); low.append(m - 1.96 * se if se is not None else None)
            high.append(m + 1.96 * se if se is not None else None)
        curves[t][g] = dict(grid=grid, mean=mean, low=low, high=high)

print(json.dumps(dict(curves=curves, summary=dict(x=X, y=Y, runs=out_runs, tasks=out_tasks, improvement=improvement,
                                   aggregate=dict(normalize="minmax", groups=agg)), profile=profile)))
