"""Independent computation of `evidence runs` statistics with csv + NumPy, for the tests.

Reads ROOT/{group}/{task}/{run}.csv with Python's csv module and computes, as issue 17 defines them,
every number of the summary: rows, last x, completeness, final scores, per task and group mean,
median and IQM (scipy.stats.trim_mean(., 0.25)) with a percentile bootstrap interval, P(A > B) with
its interval and the seeds needed (simulated studies, DeLong's variance), and with minmax
normalization rliable's four aggregates (IQM, mean, median, optimality gap), P(A > B) averaged over
tasks and the performance profile with stratified bootstrap intervals; the curves' t-interval bands. The random draws replay the documented stream (mulberry32 seeded by FNV-1a of
"seed\\0label..."; index = floor(u * n) into the values in ascending order) so intervals are compared
exactly; the statistics themselves are computed the plain way, from the drawn samples.
"""
import csv, io, json, math, os, sys
import numpy as np
from scipy import special, stats

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
def poi(xs, ys):  # rliable's probability_of_improvement on per-task lists
    return float(np.mean([p_better(x, y) for x, y in zip(xs, ys)]))
def draw(rnd, s, n=None):
    return s[[math.floor(rnd() * len(s)) for _ in range(len(s) if n is None else n)]]
def improvement_ci(xs, ys, labels):
    rnd = stream("improvement", *labels); draws = []
    xs = [np.sort(np.asarray(x)) for x in xs]; ys = [np.sort(np.asarray(y)) for y in ys]
    for _ in range(R):
        sx = [draw(rnd, x) for x in xs]; sy = [draw(rnd, y) for y in ys]
        draws.append(poi(sx, sy))
    return poi(xs, ys), pct(draws)
Z = float(special.ndtri(0.975))
def delong(a, b):
    n, m = len(a), len(b)
    va = (np.searchsorted(b, a, "left") + 0.5 * (np.searchsorted(b, a, "right") - np.searchsorted(b, a, "left"))) / m
    below = np.searchsorted(a, b, "left"); upto = np.searchsorted(a, b, "right")
    vb = (n - upto + 0.5 * (upto - below)) / n
    var = lambda v: float(np.var(v, ddof=1)) if len(v) > 1 else 0.0
    return float(np.mean(va)), var(va) / n + var(vb) / m
def detection(xs, ys, nx, ny, label, labels):
    rnd = stream("seeds-needed", *labels, label); hit = 0
    for _ in range(500):
        p = 0.0; v = 0.0
        for t in range(len(xs)):
            a = np.sort(draw(rnd, xs[t], nx(t))); b = np.sort(draw(rnd, ys[t], ny(t)))
            auc, var = delong(a, b); p += auc; v += var
        p /= len(xs)
        if abs(p - 0.5) > Z * math.sqrt(v) / len(xs): hit += 1
    return hit / 500
def seeds_needed(xs, ys, labels):
    xs = [np.sort(np.asarray(x)) for x in xs]; ys = [np.sort(np.asarray(y)) for y in ys]
    power = detection(xs, ys, lambda t: len(xs[t]), lambda t: len(ys[t]), "observed", labels)
    at = lambda n: detection(xs, ys, lambda t: n, lambda t: n, str(n), labels)
    if at(100) < 0.8: return power, None
    lo, hi = 2, 100
    while lo < hi:
        mid = (lo + hi) // 2
        if at(mid) >= 0.8: hi = mid
        else: lo = mid + 1
    return power, lo
def pairs_of(names, data_of):
    # each unordered pair once, groups in name order; the reverse is its mirror image
    out, cache = [], {}
    for a in names:
        for b in names:
            if a == b: continue
            first, second = sorted([a, b])
            if (first, second) not in cache:
                d = data_of(first, second)
                if d is None: cache[(first, second)] = None
                else:
                    xs, ys, labels = d
                    p, ci = improvement_ci(xs, ys, [*labels, first, second])
                    power, n = seeds_needed(xs, ys, [*labels, first, second])
                    cache[(first, second)] = (p, ci, n, power)
            c = cache[(first, second)]
            if c is None:
                out.append(dict(a=a, b=b, p=None, ci=None, seeds_needed=None, power=None)); continue
            p, ci, n, power = c
            if a != first: p, ci = 1 - p, [1 - ci[1], 1 - ci[0]]
            out.append(dict(a=a, b=b, p=p, ci=ci, seeds_needed=n, power=power))
    return out
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
                     iqm=trim_mean(f), iqm_ci=pct(draws), all_equal=bool(n > 1 and np.all(f == f[0])))
    out_tasks[t] = dict(budget=budget[t], groups=gs)
    present = [g for g in groups if any(r["task"] == t and r["group"] == g for r in runs)]
    improvement[t] = pairs_of(present, lambda a, b: ([finals(t, a)], [finals(t, b)], [t])
                              if finals(t, a) and finals(t, b) else None)

taus = [i / 100 for i in range(101)]
ranges = {t: (min(sum((finals(t, g) for g in groups), [])), max(sum((finals(t, g) for g in groups), []))) for t in tasks}
agg, profile = {}, {}
normalized = lambda g: [(np.asarray(finals(t, g)) - ranges[t][0]) / (ranges[t][1] - ranges[t][0]) for t in tasks]
def four(per_task):  # rliable's aggregate_iqm, _mean, _median, _optimality_gap (ragged: per task lists)
    pooled = np.concatenate(per_task); means = np.array([np.mean(s) for s in per_task])
    return [trim_mean(pooled), float(np.mean(means)), float(np.median(means)), float(1 - np.mean(np.minimum(pooled, 1)))]
for g in groups:
    per_task = [np.sort(s) for s in normalized(g) if len(s) > 0]
    pooled = np.concatenate(per_task)
    rnd = stream("aggregate", g); draws = []
    for _ in range(R):
        draws.append(four([draw(rnd, s) for s in per_task]))
    draws = np.asarray(draws); est = four(per_task)
    agg[g] = {}
    for k, name in enumerate(["iqm", "mean", "median", "optimality_gap"]):
        agg[g][name] = est[k]; agg[g][name + "_ci"] = pct(draws[:, k])
    rnd = stream("profile", g); fr = []
    for _ in range(R):
        sample = np.concatenate([draw(rnd, s) for s in per_task])
        fr.append([float(np.mean(sample > tau)) for tau in taus])
    fr = np.asarray(fr)
    profile[g] = dict(fraction=[float(np.mean(pooled > tau)) for tau in taus],
                      low=[float(v) for v in np.percentile(fr, 2.5, axis=0)],
                      high=[float(v) for v in np.percentile(fr, 97.5, axis=0)])
def across(a, b):
    x, y = normalized(a), normalized(b)
    shared = [t for t in range(len(tasks)) if len(x[t]) > 0 and len(y[t]) > 0]
    return ([x[t] for t in shared], [y[t] for t in shared], ["aggregate"]) if shared else None
agg_improvement = pairs_of(list(agg), across)

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
            # the t-interval of the mean across runs (no declared range here, so nothing to cut)
            half = float(stats.t.ppf(0.975, len(v) - 1) * v.std(ddof=1) / math.sqrt(len(v))) if len(v) > 1 else None
            mean.append(m); low.append(m - half if half is not None else None)
            high.append(m + half if half is not None else None)
        curves[t][g] = dict(grid=grid, mean=mean, low=low, high=high)

print(json.dumps(dict(curves=curves, summary=dict(x=X, y=Y, runs=out_runs, tasks=out_tasks, improvement=improvement,
                                   aggregate=dict(normalize="minmax", groups=agg, improvement=agg_improvement),
                                   bootstrap=dict(resamples=R, seed=seed, confidence=0.95)), profile=profile)))
