"""Writes test/fixtures/recognisers/: one folder per recogniser, each file written as its tool writes it.
The writing code is ported from each writer's source:

- SpinningUp spinup/utils/logx.py EpochLogger.dump_tabular: "\\t".join(headers), "\\t".join(map(str, vals));
  save_config: json.dumps(config, separators=(',', ':\\t'), indent=4, sort_keys=True) to config.json;
- d3rlpy logging/file_adapter.py FileAdapter.write_metric: print(f"{epoch},{step},{value}", file=f) into
  <metric>.csv (append, no header); write_params: json.dump(params, f, indent=2) to params.json;
- sacred observers/file_storage.py FileStorageObserver: json.dump(obj, f, sort_keys=True, indent=2) of
  metrics.json {name: {steps, timestamps (isoformat), values}}, config.json, run.json; cout.txt;
- Sample Factory (torch SummaryWriter into train_dir/<experiment>/.summary/<policy>/; cfg.json beside):
  event files from tb_oracle.py, one per attempt (brain.Event:2, no SessionLog START);
- W&B "Export panel data" CSV: every cell quoted, no line end after the last row;
- Tianshou examples/mujoco/tools.py merge_csv: csv.writer(...).writerows([["env_step", "rew",
  "rew:shaded"] + ["rew:" + relpath ...], ...]) (\\r\\n line ends);
- DreamerV3 embodied/core/logger.py JSONLOutput: f.write(json.dumps({'step': step, **scalars}) + '\\n');
- CleanRL run names with an extra field: f"{env_id}__{exp_name}__{seed}__{gae_lambda}__{int(time.time())}".

  PYTHONHASHSEED=0 python3 test/recogniser_fixtures.py
"""
import csv
import json
import math
import os
import shutil

import tb_oracle
from tb_oracle import scalar

HERE = os.path.dirname(os.path.abspath(__file__))
OUT = os.path.join(HERE, "fixtures", "recognisers")
SPEC = {"files": []}


def mkdir(*parts):
    path = os.path.join(OUT, *parts)
    os.makedirs(path, exist_ok=True)
    return path


def events(path, records, file_version="brain.Event:2"):
    SPEC["files"].append({"path": path, "records": records, "file_version": file_version})




def spinningup():
    d = mkdir("spinningup", "ppo_cartpole", "ppo_cartpole_s0")
    headers = ["Epoch", "AverageEpRet", "StdEpRet", "MaxEpRet", "MinEpRet", "EpLen", "AverageVVals", "StdVVals",
               "MaxVVals", "MinVVals", "TotalEnvInteracts", "LossPi", "LossV", "DeltaLossPi", "DeltaLossV",
               "Entropy", "KL", "ClipFrac", "StopIter", "Time"]
    with open(os.path.join(d, "progress.txt"), "w") as f:
        f.write("\t".join(headers) + "\n")
        for epoch in range(5):
            ret = 20.0 + 15.5 * epoch
            vals = [epoch, ret, 3.25, ret + 5, ret - 5, 22.5 + epoch, 1.5, 0.5, 2.5, 0.5, (epoch + 1) * 4000, -0.01,
                    12.5, -0.002, -1.5, 0.69, 0.004, 0.02, 79, 10.5 * (epoch + 1)]
            f.write("\t".join(map(str, vals)) + "\n")
    config = {"env_fn": "<function <lambda> at 0x7f>", "exp_name": "ppo_cartpole", "seed": 0, "steps_per_epoch": 4000}
    with open(os.path.join(d, "config.json"), "w") as f:
        f.write(json.dumps(config, separators=(",", ":\t"), indent=4, sort_keys=True))


def d3rlpy():
    d = mkdir("d3rlpy", "d3rlpy_logs", "DQN_20240101120000")
    for name, values in (("loss", [0.9, 0.5, 0.3]), ("environment", [12.0, 55.5, 180.25]), ("time_step", [0.01, 0.01, 0.02])):
        for epoch, value in enumerate(values, start=1):
            with open(os.path.join(d, f"{name}.csv"), "a") as f:
                print(f"{epoch},{epoch * 1000},{value}", file=f)
    with open(os.path.join(d, "params.json"), "w") as f:
        json.dump({"batch_size": 32, "gamma": 0.99, "learning_rate": 6.25e-05}, f, indent=2)


def sacred():
    for run, lr in ((1, 0.001), (2, 0.001)):
        d = mkdir("sacred", "my_runs", str(run))
        metrics = {
            "training.loss": {"steps": [0, 10, 20], "timestamps": ["2024-01-01T12:00:00.000000", "2024-01-01T12:00:10.500000",
                              "2024-01-01T12:00:21.000000"], "values": [1.0, 0.5, 0.25]},
            "episode_reward": {"steps": [0, 10, 20], "timestamps": ["2024-01-01T12:00:00.000000", "2024-01-01T12:00:10.500000",
                               "2024-01-01T12:00:21.000000"], "values": [10.0 + run, 40.0 + run, 90.0 + run]},
        }
        for name, obj in (("metrics.json", metrics), ("config.json", {"env_id": "Pendulum-v1", "lr": lr, "seed": 100 + run}),
                          ("run.json", {"experiment": {"name": "pendulum_sac"}, "host": {"hostname": "h"}, "status": "COMPLETED"})):
            with open(os.path.join(d, name), "w") as f:
                json.dump(obj, f, sort_keys=True, indent=2)
        with open(os.path.join(d, "cout.txt"), "w") as f:
            f.write("INFO - pendulum_sac - Running command 'main'\n")


def sample_factory():
    d = mkdir("sample-factory", "train_dir", "doom_basic_appo", ".summary", "0")
    for attempt in range(3):
        events(os.path.join(d, f"events.out.tfevents.17000{attempt}0000.host.{100 + attempt}.0"),
               [scalar(step, 1700000000 + attempt * 1000 + step / 100, reward__reward=attempt * 10 + step / 1000)
                for step in (0, 1000, 2000)])
    with open(os.path.join(OUT, "sample-factory", "train_dir", "doom_basic_appo", "cfg.json"), "w") as f:
        json.dump({"env": "doom_basic", "algo": "APPO", "seed": 0}, f, indent=4)


def wandb_panel():
    d = mkdir("wandb-panel")
    header = ["global_step", "ppo-seed1 - charts/episodic_return", "ppo-seed1 - charts/episodic_return__MIN",
              "ppo-seed1 - charts/episodic_return__MAX", "ppo-seed2 - charts/episodic_return",
              "ppo-seed2 - charts/episodic_return__MIN", "ppo-seed2 - charts/episodic_return__MAX"]
    rows = [[0, 10, 9, 11, 12, 11, 13], [500, 50, 45, 55, "", "", ""], [1000, 129.9, 120, 140, 80, 70, 90]]
    text = "\n".join(",".join(f'"{c}"' for c in row) for row in [header] + rows)
    with open(os.path.join(d, "wandb_export_2026-11-27.csv"), "w") as f:
        f.write(text)  # no line end after the last row


def tianshou():
    d = mkdir("tianshou", "Ant-v3", "sac")
    keys = [f"seed_{k}/test_rew.csv" for k in range(10)]
    content = [["env_step", "rew", "rew:shaded"] + ["rew:" + k for k in keys]]
    for step in (0, 5000, 10000):
        rews = [round(100 + step / 100 + 3 * k, 4) for k in range(10)]
        mean = sum(rews) / len(rews)
        std = math.sqrt(sum((r - mean) ** 2 for r in rews) / len(rews))
        content.append([step, round(mean, 4), round(std, 4)] + rews)
    with open(os.path.join(d, "test_rew_10seeds.csv"), "w") as f:
        csv.writer(f).writerows(content)


def dreamer():
    for task in ("walker_walk", "cheetah_run"):
        for n in (1, 2):
            d = mkdir("dreamer", "logdir", task, "dreamer", str(n))
            with open(os.path.join(d, "metrics.jsonl"), "w") as f:
                for step in (5000, 10000, 15000):
                    f.write(json.dumps({"step": step, "episode/score": step / 100 + n, "episode/length": 1000}) + "\n")
                    f.write(json.dumps({"step": step, "train/loss/image": 1.0 / step, "fps/policy": 50.5}) + "\n")


def cleanrl_extra():
    for seed in (1, 2):
        d = mkdir("cleanrl-extra", "runs", f"HalfCheetah-v4__ppo_continuous_action__{seed}__0.95__170000000{seed}")
        events(os.path.join(d, f"events.out.tfevents.170000000{seed}.host.{seed}.0"),
               [scalar(step, 1700000000 + step, charts__episodic_return=step / 10 + seed) for step in (2048, 4096)])


def env_algo():
    for env in ("CartPole-v1", "Pendulum-v1"):
        for seed in (0, 1):
            d = mkdir("env-algo", f"{env}_ppo", f"ppo_{seed}")
            with open(os.path.join(d, "progress.csv"), "w") as f:
                f.write("Time Steps,Episode Reward\n")
                for i in range(1, 4):
                    f.write(f"{i * 1000},{(100 if env == 'CartPole-v1' else -1000) + i * 10 + seed}\n")


def tensorboard_log():
    d = mkdir("tensorboard-log", "tensorboard_log")
    events(os.path.join(d, "events.out.tfevents.1700000000.host.900.0"),
           [scalar(s, 1700000000 + s, rollout__ep_rew_mean=5.0 + s / 1000) for s in (1000, 2000)])
    for n in range(1, 11):
        sub = mkdir("tensorboard-log", "tensorboard_log", f"PPO_{n}")
        events(os.path.join(sub, f"events.out.tfevents.17000000{n:02d}.host.{n}.0"),
               [scalar(s, 1700000000 + s, rollout__ep_rew_mean=10.0 * n + s / 1000) for s in (1000, 2000, 3000)])


def joined_and_root():
    # a root progress.csv beside run folders; a run folder with an event file, a monitor file and progress.csv
    root = mkdir("joined")
    with open(os.path.join(root, "progress.csv"), "w") as f:
        f.write("step,reward\n0,1.0\n10,2.0\n")
    d = mkdir("joined", "seed1")
    with open(os.path.join(d, "progress.csv"), "w") as f:
        f.write("time/total_timesteps,rollout/ep_rew_mean\n2048,10.5\n4096,20.5\n")
    with open(os.path.join(d, "0.monitor.csv"), "wt", newline="\n") as f:
        f.write('#{"t_start": 1700000000.0, "env_id": "CartPole-v1"}\n')
        w = csv.DictWriter(f, fieldnames=("r", "l", "t"))
        w.writeheader()
        for i in range(239):
            w.writerow({"r": 10.0 + i, "l": 10 + i % 5, "t": round(0.5 * (i + 1), 6)})
    events(os.path.join(d, "events.out.tfevents.1700000000.host.77.0"),
           [scalar(s, 1700000000 + s, train__loss=1.0 / s) for s in (2048, 4096)])


def text_tables():
    d = mkdir("text-tables")
    with open(os.path.join(d, "scores.txt"), "w") as f:  # np.savetxt-like, aligned with spaces
        f.write("# step return\n")
        for i in range(4):
            f.write(f"   {i * 100:6d}   {i * 1.5:8.3f}\n")
    with open(os.path.join(d, "eval.log"), "w") as f:  # semicolons (a European locale's Excel)
        f.write("step;eval_return\n0;1,5\n100;2,5\n".replace("1,5", "1.5").replace("2,5", "2.5"))


def main():
    shutil.rmtree(OUT, ignore_errors=True)
    os.makedirs(OUT)
    for write in (spinningup, d3rlpy, sacred, sample_factory, wandb_panel, tianshou, dreamer, cleanrl_extra, env_algo,
                  tensorboard_log, joined_and_root, text_tables):
        write()
    tb_oracle.write_spec(SPEC)


if __name__ == "__main__":
    main()
