"""Writes test/fixtures/messy/: a training folder as real ones are, every file written the way its tool
writes it (SB3 Monitor's ResultsWriter, SB3's logger CSV, TensorBoard event files from the sources
package's tb_oracle.py, which frames records as TensorFlow's RecordWriter does):

  ppo/seed1/{0..3}.monitor.csv  one run of 4 VecEnv workers (SB3 Monitor, one file per worker)
  ppo/seed2/0.monitor.csv       a run killed mid-write: its last line is torn (no line end)
  ppo/seed3/0.monitor.csv       a run that crashed before its first episode: the header alone
  a2c/seed{1,2}/0.monitor.csv   two complete runs
  dqn/seed1/progress.csv        a group logging other columns (SB3 logger CSV: loss, no episode return)
  runs/CartPole-v1__ppo_tb__1__1700000001/  CleanRL: episodic returns logged several times at one step
  runs/CartPole-v1__ppo_tb__2__1700000002/  a resumed run: a second event file starting with SessionLog START
  runs/CartPole-v1__ppo_tb__3__1700000003/  a crashed run: the 40-byte event file of SummaryWriter() alone
  runs/events.out.tfevents.1700000009.host.9.0  a loose event file at the top of runs/: a run of its own
  progress.csv                  a root progress.csv beside the run folders (SB3 logger CSV): a run too

  python3 test/messy_fixture.py
"""
import csv
import json
import os
import shutil
import struct
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
OUT = os.path.join(HERE, "fixtures", "messy")
ORACLE = os.path.join(HERE, "..", "..", "..", "packages", "sources", "test", "tb_oracle.py")
sys.path.insert(0, os.path.dirname(ORACLE))
import tb_oracle  # noqa: E402 (the one TFRecord and event writer, shared with packages/sources/test)


def mkdir(*parts):
    path = os.path.join(OUT, *parts)
    os.makedirs(path, exist_ok=True)
    return path


def monitor(path, t_start, rows):
    """SB3 monitor.py ResultsWriter: '#' + json.dumps(header), then csv.DictWriter rows."""
    with open(path, "wt", newline="\n") as f:
        f.write("#%s\n" % json.dumps({"t_start": t_start, "env_id": "CartPole-v1"}))
        writer = csv.DictWriter(f, fieldnames=("r", "l", "t"))
        writer.writeheader()
        for row in rows:
            writer.writerow(row)


def episodes(n, base, worker=0, length=100):
    return [{"r": round(base + i * 2.0 + worker * 0.25, 6), "l": length, "t": round((i + 1) * 1.5 + worker * 0.01, 6)} for i in range(n)]


def main():
    shutil.rmtree(OUT, ignore_errors=True)
    for worker in range(4):
        monitor(os.path.join(mkdir("ppo", "seed1"), f"{worker}.monitor.csv"), 1700000000.0, episodes(10, 10.0, worker))
    torn = os.path.join(mkdir("ppo", "seed2"), "0.monitor.csv")
    monitor(torn, 1700000100.0, episodes(40, 12.0))
    with open(torn, "a") as f:
        f.write("999.5,10")  # killed while writing the next episode's row
    monitor(os.path.join(mkdir("ppo", "seed3"), "0.monitor.csv"), 1700000200.0, [])
    for seed in (1, 2):
        monitor(os.path.join(mkdir("a2c", f"seed{seed}"), "0.monitor.csv"), 1700000300.0, episodes(40, 5.0 + seed))
    # the console captured beside the monitor files (SB3's stdout writer): a text log, not read, named
    with open(os.path.join(mkdir("ppo", "seed1"), "train.log"), "w") as f:
        f.write("Using cpu device\nWrapping the env with a `Monitor` wrapper\n")
    # SB3 logger's CSVOutputFormat: keys in first-write order, one row per dump
    with open(os.path.join(mkdir("dqn", "seed1"), "progress.csv"), "w") as f:
        f.write("time/total_timesteps,train/loss,train/n_updates\n")
        for i in range(1, 6):
            f.write(f"{i * 1000},{1.0 / i},{i * 250}\n")

    def scalar(tag, value):
        return {"tag": tag, "kind": "simple", "value": value}

    runs = mkdir("runs")
    one = mkdir("runs", "CartPole-v1__ppo_tb__1__1700000001")
    # CleanRL logs charts/episodic_return once per finished environment, all at one global_step
    repeated = [
        {"wall_time": 1700000001.0 + step, "step": step, "values": [scalar("charts/episodic_return", 10.0 + step + k)]}
        for step in (100, 200, 300)
        for k in range(3 if step == 200 else 1)
    ]
    two = mkdir("runs", "CartPole-v1__ppo_tb__2__1700000002")
    first = [
        {"wall_time": 1700000002.0 + step, "step": step, "values": [scalar("charts/episodic_return", 20.0 + step / 100)]}
        for step in (100, 200, 300, 400)
    ]
    resumed = [{"wall_time": 1700001000.0, "step": 200, "values": [], "session_start": True}] + [
        {"wall_time": 1700001000.0 + step, "step": step, "values": [scalar("charts/episodic_return", 30.0 + step / 100)]}
        for step in (200, 300)
    ]
    three = mkdir("runs", "CartPole-v1__ppo_tb__3__1700000003")
    # SB3's logger CSV (csv.DictWriter, \r\n) at the root, beside the run folders
    with open(os.path.join(OUT, "progress.csv"), "w", newline="") as f:
        writer = csv.DictWriter(f, fieldnames=["time/total_timesteps", "rollout/ep_rew_mean"])
        writer.writeheader()
        for i in range(1, 4):
            writer.writerow({"time/total_timesteps": i * 2048, "rollout/ep_rew_mean": 9.5 + i})
    spec = {
        "files": [
            {"path": os.path.join(one, "events.out.tfevents.1700000001.host.1.0"), "start": 1700000001.0, "records": repeated},
            {"path": os.path.join(two, "events.out.tfevents.1700000002.host.1.0"), "start": 1700000002.0, "records": first},
            {"path": os.path.join(two, "events.out.tfevents.1700001000.host.2.0"), "start": 1700001000.0, "records": resumed},
            {"path": os.path.join(runs, "events.out.tfevents.1700000009.host.9.0"), "start": 1700000009.0, "records": [
                {"wall_time": 1700000009.0 + step, "step": step, "values": [scalar("charts/episodic_return", 50.0 + step / 100)]}
                for step in (100, 200)]},
        ]
    }
    tb_oracle.write_spec(spec)
    # TensorFlow's EventFileWriter opens with Event{wall_time, file_version} (step 0 is proto3's default,
    # not written): a run that crashed right after SummaryWriter() leaves these 40 bytes alone
    record = tb_oracle.key(1, 1) + struct.pack("<d", 1700000003.0) + tb_oracle.ld(3, b"brain.Event:2")
    with open(os.path.join(three, "events.out.tfevents.1700000003.host.1.0"), "wb") as f:
        f.write(tb_oracle.frame(record))


if __name__ == "__main__":
    main()
