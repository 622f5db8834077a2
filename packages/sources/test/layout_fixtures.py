"""Writes test/fixtures/layouts/: one folder per layout the discovery knows, each file written the way
its tool writes it (the writing calls follow each writer's source: SB3 monitor.py ResultsWriter,
baselines bench/monitor.py and logger.py, Ray Tune logger/csv.py and json.py, Lightning
loggers/csv_logs.py ExperimentWriter, transformers trainer_callback.py TrainerState.save_to_json,
MLflow store/tracking/file_store.py, Keras callbacks/csv_logger.py, TensorBoard's scalars plugin CSV
download, rl-zoo exp_manager.py, pandas to_csv/to_json). TensorBoard event files come from tb_oracle.py.

  PYTHONHASHSEED=0 python3 test/layout_fixtures.py
"""
import csv
import json
import math
import os
import shutil

import tb_oracle

HERE = os.path.dirname(os.path.abspath(__file__))
OUT = os.path.join(HERE, "fixtures", "layouts")


def mkdir(*parts):
    path = os.path.join(OUT, *parts)
    os.makedirs(path, exist_ok=True)
    return path


def monitor(path, t_start, env_id, episodes, extra=()):
    """SB3 / baselines ResultsWriter: '#' + json.dumps(header), then csv.DictWriter rows (\\r\\n)."""
    with open(path, "wt", newline="\n") as f:
        f.write("#%s\n" % json.dumps({"t_start": t_start, "env_id": env_id}))
        writer = csv.DictWriter(f, fieldnames=("r", "l", "t", *extra))
        writer.writeheader()
        for row in episodes:
            writer.writerow(row)


def episodes(n, seed, length=10, dt=1.0, offset=0.0):
    return [
        {"r": round(1.0 + i * 0.5 + seed, 6), "l": length + (i % 3), "t": round(offset + (i + 1) * dt + seed * 0.01, 6)}
        for i in range(n)
    ]


def baselines_logger_csv(path, rows):
    """baselines logger.py CSVOutputFormat: sorted keys on first write; a grown header rewrites the file."""
    keys = []
    lines = []
    for kvs in rows:
        extra = sorted(kvs.keys() - set(keys))
        if extra:
            keys.extend(extra)
            lines = [line + "," * len(extra) for line in lines]
        lines.append(",".join("" if kvs.get(k) is None else str(kvs[k]) for k in keys))
    with open(path, "w") as f:
        f.write(",".join(keys) + "\n")
        for line in lines:
            f.write(line + "\n")


def ray_trial(path, trial_id, config, results):
    """Ray Tune: params.json (indent=2, sort_keys), result.json (one json.dumps per line), progress.csv
    (flatten_dict(result without config, '/') through csv.DictWriter, \\r\\n line ends)."""
    os.makedirs(path, exist_ok=True)
    with open(os.path.join(path, "params.json"), "w") as f:
        json.dump(config, f, indent=2, sort_keys=True)
    with open(os.path.join(path, "result.json"), "w") as f:
        for result in results:
            json.dump({**result, "config": config, "trial_id": trial_id}, f)
            f.write("\n")

    def flatten(d, prefix=""):
        out = {}
        for k, v in d.items():
            if isinstance(v, dict) and v:
                out.update(flatten(v, prefix + k + "/"))
            else:
                out[prefix + k] = v
        return out

    with open(os.path.join(path, "progress.csv"), "w") as f:
        writer = None
        for result in results:
            flat = flatten({**result, "trial_id": trial_id})
            if writer is None:
                writer = csv.DictWriter(f, flat.keys())
                writer.writeheader()
            writer.writerow({k: v for k, v in flat.items() if k in writer.fieldnames})


def main():
    if os.path.exists(OUT):
        shutil.rmtree(OUT)

    # SB3 VecEnv with 4 workers: make_vec_env(monitor_dir=...) writes 0..3.monitor.csv: ONE run.
    d = mkdir("sb3-vecenv", "a2c_pong")
    for worker in range(4):
        monitor(os.path.join(d, f"{worker}.monitor.csv"), 1700000000.0 + worker * 0.01, "PongNoFrameskip-v4",
                episodes(5, 0, length=100 + worker, dt=2.0 + worker * 0.1))
    # a header-only monitor file (a run that stopped before its first episode) beside a good one
    d = mkdir("sb3-vecenv", "crashed")
    monitor(os.path.join(d, "0.monitor.csv"), 1700000100.0, "PongNoFrameskip-v4", [])

    # OpenAI baselines: logger dir with 0.0.monitor.csv (rank.subrank) and progress.csv (ppo2 keys)
    d = mkdir("baselines", "ppo2_seed0")
    monitor(os.path.join(d, "0.0.monitor.csv"), 1600000000.5, "CartPole-v1", episodes(6, 0))
    baselines_logger_csv(os.path.join(d, "progress.csv"), [
        {"misc/serial_timesteps": 128 * (i + 1), "misc/nupdates": i + 1, "misc/total_timesteps": 256 * (i + 1),
         "fps": 900 + i, "misc/explained_variance": 0.1 * i, "eprewmean": 10.0 + i, "eplenmean": 10.0 + i,
         "misc/time_elapsed": 1.5 * (i + 1), "loss/policy_loss": -0.01 * i}
        for i in range(4)
    ])
    # baselines trpo_mpi / SB2 TRPO keys; deepq keys
    d = mkdir("baselines", "trpo_seed0")
    baselines_logger_csv(os.path.join(d, "progress.csv"), [
        {"EpLenMean": 20.0 + i, "EpRewMean": 20.0 + i, "EpThisIter": 3, "EpisodesSoFar": 3 * (i + 1),
         "TimestepsSoFar": 1024 * (i + 1), "TimeElapsed": 2.0 * (i + 1)} for i in range(3)
    ])
    d = mkdir("baselines", "deepq_seed0")
    baselines_logger_csv(os.path.join(d, "progress.csv"), [
        {"steps": 1000 * (i + 1), "episodes": 10 * (i + 1), "mean 100 episode reward": 9.5 + i,
         "% time spent exploring": 90 - i} for i in range(3)
    ])

    # Ray Tune / RLlib experiment: trial folders with hashes; dict- and list-valued text columns
    exp = mkdir("ray_results", "PPO_2024-01-01_12-00-00")
    for i, lr in enumerate([0.001, 0.0001]):
        trial = f"PPO_CartPole-v1_a1b2c_0000{i}_{i}_lr={lr:.4f}_2024-01-01_12-00-0{i}"
        config = {"env": "CartPole-v1", "lr": lr, "framework": "torch", "model": {"fcnet_hiddens": [64, 64]}}
        results = [
            {"episode_reward_mean": 20.0 + 10 * it + i, "episode_reward_max": 50.0, "episode_len_mean": 20.0 + it,
             "timesteps_total": 4000 * (it + 1), "training_iteration": it + 1, "time_total_s": 10.5 * (it + 1),
             "custom_metrics": {}, "hist_stats": {"episode_reward": [12.0, 30.0]},
             "info": {"learner": {"default_policy": {"learner_stats": {"cur_lr": lr, "total_loss": 5.0 - it}}}},
             "date": f"2024-01-01_12-0{it}-00", "hostname": "host", "done": False}
            for it in range(3)
        ]
        ray_trial(os.path.join(exp, trial), f"a1b2c_0000{i}", config, results)

    # PyTorch Lightning CSVLogger: lightning_logs/version_N/metrics.csv (+ hparams.yaml); keys sorted,
    # the whole file rewritten with csv.DictWriter on every save; train and val rows apart.
    for version in range(2):
        d = mkdir("lightning", "lightning_logs", f"version_{version}")
        with open(os.path.join(d, "hparams.yaml"), "w") as f:
            f.write(f"lr: 0.00{version + 1}\nhidden: 64\n")
        metrics = []
        for step in range(0, 40, 10):
            metrics.append({"episode/Return": 10.0 + step + version, "train_loss": 1.0 / (step + 1), "epoch": step // 20, "step": step})
            if step % 20 == 19 - 9:
                metrics.append({"val_loss": 0.5 - step / 100, "epoch": step // 20, "step": step})
        keys = sorted(set().union(*metrics))
        with open(os.path.join(d, "metrics.csv"), "w", newline="") as f:
            writer = csv.DictWriter(f, fieldnames=keys)
            writer.writeheader()
            writer.writerows(metrics)

    # Hugging Face Trainer / TRL GRPO: output_dir/checkpoint-N/trainer_state.json (indent=2, sort_keys)
    d = mkdir("trl", "grpo-qwen")
    history = []
    for step in range(5, 35, 5):
        history.append({"completion_length": 120.0 + step, "epoch": step / 30, "grad_norm": 0.5, "kl": 0.001 * step,
                        "learning_rate": 1e-6 * (1 - step / 30), "loss": 0.0001 * step, "reward": 0.1 + step / 100,
                        "reward_std": 0.2, "rewards/accuracy_reward": step / 60, "step": step})
    for checkpoint in (10, 20, 30):
        state = {"best_metric": None, "best_model_checkpoint": None, "epoch": checkpoint / 30, "eval_steps": 500,
                 "global_step": checkpoint, "is_hyper_param_search": False, "is_local_process_zero": True,
                 "is_world_process_zero": True, "log_history": [h for h in history if h["step"] <= checkpoint],
                 "logging_steps": 5, "max_steps": 30, "num_input_tokens_seen": 0, "num_train_epochs": 1,
                 "save_steps": 10, "total_flos": 0.0, "train_batch_size": 8, "trial_name": None, "trial_params": None}
        if checkpoint == 30:
            state["log_history"].append({"epoch": 1.0, "step": 30, "total_flos": 0.0, "train_loss": 0.002,
                                         "train_runtime": 100.5, "train_samples_per_second": 2.4, "train_steps_per_second": 0.3})
        cd = mkdir("trl", "grpo-qwen", f"checkpoint-{checkpoint}")
        with open(os.path.join(cd, "trainer_state.json"), "w") as f:
            f.write(json.dumps(state, indent=2, sort_keys=True) + "\n")

    # MLflow file store: mlruns/<exp>/meta.yaml, mlruns/<exp>/<run>/{meta.yaml, metrics/, params/, tags/}
    e = mkdir("mlruns", "1")
    with open(os.path.join(e, "meta.yaml"), "w") as f:
        f.write("artifact_location: file:///tmp/mlruns/1\ncreation_time: 1700000000000\nexperiment_id: '1'\n"
                "last_update_time: 1700000000000\nlifecycle_stage: active\nname: cartpole-sweep\n")
    for i, run_id in enumerate(["0a1b2c3d4e5f", "9f8e7d6c5b4a"]):
        r = mkdir("mlruns", "1", run_id)
        with open(os.path.join(r, "meta.yaml"), "w") as f:
            f.write(f"artifact_uri: file:///tmp/mlruns/1/{run_id}/artifacts\nend_time: 1700000100000\n"
                    f"entry_point_name: ''\nexperiment_id: '1'\nlifecycle_stage: active\nrun_id: {run_id}\n"
                    f"run_name: seed-{i}\nrun_uuid: {run_id}\nsource_name: ''\nsource_type: 4\nsource_version: ''\n"
                    "start_time: 1700000000000\nstatus: 3\ntags: []\nuser_id: me\n")
        for name, values in {"reward": [10.0 + i, 20.0 + i, float("nan"), 40.0 + i], "train/loss": [1.0, 0.5, 0.25, 0.125]}.items():
            path = os.path.join(r, "metrics", *name.split("/"))
            os.makedirs(os.path.dirname(path), exist_ok=True)
            with open(path, "a") as f:
                for step, value in enumerate(values):
                    f.write("%s %s %s\n" % (1700000000000 + step * 1000, value, step * 100))
        os.makedirs(os.path.join(r, "params"))
        with open(os.path.join(r, "params", "learning_rate"), "w") as f:
            f.write("0.0003")
        os.makedirs(os.path.join(r, "tags"))
        with open(os.path.join(r, "tags", "mlflow.runName"), "w") as f:
            f.write(f"seed-{i}")

    # Keras CSVLogger('training.log'): epoch first, then sorted keys; csv excel dialect (\r\n)
    d = mkdir("keras")
    with open(os.path.join(d, "training.log"), "w", newline="") as f:
        writer = csv.DictWriter(f, fieldnames=["epoch", "accuracy", "loss", "val_accuracy", "val_loss"])
        writer.writeheader()
        for epoch in range(4):
            writer.writerow({"epoch": epoch, "accuracy": 0.5 + epoch / 10, "loss": 1.0 / (epoch + 1),
                             "val_accuracy": 0.45 + epoch / 10, "val_loss": 1.1 / (epoch + 1)})

    # one folder per run with progress.csv (SB3 logger), the most common hand-made layout
    for seed in range(3):
        d = mkdir("folder-per-run", f"seed{seed}")
        with open(os.path.join(d, "progress.csv"), "w") as f:
            f.write("time/total_timesteps,rollout/ep_rew_mean,train/loss\n")
            for i in range(4):
                f.write(f"{2048 * (i + 1)},{20.0 + 5 * i + seed},{1.0 / (i + 1)}\n")

    # long-format table: all seeds in one file, as pandas writes it (to_csv(index=False))
    d = mkdir("long-format")
    with open(os.path.join(d, "results.csv"), "w") as f:
        f.write("algo,env,seed,step,reward\n")
        for algo in ("ppo", "dqn"):
            for seed in range(3):
                for step in range(0, 4000, 1000):
                    f.write(f"{algo},CartPole-v1,{seed},{step},{step / 100 + seed + (5 if algo == 'ppo' else 0)}\n")
    with open(os.path.join(d, "records.json"), "w") as f:
        json.dump([{"step": s, "reward": s / 10, "loss": float("nan") if s == 0 else 1 / s} for s in range(0, 40, 10)], f)
    with open(os.path.join(d, "episodes.jsonl"), "w") as f:
        for s in range(3):
            f.write(json.dumps({"global_step": s * 10, "charts": {"episodic_return": s + 0.5}}) + "\n")

    # TensorBoard's "Download CSV" of two tags of one run; W&B run.history() saved with pandas
    d = mkdir("downloads")
    for tag, scale in (("rollout_ep_rew_mean", 1.0), ("train_loss", -0.1)):
        with open(os.path.join(d, f"run-PPO_1-tag-{tag}.csv"), "w", newline="") as f:
            writer = csv.writer(f)
            writer.writerow(["Wall time", "Step", "Value"])
            for i in range(3):
                writer.writerow([1700000000.123 + i, 2048 * (i + 1), scale * (10 + i)])
    with open(os.path.join(d, "wandb_history.csv"), "w") as f:
        f.write(",_step,_runtime,_timestamp,train/reward,train/loss\n")
        for i in range(3):
            f.write(f"{i},{i},{1.5 * i},{1700000000.0 + i},{0.1 * i},{1 - 0.1 * i}\n")

    # rl-zoo: logs/{algo}/{env}_{n}/ with 0.monitor.csv and {env}/config.yml, args.yml (yaml.dump of OrderedDicts)
    for run in (1, 2):
        d = mkdir("rl-zoo", "logs", "ppo", f"CartPole-v1_{run}")
        monitor(os.path.join(d, "0.monitor.csv"), 1700000000.0 + run, "CartPole-v1", episodes(4, run))
        c = mkdir("rl-zoo", "logs", "ppo", f"CartPole-v1_{run}", "CartPole-v1")
        with open(os.path.join(c, "config.yml"), "w") as f:
            f.write("!!python/object/apply:collections.OrderedDict\n- - - batch_size\n    - 256\n  - - n_envs\n    - 8\n"
                    "  - - n_timesteps\n    - 100000.0\n  - - policy\n    - MlpPolicy\n")
        with open(os.path.join(c, "args.yml"), "w") as f:
            f.write(f"!!python/object/apply:collections.OrderedDict\n- - - algo\n    - ppo\n  - - env\n    - CartPole-v1\n"
                    f"  - - seed\n    - {run}\n")

    # TensorBoard layouts: SB3 tensorboard_log/{ALGO}_{n} and CleanRL runs/{env}__{exp}__{seed}__{time}
    spec = {"files": []}
    for algo, n in (("PPO", 1), ("PPO", 2), ("A2C", 1)):
        d = mkdir("sb3-tensorboard", f"{algo}_{n}")
        spec["files"].append({"path": os.path.join(d, f"events.out.tfevents.170000000{n}.host.1.0"), "records": [
            {"wall_time": 1700000000 + s, "step": s * 2048, "values": [{"tag": "rollout/ep_rew_mean", "kind": "simple", "value": 10 * s + n}]}
            for s in range(1, 4)]})
    for seed in (1, 2):
        d = mkdir("cleanrl", "runs", f"CartPole-v1__ppo__{seed}__170000000{seed}")
        spec["files"].append({"path": os.path.join(d, f"events.out.tfevents.170000000{seed}.host.1.0"), "records": [
            {"wall_time": 1700000000 + i, "step": step, "values": [{"tag": "charts/episodic_return", "kind": "simple", "value": v}]}
            for i, (step, v) in enumerate([(500, 10.0), (500, 12.0), (1000, 20.0 + seed), (1000, 22.0), (1000, 24.0)])]})
    tb_oracle.write_spec(spec)


if __name__ == "__main__":
    main()
