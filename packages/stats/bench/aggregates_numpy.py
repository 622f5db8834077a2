"""The same work as bench/aggregates.ts in NumPy/SciPy, two ways: vectorised (the resamples drawn and
summarised as arrays, in batches of 1,000), and rliable's own way (a loop over resamples, each calling
the four aggregate functions, as rliable.library.get_interval_estimates does). Prints JSON seconds."""
import json, sys, time
import numpy as np, scipy.stats

cfg = json.load(sys.stdin)
R, runs, tasks = cfg["resamples"], cfg["runs"], cfg["tasks"]
rng = np.random.default_rng(0)
scores = rng.random((runs, tasks))  # rliable's layout: runs × tasks

def four(s):  # rliable.metrics, on one runs × tasks matrix
    means = np.mean(s, axis=0)
    return [scipy.stats.trim_mean(s, 0.25, axis=None), np.median(means), np.mean(means), 1 - np.mean(np.minimum(s, 1))]

def vectorised():
    out = []
    for start in range(0, R, 1000):
        b = min(1000, R - start)
        idx = rng.integers(0, runs, size=(b, runs, tasks))
        s = np.take_along_axis(np.broadcast_to(scores, (b, runs, tasks)), idx, axis=1)
        means = s.mean(axis=1)
        out.append(np.stack([scipy.stats.trim_mean(s.reshape(b, -1), 0.25, axis=1), np.median(means, axis=1),
                             means.mean(axis=1), 1 - np.minimum(s, 1).reshape(b, -1).mean(axis=1)], axis=1))
    draws = np.concatenate(out)
    return np.percentile(draws, [2.5, 97.5], axis=0)

def rliable_loop():
    draws = []
    for _ in range(R):  # StratifiedBootstrap: runs resampled within each task
        idx = rng.integers(0, runs, size=(runs, tasks))
        draws.append(four(np.take_along_axis(scores, idx, axis=0)))
    return np.percentile(np.asarray(draws), [2.5, 97.5], axis=0)

result = {}
for name, f in [("vectorised", vectorised), ("rliable_loop", rliable_loop)]:
    t = time.perf_counter(); f(); result[name] = time.perf_counter() - t
print(json.dumps(result))
