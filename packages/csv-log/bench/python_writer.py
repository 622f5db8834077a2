# Python writing training_log.csv with csv.writer: the file opened, appended to and closed for every row
# ("reopen", the reference writer measured at about 0.05M rows/s in the renovation issue), opened once and
# flushed after every row ("flush"), or opened once and left to Python's buffer ("buffered"). The rows are bench/run.ts's
# trainingRow, computed here as there. Prints the seconds the rows took, its CPU seconds and peak RSS.
#   python3 python_writer.py <file> <rows> reopen|flush|buffered
import csv
import json
import math
import resource
import sys
import time

path, total, how = sys.argv[1], int(sys.argv[2]), sys.argv[3]
columns = ['step', 'epoch', 'loss', 'reward', 'reward_std', 'kl', 'grad_norm', 'learning_rate', 'wall_time_s']
start = time.perf_counter()


def row(step):
    noise = math.sin(step * 12.9898) * 43758.5453
    jitter = noise - math.floor(noise)
    return [
        step,
        round(step / total * 300) / 100,
        math.exp(-step / (total / 3)) * (0.9 + 0.2 * jitter),
        math.tanh(step / (total / 4)) - 0.5 + 0.4 * (jitter - 0.5),
        0.2 + 0.25 * jitter,
        '' if step == 0 else 0.001 + 0.02 * (step / total) * (0.8 + 0.4 * jitter),
        math.nan if step % 37 == 36 else 0.2 + 1.5 * jitter,
        1.1e-6 * (1 - step / total),
        round((time.perf_counter() - start) * 1000) / 1000,
    ]


if how == 'reopen':
    with open(path, 'w', newline='') as f:
        csv.writer(f).writerow(columns)
    for step in range(total):
        with open(path, 'a', newline='') as f:
            csv.writer(f).writerow(row(step))
else:
    with open(path, 'w', newline='') as f:
        writer = csv.writer(f)
        writer.writerow(columns)
        for step in range(total):
            writer.writerow(row(step))
            if how == 'flush':
                f.flush()
seconds = time.perf_counter() - start
usage = resource.getrusage(resource.RUSAGE_SELF)
print(json.dumps({'seconds': seconds, 'cpuSeconds': usage.ru_utime + usage.ru_stime, 'maxRssMb': usage.ru_maxrss / 1024}))
