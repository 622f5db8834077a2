"""Writes test/fixtures/sb3/ the way Stable-Baselines3 writes its files.

The writing code follows SB3 2.x line for line (stable_baselines3/common/monitor.py ResultsWriter and
logger.py CSVOutputFormat.write), without importing SB3 (not installable here):

  PYTHONHASHSEED=0 python3 test/sb3_fixtures.py
"""
import csv
import json
import math
import os

HERE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "fixtures", "sb3")


class ResultsWriter:
    """monitor.py: a #-JSON line, then csv.DictWriter rows (its default line end is \\r\\n)."""

    def __init__(self, filename, header, extra_keys=()):
        self.file_handler = open(filename, "wt", newline="\n")
        self.logger = csv.DictWriter(self.file_handler, fieldnames=("r", "l", "t", *extra_keys))
        self.file_handler.write(f"#{json.dumps(header)}\n")
        self.logger.writeheader()
        self.file_handler.flush()

    def write_row(self, epinfo):
        self.logger.writerow(epinfo)
        self.file_handler.flush()


class CSVOutputFormat:
    """logger.py: the header grows when new keys appear and the whole file is rewritten."""

    def __init__(self, filename):
        self.file = open(filename, "w+")
        self.keys = []
        self.separator = ","
        self.quotechar = '"'

    def write(self, key_values):
        extra_keys = key_values.keys() - self.keys
        if extra_keys:
            self.keys.extend(extra_keys)
            self.file.seek(0)
            lines = self.file.readlines()
            self.file.seek(0)
            for i, key in enumerate(self.keys):
                if i > 0:
                    self.file.write(",")
                self.file.write(key)
            self.file.write("\n")
            for line in lines[1:]:
                self.file.write(line[:-1])
                self.file.write(self.separator * len(extra_keys))
                self.file.write("\n")
        for i, key in enumerate(self.keys):
            if i > 0:
                self.file.write(",")
            value = key_values.get(key)
            if isinstance(value, str):
                value = value.replace(self.quotechar, self.quotechar + self.quotechar)
                self.file.write(self.quotechar + value + self.quotechar)
            elif value is not None:
                self.file.write(str(value))
        self.file.write("\n")
        self.file.flush()


def monitors():
    for env_index in range(2):
        t_start = 1763990000.123456 + env_index * 0.5
        writer = ResultsWriter(
            os.path.join(HERE, f"{env_index}.monitor.csv"),
            header={"t_start": t_start, "env_id": "CartPole-v1"},
            extra_keys=("is_success",),
        )
        t = 0.0
        for episode in range(6):
            length = 10 + 7 * episode + env_index
            t += length * 0.0021
            reward = float(length) * (1.0 if episode % 2 else 0.999999)
            writer.write_row({"r": round(reward, 6), "l": length, "t": round(t, 6), "is_success": episode > 3})


def progress():
    out = CSVOutputFormat(os.path.join(HERE, "progress.csv"))
    for iteration in range(1, 6):
        timesteps = 2048 * iteration
        row = {
            "time/fps": 1500 + iteration,
            "time/iterations": iteration,
            "time/time_elapsed": iteration,
            "time/total_timesteps": timesteps,
        }
        if iteration >= 2:  # ep_info_buffer is empty until the first episode ends
            row["rollout/ep_len_mean"] = 20.5 + iteration
            row["rollout/ep_rew_mean"] = 20.5 + iteration
            row["train/approx_kl"] = 0.01 / iteration
            row["train/learning_rate"] = 0.0003
            row["train/loss"] = math.exp(-iteration)
        if iteration == 3:
            row["eval/mean_reward"] = 42.0
            row["eval/success_rate"] = 0.5
        out.write(row)


if __name__ == "__main__":
    os.makedirs(HERE, exist_ok=True)
    monitors()
    progress()
    with open(os.path.join(HERE, "results.json"), "w") as f:
        json.dump(
            {
                "env_id": "CartPole-v1",
                "mean_reward": 500.0,
                "std_reward": 0.0,
                "n_evaluation_episodes": 10,
                "eval_datetime": "2026-11-24T15:00:00.000000",
            },
            f,
        )
