"""Independent computation of `evidence runs` statistics with csv + NumPy, for the tests.

Reads ROOT/{group}/{task}/{run}.csv with Python's csv module and computes, as issue 17 defines them,
every number of the summary: rows, last x, completeness, final scores, per task and group mean,
median and IQM (scipy.stats.trim_mean(., 0.25)) with a percentile bootstrap interval at the expanded
level (or, with fewer than 5 runs, the range of the runs), P(A > B) with Newcombe's method 5 interval at 90 % (½ kept where the test cannot tell)
and the p-value of the exact one-sided permutation test (every split enumerated; across tasks the
stratified test), and with minmax
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
def expanded(n):  # Hesterberg's expanded percentile level
    t = stats.t.ppf(0.975, n - 1)
    return 1 - 2 * stats.norm.cdf(-math.sqrt(n / (n - 1)) * t)
def pct(draws, level=0.95):
    a = (1 - level) / 2
    return [float(v) for v in np.quantile(np.asarray(draws), [a, 1 - a])]
COVERED = dict(iqm=5, mean=11, median=11, optimality_gap=11)
NAMES = dict(iqm="IQM", mean="mean", median="median", optimality_gap="optimality gap")
def why(name, n):
    return (f"{n} run{'' if n == 1 else 's'} per task: too few for a 95% interval of the {NAMES[name]} "
            f"(in simulated studies no interval we know covers 92% below {COVERED[name]}); the range of the runs is shown")
def p_better(a, b):
    a = np.asarray(a)[:, None]; b = np.asarray(b)[None, :]
    return float(((a > b).sum() + 0.5 * (a == b).sum()) / (a.size * b.size))
def poi(xs, ys):  # rliable's probability_of_improvement on per-task lists
    return float(np.mean([p_better(x, y) for x, y in zip(xs, ys)]))
def draw(rnd, s, n=None):
    return s[[math.floor(rnd() * len(s)) for _ in range(len(s) if n is None else n)]]
import itertools
from scipy import optimize
def splits(x, y):  # U/(n m) of every way to choose x's runs among the pooled ones
    pool = np.concatenate([x, y]); n, m = len(x), len(y); out = []
    for pick in itertools.combinations(range(n + m), n):
        mask = np.zeros(n + m, bool); mask[list(pick)] = True
        out.append(p_better(pool[mask], pool[~mask]))
    return np.array(out)
def exact_p(xs, ys, alt):
    total = np.zeros(1)
    for x, y in zip(xs, ys): total = (total[:, None] + splits(np.asarray(x), np.asarray(y))[None, :]).ravel()
    total /= len(xs); obs = poi(xs, ys)
    return float(np.mean(total >= obs - 1e-12) if alt == "greater" else np.mean(total <= obs + 1e-12))
def newcombe(theta, sizes):
    V = lambda t, m, n: t * (1 - t) * (1 + ((m + n) / 2 - 1) * ((1 - t) / (2 - t) + t / (1 + t))) / (m * n)
    sd = lambda t: math.sqrt(sum(V(t, m, n) for m, n in sizes)) / len(sizes)
    z = stats.norm.ppf(0.95)  # 90 %: the verdict's level, 5 % each way
    lo = 0.0 if theta == 0 else optimize.brentq(lambda t: theta - t - z * sd(t), 0.0, theta * (1 - 1e-15), xtol=1e-15)
    hi = 1.0 if theta == 1 else optimize.brentq(lambda t: theta - t + z * sd(t), theta + 1e-15, 1.0, xtol=1e-15)
    return [lo, hi]
def reach(T):
    n = 1
    while math.comb(2 * n, n) ** T < 20: n += 1
    return n
def pairs_of(names, data_of):
    # each unordered pair once, groups in name order; the reverse: 1 − P, the mirrored interval, the other tail
    out, cache = [], {}
    for a in names:
        for b in names:
            if a == b: continue
            first, second = sorted([a, b])
            if (first, second) not in cache:
                d = data_of(first, second)
                if d is None: cache[(first, second)] = None
                else:
                    xs, ys, _ = d
                    p = poi(xs, ys)
                    ci = newcombe(p, [(len(x), len(y)) for x, y in zip(xs, ys)])
                    smallest = 1.0
                    for x, y in zip(xs, ys): smallest /= math.comb(len(x) + len(y), len(x))
                    greater, less = exact_p(xs, ys, "greater"), exact_p(xs, ys, "less")
                    if min(greater, less) > 0.05 * (1 + 1e-12): ci = [min(ci[0], 0.5), max(ci[1], 0.5)]  # the test keeps ½
                    cache[(first, second)] = (p, ci, greater, less, smallest, reach(len(xs)))
            c = cache[(first, second)]
            if c is None:
                out.append(dict(a=a, b=b, p=None, ci=None, p_value=None, p_value_reverse=None,
                                verdict="cannot-tell", verdict_why="untested", test=None, smallest_p=None,
                                runs_to_reach=1, seeds_needed=None, power=None)); continue
            p, ci, greater, less, smallest, k = c
            pv, rev = greater, less
            if a != first: p, ci, pv, rev = 1 - p, [1 - ci[1], 1 - ci[0]], less, greater
            # the one rule: a side is ahead where its one-sided exact p is at most 0.05
            level = 0.05 * (1 + 1e-12)
            verdict = "above" if pv <= level else "below" if rev <= level else "cannot-tell"
            verdict_why = "too-few" if verdict == "cannot-tell" and smallest > level else "test"
            out.append(dict(a=a, b=b, p=p, ci=ci, p_value=pv, p_value_reverse=rev, verdict=verdict,
                            verdict_why=verdict_why, test="exact", smallest_p=smallest,
                            runs_to_reach=k, seeds_needed=None, power=None))
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
        gs[g] = dict(runs=len(members), complete=n, mean=float(np.mean(f)), median=float(np.median(f)),
                     iqm=trim_mean(f), iqm_ci=None, all_equal=bool(n > 1 and np.all(f == f[0])),
                     iqm_ci_method="none", iqm_ci_percentile=None)
        if n > 1:
            for _ in range(R):
                draws.append(trim_mean(f[[math.floor(rnd() * n) for _ in range(n)]]))
            # rliable's plain percentile interval, on the same draws as the one shown
            gs[g]["iqm_ci_percentile"] = pct(draws, 0.95)
        if n >= COVERED["iqm"]:
            gs[g]["iqm_ci"] = pct(draws, expanded(n)); gs[g]["iqm_ci_method"] = "expanded-percentile"
        elif n > 1:
            gs[g]["range"] = [float(f[0]), float(f[-1])]; gs[g]["interval_note"] = why("iqm", n)
            gs[g]["iqm_ci_method"] = "range"
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
    n = min(len(s) for s in per_task)
    covered = [k for k in COVERED if n >= COVERED[k] and n >= 2]
    level = expanded(n) if covered else 0.95
    agg[g] = dict(runs_per_task=n); notes = []; ranges_ = {}
    lo_, hi_ = float(pooled.min()), float(pooled.max())
    for k, name in enumerate(["iqm", "mean", "median", "optimality_gap"]):
        agg[g][name] = est[k]
        agg[g][name + "_ci_percentile"] = pct(draws[:, k], 0.95)
        agg[g][name + "_ci_method"] = "expanded-percentile" if name in covered else "range"
        if name in covered: agg[g][name + "_ci"] = pct(draws[:, k], level); continue
        agg[g][name + "_ci"] = None
        ranges_[name] = [1 - min(hi_, 1), 1 - min(lo_, 1)] if name == "optimality_gap" else [lo_, hi_]
        notes.append(why(name, n))
    if notes: agg[g]["ranges"] = ranges_; agg[g]["interval_note"] = "; ".join(notes)
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
def shared_raw(a, b):
    shared = [t for t in tasks if len(finals(t, a)) > 1 and len(finals(t, b)) > 1]
    return ([finals(t, a) for t in shared], [finals(t, b) for t in shared], ["overall"]) if shared else None
overall = improvement[tasks[0]] if len(tasks) == 1 else pairs_of(groups, shared_raw)

curves = {}
def run_points(r):  # values logged at one x count as their mean
    xs = np.asarray(r["xs"]); ys = np.asarray(r["ys"]); ux = np.unique(xs)
    return ux, np.array([ys[xs == u].mean() for u in ux])
for t in tasks:
    curves[t] = {}
    for g in groups:
        members = [run_points(r) for r in runs if r["task"] == t and r["group"] == g]
        if not members: continue
        start, end = min(x[0] for x, _ in members), max(x[-1] for x, _ in members)
        grid = list(np.linspace(start, end, 100)); grid[-1] = end
        mean, low, high = [], [], []
        for at in grid:
            v = np.array([np.interp(at, x, y) for x, y in members if x[0] <= at <= x[-1]])
            m = float(v.mean()) if len(v) else None
            # the t-interval of the mean across runs (no declared range here, so nothing to cut)
            half = float(stats.t.ppf(0.975, len(v) - 1) * v.std(ddof=1) / math.sqrt(len(v))) if len(v) > 1 else None
            mean.append(m); low.append(m - half if half is not None else None)
            high.append(m + half if half is not None else None)
        curves[t][g] = dict(x=[float(v) for v in grid], mean=mean, lo=low, hi=high)
summary_curves = {Y: {(g if len(tasks) == 1 else f"{t}/{g}"): c for t in tasks for g, c in curves[t].items()}}

print(json.dumps(dict(curves=curves, summary=dict(x=X, y=Y, runs=out_runs, tasks=out_tasks, improvement=improvement,
                                   aggregate=dict(normalize="minmax", groups=agg, improvement=agg_improvement),
                                   overall=overall, curves=summary_curves,
                                   bootstrap=dict(resamples=R, seed=seed, confidence=0.95, method="expanded-percentile")), profile=profile)))
