"""Writes test/fixtures/unseen/: folders of tools the catalogue has no recogniser for, each file written as
the tool writes it, to check that the generic rules (tables, config, roles, identity) read them right.
The writing code is ported from each writer's source:

- OpenAI baselines logger.py CSVOutputFormat (progress.csv: sorted keys, ',' joined, a column added later
  rewrites the header and pads old rows with ''), HumanOutputFormat (log.txt: a dashed box per dump),
  bench/monitor.py (`<rank>.<subrank>.monitor.csv`, one per worker); a folder `openai-<date>`;
- garage / dowel CsvOutput (progress.csv via csv.DictWriter, `Evaluation/AverageReturn`, `TotalEnvSteps`),
  TensorBoardOutput (the same values as event files, step = iteration, plus tags of its own), TextOutput
  (debug.log), experiment/experiment.py dump_json(variant.json);
- PFRL / ChainerRL experiments/evaluator.py: scores.txt, '\\t'.join of `steps episodes elapsed mean median
  stdev max min` + agent statistics, one line per evaluation; prepare_output_dir: args.txt (json.dumps);
- TorchRL record/loggers/csv.py CSVExperiment.add_scalar: `<exp>/scalars/<name>.csv`, lines
  `{global_step},{value}` with no header (a name with `/` is a subfolder);
- Acme utils/loggers/csv.py CSVLogger: `<uid>/logs/<label>/logs.csv`, csv.DictWriter, one per label;
- Hydra multirun: `multirun/<date>/<time>/<job>/.hydra/{config,hydra,overrides}.yaml` (overrides a YAML
  list of `key=value`), `<task>.log`, and the job's own progress.csv;
- rl_games: `runs/<name>_<date>/summaries/` event files (from tb_oracle.py), `nn/*.pth` checkpoints;
- rsl_rl (Isaac Lab): `logs/rsl_rl/<experiment>/<date>_<time>/` event files (`Train/mean_reward`,
  `Loss/value_function`, step = iteration), `params/{env,agent}.yaml` (dump_yaml), `model_<it>.pt`;
- Dopamine: `<base_dir>/` event files (`Train/AverageReturns`, step = iteration), `logs/log_<it>`
  (pickle), `checkpoints/ckpt.<it>` (pickle) and `sentinel_checkpoint_complete.<it>`;
- jaxrl train.py: `np.savetxt(os.path.join(save_dir, f"{seed}.txt"), eval_returns, fmt=["%d", "%.1f"])`,
  one headerless `step return` file per seed in `<save_dir>/<env>/<algo>/`;
- PyMARL / EPyMARL utils/logging.py Logger.log_stat with sacred: `sacred_info[f"{key}_T"].append(t)`,
  `sacred_info[key].append(value)`, saved by FileStorageObserver as `results/sacred/<id>/info.json`
  (json.dump(..., sort_keys=True, indent=2), NumPy scalars jsonpickled), `metrics.json` `{}`, config.json,
  run.json, cout.txt;
- Tianshou TensorboardLogger: `log/<task>/<algo>/<seed>/<yymmdd-HHMMSS>/` event files (`train/reward`,
  `test/reward`, `test/reward_std`, step = env_step), `policy.pth`;
- TensorBoard's scalars dashboard "Download JSON": `[[wall_time, step, value], ...]`;
- DVCLive plots/metric.py Metric.dump: `dvclive/plots/metrics/<name>.tsv` via csv.DictWriter(delimiter="\\t",
  lineterminator="\\n") of `timestamp, step, <name>` (a `/` in a name is a subfolder); `metrics.json` (the
  latest values), `params.yaml`;
- Keras callbacks.TensorBoard: `logs/fit/<%Y%m%d-%H%M%S>/{train,validation}/` event files of one process
  (`epoch_loss`, `epoch_accuracy`, step = epoch);
- TF-Agents train_eval: `<root_dir>/train/` and `<root_dir>/eval/` event files (`AverageReturn`,
  `Metrics/AverageReturn`), `train/policy/` and `train/checkpoints/` of saved models;
- skrl: `runs/torch/<task>/<yy-mm-dd_HH-MM-SS-ffffff>_<Agent>/` event files (`Reward / Total reward
  (mean)`, `Reward / Instantaneous reward (mean)`), `checkpoints/agent_<t>.pt`.
- rlpyt utils/logging/context.py logger_context: `data/local/<yyyymmdd>/<hhmmss>/<log_dir>/run_<ID>/`
  with params.json (json.dump of log_params plus `name`, `run_ID`), debug.log, and logger.dump_tabular's
  progress.csv (csv.DictWriter; runners/minibatch_rl.py's `Diagnostics/` keys, then each TrajInfo field's
  `Average`/`Std`/`Median`/`Min`/`Max` via record_tabular_misc_stat, NaN where none finished).
- DrQ-v2 logger.py MetersGroup: `train.csv` and `eval.csv` side by side in the Hydra run folder
  `exp_local/<%Y.%m.%d>/<%H%M%S>_<override_dirname>/` (csv.DictWriter, sorted keys, `frame` added at
  dump), the same values as event files in `tb/` (`train/episode_reward` at step = frame), and
  `.hydra/config.yaml` (`task_name`, `agent: {_target_: drqv2.DrQV2Agent}`); `buffer/*.npz` episodes;
- TD-MPC2 common/logger.py: `logs/<task>/<seed>/<exp_name>/eval.csv` (pandas to_csv of a float array,
  header `step,episode_reward`), `models/final.pt`;
- rlkit core/logging.py dump_tabular: progress.csv of the first epoch's keys sorted (`Epoch`, `epoch`,
  `eval/…`, `expl/…`, `time/… (s)`, `trainer/…`), variant.json (indent=2, sort_keys), debug.log, in
  `data/<exp-prefix>/<exp_prefix>_<%Y_%m_%d_%H_%M_%S>_0000--s-<seed>/`.
- rl-starter-files (torch-ac) scripts/train.py: `storage/<env>_<algo>_seed<seed>_<%y-%m-%d-%H-%M-%S>/`
  with log.csv (csv.writer; `update, frames, FPS, duration`, `rreturn_*` (the reshaped return),
  `num_frames_*`, losses, then `return_*`; the header only when training starts from 0 frames, so a
  resumed run appends rows under the first header), the same values as tensorboardX events in the
  folder (step = frames), log.txt and status.pt.
- MushroomRL core/logger: Logger(log_name, results_dir, seed=k) → `<results_dir>/<log_name>/`; log_numpy(J=…,
  R=…, E=…) np.save()s each metric's list so far as `<name>-<seed>.npy` (a 1-D array, one value per call),
  log_best_agent/log_agent write `agent-<seed>-best.msh` (a zip); plus an `np.save` of a dataset-like
  2-D array that is no series.
- W&B's runs table "Export as CSV" (`wandb_export_<time>.csv`, every cell quoted): `Name, State, Notes, User,
  Tags, Created, Runtime, Sweep`, the config columns, then the summary's, one row per run (CleanRL's run
  names), a crashed run among them;
- W&B's docs "export runs" snippet: `pd.DataFrame({"summary": summary_list, "config": config_list, "name":
  name_list}).to_csv("project.csv")`, each dict cell its `str()` (Python's repr: single quotes, True, None);
- Ray Tune `ResultGrid.get_dataframe().to_csv("trials.csv")`: a row per trial with its last result
  (`episode_reward_mean, timesteps_total, training_iteration, done, trial_id, date, hostname, node_ip,
  config/env, config/lr, logdir`);
- MLflow `mlflow.search_runs().to_csv("runs.csv")` (pandas: an unnamed index column first): `run_id,
  experiment_id, status, artifact_uri, start_time, end_time, metrics.*, params.*, tags.*`.

  PYTHONHASHSEED=0 python3 test/unseen_fixtures.py
"""
import csv
import json
import os
import shutil
import sys

import tb_oracle
from tb_oracle import scalar

HERE = os.path.dirname(os.path.abspath(__file__))
OUT = sys.argv[1] if len(sys.argv) > 1 else os.path.join(HERE, "fixtures", "unseen")
SPEC = {"files": []}


def mkdir(*parts):
    path = os.path.join(OUT, *parts)
    os.makedirs(path, exist_ok=True)
    return path


def events(path, records):
    SPEC["files"].append({"path": path, "records": records, "file_version": "brain.Event:2"})





def baselines():
    for env, seed in (("PongNoFrameskip-v4", 0), ("BreakoutNoFrameskip-v4", 0)):
        d = mkdir("baselines", f"openai-2024-01-0{seed + 1}-12-00-00-00000{len(env)}")
        rows = []
        for i in range(1, 4):
            row = {"misc/nupdates": i, "misc/total_timesteps": i * 2048, "fps": 900 + i, "eprewmean": -21 + i * 1.5 + len(env) % 3,
                   "eplenmean": 800 + i, "loss/policy_loss": -0.01 * i}
            if i >= 2:
                row["misc/explained_variance"] = 0.1 * i  # a key logged later: the header is rewritten
            rows.append(row)
        keys = []
        with open(os.path.join(d, "progress.csv"), "w") as f:
            lines = []
            for row in rows:
                extra = sorted(k for k in row if k not in keys)
                keys.extend(extra)
                lines.append(",".join("" if row.get(k) is None else str(row[k]) for k in keys))
            # CSVOutputFormat rewrites the whole file with the longer header, padding earlier rows
            f.write(",".join(keys) + "\n")
            for line in lines:
                f.write(line + "," * (len(keys) - 1 - line.count(",")) + "\n")
        with open(os.path.join(d, "log.txt"), "w") as f:
            f.write("Logging to /tmp/%s\n" % os.path.basename(d))
            for row in rows:
                width = max(len(k) for k in row)
                dashes = "-" * (width + 16)
                f.write(dashes + "\n")
                for k in sorted(row):
                    f.write("| %s | %s |\n" % (k.ljust(width), str(row[k]).ljust(9)))
                f.write(dashes + "\n")
        for rank in range(2):
            with open(os.path.join(d, f"0.{rank}.monitor.csv"), "w") as f:
                f.write("#%s\n" % json.dumps({"t_start": 1704110400.0 + rank, "env_id": env}))
                w = csv.DictWriter(f, fieldnames=("r", "l", "t"))
                w.writeheader()
                for e in range(3):
                    w.writerow({"r": -21.0 + e + rank, "l": 800 + e, "t": round(10.5 * (e + 1) + rank * 0.1, 6)})


def garage():
    for seed in (1, 2):
        d = mkdir("garage", "data", "local", "experiment", f"ppo_pendulum{'' if seed == 1 else '_1'}")
        keys = ["Evaluation/Iteration", "Evaluation/NumEpisodes", "Evaluation/AverageReturn", "Evaluation/StdReturn",
                "Evaluation/MaxReturn", "Evaluation/MinReturn", "TotalEnvSteps", "policy/Entropy", "policy/KL"]
        with open(os.path.join(d, "progress.csv"), "w", newline="") as f:
            w = csv.DictWriter(f, fieldnames=keys)
            w.writeheader()
            for i in range(3):
                ret = -1200 + 150 * i + seed
                w.writerow(dict(zip(keys, [i, 10, ret, 50.5, ret + 100, ret - 100, (i + 1) * 4000, 1.4 - 0.1 * i, 0.01])))
        with open(os.path.join(d, "debug.log"), "w") as f:
            f.write("2024-01-01 12:00:00 | [ppo_pendulum] Logging to data/local/experiment/%s\n" % os.path.basename(d))
            f.write("2024-01-01 12:00:05 | [ppo_pendulum] epoch #0 | Saving snapshot...\n")
        with open(os.path.join(d, "variant.json"), "w") as f:
            json.dump({"ctxt": None, "seed": seed, "env": "InvertedDoublePendulum-v2"}, f, indent=2, sort_keys=True)
        # dowel's TensorBoardOutput writes the same tabular values beside progress.csv, step = iteration
        events(os.path.join(d, f"events.out.tfevents.17041104{seed}0.host.{seed}.0"),
               [scalar(i, 1704110400 + i, Evaluation__AverageReturn=-1200 + 150 * i + seed, TotalEnvSteps=(i + 1) * 4000,
                       policy__Entropy=1.4 - 0.1 * i, Extras__EpisodeRewardMean=-1200 + 150 * i + seed)
                for i in range(3)])
        with open(os.path.join(d, "metadata.json"), "w") as f:
            json.dump({"git_root_path": "/src/garage", "git_commit": "abc123", "launch_archive_path": "launch_archive.tar.xz"}, f)


def pfrl():
    for env in ("Hopper-v2", "Walker2d-v2"):
        d = mkdir("pfrl", "results", env, "20240101T120000.000000")
        cols = ["steps", "episodes", "elapsed", "mean", "median", "stdev", "max", "min", "average_q", "average_loss", "n_updates"]
        with open(os.path.join(d, "scores.txt"), "w") as f:
            print("\t".join(cols), file=f)
            for i in range(1, 4):
                mean = (100 if env == "Hopper-v2" else 200) * i + 0.5
                vals = [i * 10000, i * 20, 60.5 * i, mean, mean + 1, 5.25, mean + 10, mean - 10, 1.5, 0.25, i * 5000]
                print("\t".join(str(v) for v in vals), file=f)
        with open(os.path.join(d, "args.txt"), "w") as f:
            f.write(json.dumps({"env": env, "seed": 0, "steps": 1000000, "outdir": "results"}))
        with open(os.path.join(d, "command.txt"), "w") as f:
            f.write("python train_td3.py --env %s" % env)


def torchrl():
    d = mkdir("torchrl", "logs", "ppo_HalfCheetah-v4_2024")
    for name, values in (("r_evaluation", [10.5, 20.5, 30.5]), ("train/reward", [1.0, 2.0, 3.0]), ("loss_objective", [0.5, 0.4, 0.3])):
        path = os.path.join(d, "scalars", name + ".csv")
        os.makedirs(os.path.dirname(path), exist_ok=True)
        with open(path, "a") as fd:
            for i, v in enumerate(values):
                fd.write(",".join([str((i + 1) * 1000), str(v)]) + "\n")


def acme():
    d = mkdir("acme", "acme", "7f1d3a2c-1234")
    for label, keys, rows in (
        ("evaluator", ["actor_steps", "episode_length", "episode_return", "episodes", "steps_per_second"],
         [[1000 * i, 1000, 100.5 * i, i, 300.5] for i in range(1, 4)]),
        ("learner", ["learner_steps", "learner_walltime", "loss"], [[i * 10, 5.5 * i, 1.0 / i] for i in range(1, 4)]),
    ):
        sub = mkdir("acme", "acme", "7f1d3a2c-1234", "logs", label)
        with open(os.path.join(sub, "logs.csv"), "w", newline="") as f:
            w = csv.DictWriter(f, fieldnames=keys)
            w.writeheader()
            for row in rows:
                w.writerow(dict(zip(keys, row)))


def hydra():
    for job, seed in ((0, 1), (1, 2)):
        d = mkdir("hydra", "multirun", "2024-01-01", "12-00-00", str(job))
        h = mkdir("hydra", "multirun", "2024-01-01", "12-00-00", str(job), ".hydra")
        with open(os.path.join(h, "config.yaml"), "w") as f:
            f.write(f"env: CartPole-v1\nalgo: dqn\nseed: {seed}\nlr: 0.001\n")
        with open(os.path.join(h, "overrides.yaml"), "w") as f:
            f.write(f"- seed={seed}\n")
        with open(os.path.join(h, "hydra.yaml"), "w") as f:
            f.write("hydra:\n  run:\n    dir: outputs/${now:%Y-%m-%d}/${now:%H-%M-%S}\n  job:\n    name: train\n")
        with open(os.path.join(d, "train.log"), "w") as f:
            f.write("[2024-01-01 12:00:00,000][__main__][INFO] - training\n")
        with open(os.path.join(d, "progress.csv"), "w") as f:
            f.write("step,episode_reward\n")
            for i in range(1, 4):
                f.write(f"{i * 500},{i * 20 + seed}\n")
    with open(os.path.join(OUT, "hydra", "multirun", "2024-01-01", "12-00-00", "multirun.yaml"), "w") as f:
        f.write("hydra:\n  mode: MULTIRUN\n")


def rl_games():
    for name in ("Ant_2024-01-01_12-00-00", "Humanoid_2024-01-01_13-00-00"):
        d = mkdir("rl-games", "runs", name, "summaries")
        nn = mkdir("rl-games", "runs", name, "nn")
        with open(os.path.join(nn, name.split("_")[0] + ".pth"), "wb") as f:
            f.write(b"PK\x03\x04" + b"\x00" * 16)
        events(os.path.join(d, f"events.out.tfevents.1704110400.host.{len(name)}.0"),
               [scalar(frame, 1704110400 + epoch, rewards__step=epoch * 10.5, rewards__iter=epoch * 10.5,
                       episode_lengths__step=100 + epoch, losses__a_loss=0.5 / epoch)
                for epoch, frame in ((1, 32768), (2, 65536), (3, 98304))])


def rsl_rl():
    for n, stamp in enumerate(("2024-01-01_12-00-00", "2024-01-02_12-00-00")):
        d = mkdir("rsl-rl", "logs", "rsl_rl", "cartpole", stamp)
        events(os.path.join(d, f"events.out.tfevents.170411040{n}.host.{n + 40}.0"),
               [scalar(it, 1704110400 + it, Train__mean_reward=it * 2.5 + n, Train__mean_episode_length=100 + it,
                       Loss__value_function=1.0 / (it + 1), Perf__total_fps=5000.5) for it in (0, 1, 2)])
        params = mkdir("rsl-rl", "logs", "rsl_rl", "cartpole", stamp, "params")
        with open(os.path.join(params, "env.yaml"), "w") as f:
            f.write(f"seed: {42 + n}\nscene:\n  num_envs: 4096\n")
        with open(os.path.join(params, "agent.yaml"), "w") as f:
            f.write(f"seed: {42 + n}\nexperiment_name: cartpole\nalgorithm:\n  class_name: PPO\n")
        with open(os.path.join(d, "model_0.pt"), "wb") as f:
            f.write(b"PK\x03\x04" + b"\x00" * 16)


def dopamine():
    for game, seed in (("Pong", 1), ("Pong", 2)):
        d = mkdir("dopamine", "dqn", f"{game}_{seed}")
        events(os.path.join(d, f"events.out.tfevents.17041104{seed}0.host"),
               [scalar(it, 1704110400 + it, Train__NumEpisodes=10, Train__AverageReturns=-21 + it + seed,
                       Train__AverageStepsPerSecond=300.5) for it in (0, 1, 2)])
        logs = mkdir("dopamine", "dqn", f"{game}_{seed}", "logs")
        ckpt = mkdir("dopamine", "dqn", f"{game}_{seed}", "checkpoints")
        for it in (1, 2):
            with open(os.path.join(logs, f"log_{it}"), "wb") as f:
                f.write(b"\x80\x04\x95" + b"\x00" * 8)
            with open(os.path.join(ckpt, f"ckpt.{it}"), "wb") as f:
                f.write(b"\x80\x04\x95" + b"\x00" * 8)
            with open(os.path.join(ckpt, f"sentinel_checkpoint_complete.{it}"), "w") as f:
                f.write("done")


def skrl():
    for n, agent in enumerate(("PPO", "PPO")):
        d = mkdir("skrl", "runs", "torch", "Isaac-Ant-v0", f"24-01-0{n + 1}_12-00-00-00000{n}_{agent}")
        events(os.path.join(d, f"events.out.tfevents.170411040{n}.host.{n + 60}.0"),
               [scalar(t, 1704110400 + t / 100, Reward___Total_reward_mean=t / 100 + n,
                       Reward___Instantaneous_reward_mean=0.1 + n, Reward___Total_reward_max=t / 50,
                       Loss___Policy_loss=0.5) for t in (1000, 2000, 3000)])
        ck = mkdir("skrl", "runs", "torch", "Isaac-Ant-v0", f"24-01-0{n + 1}_12-00-00-00000{n}_{agent}", "checkpoints")
        with open(os.path.join(ck, "agent_3000.pt"), "wb") as f:
            f.write(b"PK\x03\x04" + b"\x00" * 16)


def jaxrl():
    for seed in (0, 1, 2):
        d = mkdir("jaxrl", "tmp", "HalfCheetah-v2", "sac")
        rows = [(step, 100.0 * (step // 5000) + seed) for step in (5000, 10000, 15000)]
        with open(os.path.join(d, f"{seed}.txt"), "w") as f:  # np.savetxt: fmt joined by ' ', '\n' after each row
            for step, ret in rows:
                f.write("%d %.1f\n" % (step, ret))


def pymarl():
    for run_id, seed in (("1", 10), ("2", 20)):
        d = mkdir("pymarl", "results", "sacred", run_id)
        info = {}
        for t in (0, 10000, 20000):
            for key, value in (("return_mean", t / 1000 + seed / 10), ("test_return_mean", t / 500 + seed / 10),
                               ("test_battle_won_mean", {"py/object": "numpy.float64", "dtype": "float64", "value": t / 40000}),
                               ("loss", 1.0 / (t + 1))):
                info.setdefault(key + "_T", []).append(t)
                info.setdefault(key, []).append(value)
        with open(os.path.join(d, "info.json"), "w") as f:
            json.dump(info, f, sort_keys=True, indent=2)
        with open(os.path.join(d, "metrics.json"), "w") as f:
            json.dump({}, f, sort_keys=True, indent=2)
        with open(os.path.join(d, "config.json"), "w") as f:
            json.dump({"env": "sc2", "env_args": {"map_name": "3m"}, "name": "qmix", "seed": seed}, f, sort_keys=True, indent=2)
        with open(os.path.join(d, "run.json"), "w") as f:
            json.dump({"experiment": {"name": "pymarl"}, "status": "COMPLETED"}, f, sort_keys=True, indent=2)
        with open(os.path.join(d, "cout.txt"), "w") as f:
            f.write("[INFO 12:00:00] pymarl Running command 'my_main'\n")


def tianshou_tb():
    for seed in (0, 1):
        d = mkdir("tianshou-tb", "log", "Ant-v4", "sac", str(seed), f"24010{seed + 1}-120000")
        events(os.path.join(d, f"events.out.tfevents.170411040{seed}.host.{seed + 80}.0"),
               [scalar(step, 1704110400 + step / 100, train__reward=step / 100, test__reward=step / 50 + seed,
                       test__reward_std=5.5) for step in (5000, 10000, 15000)])
        with open(os.path.join(d, "policy.pth"), "wb") as f:
            f.write(b"PK\x03\x04" + b"\x00" * 16)


def tensorboard_json():
    d = mkdir("tensorboard-json")
    for run in ("PPO_1", "PPO_2"):
        rows = [[1704110400.5 + i, (i + 1) * 2048, 10.5 * (i + 1) + len(run)] for i in range(3)]
        with open(os.path.join(d, f"run-{run}-tag-rollout_ep_rew_mean.json"), "w") as f:
            json.dump(rows, f)


def dvclive():
    for exp, lr in (("exp-a", 0.001), ("exp-b", 0.01)):
        for name, values in (("train/loss", [0.9, 0.5, 0.3]), ("eval/episode_reward", [10.5, 20.5, 40.5 if lr > 0.005 else 30.5])):
            path = os.path.join(mkdir("dvclive", exp, "dvclive", "plots", "metrics"), name + ".tsv")
            os.makedirs(os.path.dirname(path), exist_ok=True)
            for step, val in enumerate(values):
                row = {"timestamp": 1704110400000 + step * 1000, "step": step, name: val}
                existed = os.path.exists(path)
                with open(path, "a", encoding="utf-8", newline="") as f:
                    w = csv.DictWriter(f, row.keys(), delimiter="\t", lineterminator="\n")
                    if not existed:
                        w.writeheader()
                    w.writerow(row)
        d = mkdir("dvclive", exp, "dvclive")
        with open(os.path.join(d, "metrics.json"), "w") as f:
            json.dump({"train": {"loss": 0.3}, "eval": {"episode_reward": 40.5}, "step": 2}, f, indent=4)
        with open(os.path.join(d, "params.yaml"), "w") as f:
            f.write(f"lr: {lr}\nenv: CartPole-v1\n")


def keras_tb():
    for n, stamp in enumerate(("20240101-120000", "20240102-120000")):
        for phase, loss in (("train", 0.5), ("validation", 0.6)):
            d = mkdir("keras-tb", "logs", "fit", stamp, phase)
            events(os.path.join(d, f"events.out.tfevents.170411040{n}.host.{n + 90}.0.v2"),
                   [scalar(epoch, 1704110400 + epoch, epoch_loss=loss / (epoch + 1), epoch_accuracy=0.5 + epoch / 10)
                    for epoch in (0, 1, 2)])


def tf_agents():
    d = "tf-agents", "dqn_cartpole"
    for phase, tag in (("train", "Metrics__AverageReturn"), ("eval", "Metrics__AverageReturn")):
        p = mkdir(*d, phase)
        events(os.path.join(p, f"events.out.tfevents.1704110400.host.7.{0 if phase == 'train' else 1}.v2"),
               [scalar(step, 1704110400 + step / 100, **{tag: step / 100 + (5 if phase == 'eval' else 0)})
                for step in (1000, 2000, 3000)])
    for sub in ("policy", "checkpoints"):
        with open(os.path.join(mkdir(*d, "train", sub), "saved_model.pb"), "wb") as f:
            f.write(b"\x08\x01\x12\x00" + b"\x00" * 8)


def rlpyt():
    for run_id in (0, 1):
        d = mkdir("rlpyt", "data", "local", "20240101", "120000", "example_1", f"run_{run_id}")
        with open(os.path.join(d, "params.json"), "w") as f:
            json.dump({"game": "pong", "name": "dqn_pong", "run_ID": run_id}, f)
        with open(os.path.join(d, "debug.log"), "w") as f:
            f.write(f"2024-01-01 12:00:00.000000 | dqn_pong_{run_id} Optimizing over 1000 iterations.\n")
        keys = [f"Diagnostics/{k}" for k in ("Iteration", "CumTime (s)", "CumSteps", "CumCompletedTrajs", "CumUpdates",
                                             "StepsPerSecond", "UpdatesPerSecond", "ReplayRatio", "CumReplayRatio")]
        for field in ("Length", "Return", "NonzeroRewards", "DiscountedReturn"):
            keys += [f"{field}{stat}" for stat in ("Average", "Std", "Median", "Min", "Max")]
        keys += [f"loss{stat}" for stat in ("Average", "Std", "Median", "Min", "Max")]
        with open(os.path.join(d, "progress.csv"), "w") as f:
            w = csv.DictWriter(f, fieldnames=keys)
            w.writeheader()
            for itr in range(4):
                row = dict.fromkeys(keys, float("nan"))
                row.update({"Diagnostics/Iteration": itr * 1000 + 999, "Diagnostics/CumTime (s)": 60.5 * (itr + 1),
                            "Diagnostics/CumSteps": (itr + 1) * 32000, "Diagnostics/CumCompletedTrajs": 4 * itr,
                            "Diagnostics/CumUpdates": itr * 1000, "Diagnostics/ReplayRatio": 8.0,
                            "Diagnostics/CumReplayRatio": 8.0})
                if itr > 0:
                    ret = -21.0 + 5 * itr + run_id
                    row.update({"Diagnostics/StepsPerSecond": 528.9, "Diagnostics/UpdatesPerSecond": 16.5})
                    for field, v in (("Length", 800.0), ("Return", ret), ("NonzeroRewards", 21.0), ("DiscountedReturn", ret / 10)):
                        row.update({f"{field}Average": v, f"{field}Std": 1.5, f"{field}Median": v, f"{field}Min": v - 2, f"{field}Max": v + 2})
                    row.update({f"loss{stat}": 0.01 for stat in ("Average", "Std", "Median", "Min", "Max")})
                w.writerow(row)


def drqv2():
    import numpy as np
    for seed in (1, 2):
        d = mkdir("drqv2", "exp_local", "2024.01.01", f"12000{seed}_seed={seed},task=walker_walk")
        train = [{"buffer_size": 500 * e, "episode": e, "episode_length": 1000, "episode_reward": 20.5 * e + seed,
                  "fps": 95.5, "frame": 1000 * e, "step": 500 * e, "total_time": 10.5 * e} for e in range(1, 7)]
        evals = [{"episode": 2 * k, "episode_length": 1000.0, "episode_reward": 150.25 * k + seed, "frame": 2000 * k,
                  "step": 1000 * k} for k in range(0, 4)]
        for name, rows in (("train.csv", train), ("eval.csv", evals)):
            with open(os.path.join(d, name), "w") as f:
                w = csv.DictWriter(f, fieldnames=sorted(rows[0].keys()), restval=0.0)
                w.writeheader()
                for row in rows:
                    w.writerow(row)
        events(os.path.join(mkdir("drqv2", "exp_local", "2024.01.01", f"12000{seed}_seed={seed},task=walker_walk", "tb"),
                            f"events.out.tfevents.1704110400.host.{seed}.0"),
               [scalar(r["frame"], 1704110400 + i, train__episode_reward=r["episode_reward"], train__fps=r["fps"])
                for i, r in enumerate(train)]
               + [scalar(r["frame"], 1704110500 + i, eval__episode_reward=r["episode_reward"]) for i, r in enumerate(evals)])
        hydra = mkdir("drqv2", "exp_local", "2024.01.01", f"12000{seed}_seed={seed},task=walker_walk", ".hydra")
        with open(os.path.join(hydra, "config.yaml"), "w") as f:
            f.write("task_name: walker_walk\nframe_stack: 3\naction_repeat: 2\ndiscount: 0.99\nnum_seed_frames: 4000\n"
                    f"seed: {seed}\ndevice: cuda\nsave_video: true\nuse_tb: true\nexperiment: exp\nlr: 0.0001\n"
                    "agent:\n  _target_: drqv2.DrQV2Agent\n  obs_shape: ???\n  lr: ${lr}\n  hidden_dim: 1024\n")
        with open(os.path.join(hydra, "overrides.yaml"), "w") as f:
            f.write(f"- seed={seed}\n- task=walker_walk\n")
        with open(os.path.join(d, "train.log"), "w") as f:
            f.write("[2024-01-01 12:00:01,000][__main__][INFO] - workspace: %s\n" % d)
        buffer = mkdir("drqv2", "exp_local", "2024.01.01", f"12000{seed}_seed={seed},task=walker_walk", "buffer")
        with open(os.path.join(buffer, "20240101T120001_0_501.npz"), "wb") as f:
            np.savez_compressed(f, observation=np.zeros((2, 9, 4, 4), np.uint8), reward=np.zeros((2, 1), np.float32))


def tdmpc2():
    for task in ("dog-run", "walker-walk"):
        for seed in (1, 2, 3):
            d = mkdir("tdmpc2", "logs", task, str(seed), "default")
            rows = [[10000.0 * i, 100.5 * i + seed + (0 if task == "dog-run" else 50)] for i in range(4)]
            with open(os.path.join(d, "eval.csv"), "w") as f:
                f.write("step,episode_reward\n" + "".join(f"{a!r},{b!r}\n" for a, b in rows))
            with open(os.path.join(mkdir("tdmpc2", "logs", task, str(seed), "default", "models"), "final.pt"), "wb") as f:
                f.write(b"PK\x03\x04" + bytes(60))


def rlkit():
    stats = lambda name: [f"{name} {s}" for s in ("Max", "Mean", "Min", "Std")]
    for seed in (0, 1):
        d = mkdir("rlkit", "data", "name-of-experiment", f"name-of-experiment_2024_01_01_12_00_0{seed}_0000--s-{seed}")
        with open(os.path.join(d, "variant.json"), "w") as f:
            json.dump({"algorithm": "SAC", "version": "normal", "layer_size": 256, "replay_buffer_size": 1000000,
                       "algorithm_kwargs": {"num_epochs": 3000, "batch_size": 256},
                       "trainer_kwargs": {"discount": 0.99, "policy_lr": 3e-4}, "seed": seed}, f, indent=2, sort_keys=True)
        rows = []
        for epoch in range(4):
            row = {"Epoch": epoch, "epoch": epoch, "replay_buffer/size": 1000 * (epoch + 2),
                   "time/epoch (s)": 30.5, "time/total (s)": 30.5 * (epoch + 1), "time/training (s)": 20.5,
                   "trainer/QF1 Loss": 1.0 / (epoch + 1), "trainer/Policy Loss": -5.0 * epoch}
            for phase, steps, ret in (("eval", 5000 * (epoch + 1), 400.0 * epoch + seed), ("expl", 1000 * (epoch + 2), 300.0 * epoch)):
                row.update({f"{phase}/num steps total": steps, f"{phase}/num paths total": steps // 1000,
                            f"{phase}/Average Returns": ret, f"{phase}/Num Paths": 5})
                row.update(dict(zip(stats(f"{phase}/Returns"), (ret + 10, ret, ret - 10, 5.0))))
                row.update(dict(zip(stats(f"{phase}/Rewards"), (1.0, 0.4, -1.0, 0.3))))
            rows.append(row)
        with open(os.path.join(d, "progress.csv"), "w") as f:
            w = csv.DictWriter(f, fieldnames=sorted(rows[0].keys()), extrasaction="ignore")
            w.writeheader()
            for row in rows:
                w.writerow(row)
        with open(os.path.join(d, "debug.log"), "w") as f:
            f.write("2024-01-01 12:00:30.500000 UTC | [name-of-experiment_2024_01_01_12_00_00_0000--s-0] Epoch 0 finished\n")


def torch_ac():
    for seed in (1, 2):
        d = mkdir("torch-ac", "storage", f"MiniGrid-DoorKey-5x5-v0_ppo_seed{seed}_24-01-01-12-00-0{seed}")
        stats = ("mean", "std", "min", "max")
        header = ["update", "frames", "FPS", "duration"] + [f"rreturn_{k}" for k in stats] + \
                 [f"num_frames_{k}" for k in stats] + ["entropy", "value", "policy_loss", "value_loss", "grad_norm"] + \
                 [f"return_{k}" for k in stats]
        rows, records = [], []
        for update in range(1, 6):
            frames = 2048 * update
            ret = 0.1 * update + 0.01 * seed
            row = [update, frames, 1500, 2 * update] + [ret * 0.9, 0.05, ret * 0.8, ret] + [100, 10, 80, 120] + \
                  [1.9, 0.2, -0.01, 0.02, 0.3] + [ret, 0.05, ret - 0.1, ret + 0.1]
            rows.append(row)
            records.append(scalar(frames, 1704110400 + update, **{h: v for h, v in zip(header, row)}))
        with open(os.path.join(d, "log.csv"), "w", newline="") as f:
            w = csv.writer(f)
            w.writerow(header)
            w.writerows(rows[:3])
        # resumed from status.pt: the next rows are appended without a header
        with open(os.path.join(d, "log.csv"), "a", newline="") as f:
            csv.writer(f).writerows(rows[3:])
        events(os.path.join(d, f"events.out.tfevents.170411040{seed}.host"), records)
        with open(os.path.join(d, "log.txt"), "w") as f:
            f.write(f"scripts/train.py --algo ppo --env MiniGrid-DoorKey-5x5-v0 --seed {seed}\n\nDevice: cpu\n\n")
        with open(os.path.join(d, "status.pt"), "wb") as f:
            f.write(b"PK\x03\x04" + bytes(60))


def mushroom():
    import numpy as np
    d = mkdir("mushroom", "logs", "SAC_Pendulum")
    for seed in (0, 1, 2):
        data = {"J": [], "R": [], "E": []}
        for epoch in range(6):
            data["J"].append(-900.0 + 120 * epoch + seed)
            data["R"].append(-1200.0 + 150 * epoch + seed)
            data["E"].append(np.float32(1.5 - 0.1 * epoch))
            for name, values in data.items():
                np.save(os.path.join(d, f"{name}-{seed}.npy"), np.array(values))
        with open(os.path.join(d, f"agent-{seed}-best.msh"), "wb") as f:
            f.write(b"PK\x03\x04" + bytes(60))
    np.save(os.path.join(d, "states.npy"), np.zeros((50, 3), np.float32))


def runs_exports():
    d = mkdir("runs-exports", "wandb")
    config = ["env_id", "exp_name", "learning_rate", "seed", "total_timesteps"]
    summary = ["charts/episodic_return", "charts/episodic_length", "global_step", "losses/value_loss", "_step", "_runtime"]
    rows = []
    for exp, seeds, lr in (("ppo", (1, 2, 3), 0.00025), ("dqn", (1, 2, 3), 0.0001)):
        for seed in seeds:
            crashed = exp == "dqn" and seed == 3
            ret = (470.0 if exp == "ppo" else 300.0) + 10 * seed
            step = 99712 if crashed else 499712
            rows.append([f"CartPole-v1__{exp}__{seed}__17041104{seed}0", "crashed" if crashed else "finished", "-", "me", "",
                         f"2024-01-01T12:0{seed}:00.000Z", 300 + seed, "", "CartPole-v1", exp, lr, seed, 500000,
                         ret, ret, step, 0.01 * seed, step // 128, 300.5 + seed])
    with open(os.path.join(d, "wandb_export_2024-01-01T12_00_00.000+00_00.csv"), "w", newline="") as f:
        w = csv.writer(f, quoting=csv.QUOTE_ALL)
        w.writerow(["Name", "State", "Notes", "User", "Tags", "Created", "Runtime", "Sweep"] + config + summary)
        w.writerows(rows)
    d = mkdir("runs-exports", "wandb-api")
    with open(os.path.join(d, "project.csv"), "w", newline="") as f:
        w = csv.writer(f, lineterminator="\n")
        w.writerow(["", "summary", "config", "name"])
        for i, row in enumerate(rows):
            summary = {"_runtime": row[-1], "_step": row[-2], "_timestamp": 1704110400.5 + i, "charts/episodic_return": row[13],
                       "global_step": row[15], "losses/value_loss": row[16], "_wandb": {"runtime": int(row[-1])}}
            config = {"env_id": row[8], "exp_name": row[9], "learning_rate": row[10], "seed": row[11], "cuda": True,
                      "wandb_entity": None, "track": True}
            w.writerow([i, str(summary), str(config), row[0]])
    d = mkdir("runs-exports", "ray")
    with open(os.path.join(d, "trials.csv"), "w", newline="") as f:
        w = csv.writer(f, lineterminator="\n")
        w.writerow(["", "episode_reward_mean", "episode_len_mean", "timesteps_total", "training_iteration", "done",
                    "trial_id", "date", "timestamp", "time_total_s", "pid", "hostname", "node_ip", "config/env",
                    "config/lr", "config/train_batch_size", "logdir"])
        for i, lr in enumerate((0.001, 0.001, 0.0001, 0.0001)):
            ret = (150.5 if lr == 0.001 else 90.25) + i
            w.writerow([i, ret, ret, 400000, 100, True, f"a1b2c_0000{i}", f"2024-01-01_12-0{i}-00", 1704110400 + i,
                        600.5 + i, 4000 + i, f"node-{i}", f"10.0.0.{i}", "CartPole-v1", lr, 4000,
                        f"/root/ray_results/PPO/PPO_CartPole-v1_a1b2c_0000{i}_{i}_lr={lr}_2024-01-01_12-0{i}-00"])
    d = mkdir("runs-exports", "mlflow")
    with open(os.path.join(d, "runs.csv"), "w", newline="") as f:
        w = csv.writer(f, lineterminator="\n")
        w.writerow(["", "run_id", "experiment_id", "status", "artifact_uri", "start_time", "end_time",
                    "metrics.episode_return", "metrics.loss", "params.algo", "params.env_id", "params.seed",
                    "tags.mlflow.runName", "tags.mlflow.user"])
        for i, (algo, seed) in enumerate((("sac", 0), ("sac", 1), ("td3", 0), ("td3", 1))):
            w.writerow([i, f"{i:032x}", "1", "FINISHED", f"file:///mlruns/1/{i:032x}/artifacts",
                        f"2024-01-01 12:0{i}:00.123000+00:00", f"2024-01-01 13:0{i}:00.456000+00:00",
                        (3000.5 if algo == "sac" else 2500.25) + seed, 0.5, algo, "HalfCheetah-v4", seed,
                        f"{algo}-{seed}", "me"])


def main():
    shutil.rmtree(OUT, ignore_errors=True)
    os.makedirs(OUT)
    for write in (baselines, garage, pfrl, torchrl, acme, hydra, rl_games, rsl_rl, dopamine, skrl, jaxrl, pymarl, tianshou_tb, tensorboard_json, dvclive, keras_tb, tf_agents, rlpyt, drqv2, tdmpc2, rlkit, torch_ac, mushroom, runs_exports):
        write()
    tb_oracle.write_spec(SPEC)


if __name__ == "__main__":
    main()
