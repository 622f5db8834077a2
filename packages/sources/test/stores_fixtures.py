"""Writes the field's stores exactly as their tools write them, and reads them back independently.

  python3 test/stores_fixtures.py write test/fixtures/stores    # the committed fixtures
  python3 test/stores_fixtures.py wandb SPEC.json OUT.wandb       # a .wandb file from a JSON spec (tests)
  python3 test/stores_fixtures.py npy-matrix DIR                  # .npz files in every .npy variant
  python3 test/stores_fixtures.py oracle npz|mlflow|wandb FILE   # what numpy / sqlite3 / W&B's reader see

Only numpy and the standard library (zlib, struct, sqlite3, zipfile): none of SB3, MLflow or wandb is
installable here, so the few lines of each that write are ported, each saying where it comes from.
"""
import io
import json
import math
import os
import random
import sqlite3
import struct
import sys
import zipfile
import zlib

import numpy as np

# --------------------------------------------------------------------------------------------------
# SB3: stable_baselines3/common/callbacks.py EvalCallback._on_step and common/logger.py JSONOutputFormat
# --------------------------------------------------------------------------------------------------


class EvalCallbackLog:
    """EvalCallback keeps these lists and rewrites evaluations.npz after every evaluation."""

    def __init__(self, log_path):
        # EvalCallback.__init__: `self.log_path = os.path.join(log_path, "evaluations")`
        self.log_path = os.path.join(log_path, "evaluations")
        self.evaluations_results = []
        self.evaluations_timesteps = []
        self.evaluations_length = []
        self.evaluations_successes = []

    def on_evaluation(self, num_timesteps, episode_rewards, episode_lengths, is_success_buffer):
        # EvalCallback._on_step, `if self.log_path is not None:` block, line for line
        self.evaluations_timesteps.append(num_timesteps)
        self.evaluations_results.append(episode_rewards)
        self.evaluations_length.append(episode_lengths)
        kwargs = {}
        if len(is_success_buffer) > 0:
            self.evaluations_successes.append(is_success_buffer)
            kwargs = dict(successes=self.evaluations_successes)
        np.savez(
            self.log_path,
            timesteps=self.evaluations_timesteps,
            results=self.evaluations_results,
            ep_lengths=self.evaluations_length,
            **kwargs,
        )


def evaluate_policy(rng, n_episodes, skill, with_success):
    """evaluation.py evaluate_policy(return_episode_rewards=True): float64 returns, int lengths."""
    current_rewards = np.zeros(n_episodes)  # np.zeros(n_envs): float64
    current_lengths = np.zeros(n_episodes, dtype="int")
    rewards, lengths, successes = [], [], []
    for i in range(n_episodes):
        length = int(rng.integers(20, 500))
        current_rewards[i] = round(float(rng.normal(skill, 15.0)), 3)
        current_lengths[i] = length
        rewards.append(current_rewards[i])
        lengths.append(current_lengths[i])
        if with_success:
            # EvalCallback._log_success_callback: `self._is_success_buffer.append(maybe_is_success)`
            successes.append(bool(rng.random() < min(0.95, max(0.05, skill / 500))))
    return rewards, lengths, successes


class JSONOutputFormat:
    """logger.py JSONOutputFormat.write: one json.dumps line per dump, numpy scalars as floats."""

    def __init__(self, filename):
        self.file = open(filename, "w")

    def write(self, key_values, key_excluded=None, step=0):
        key_excluded = key_excluded or {}

        def cast_to_json_serializable(value):
            if hasattr(value, "dtype"):
                if value.shape == () or len(value) == 1:
                    return float(value.item())
                else:
                    return value.tolist()
            return value

        key_values = {
            key: cast_to_json_serializable(value)
            for key, value in key_values.items()
            if not (key in key_excluded and "json" in key_excluded[key])
        }
        self.file.write(json.dumps(key_values) + "\n")
        self.file.flush()


def write_sb3(out):
    rng = np.random.default_rng(7)
    # rl-zoo: logs/{algo}/{env}_{n}/ with the monitor file, evaluations.npz and {env}/config.yml
    for algo, skill in (("ppo", 300.0), ("a2c", 180.0)):
        for n in (1, 2):
            run = os.path.join(out, "rl-zoo", "logs", algo, f"CartPole-v1_{n}")
            os.makedirs(os.path.join(run, "CartPole-v1"), exist_ok=True)
            with open(os.path.join(run, "CartPole-v1", "config.yml"), "w") as f:
                f.write(f"!!python/object/apply:collections.OrderedDict\n- - - n_timesteps\n    - 50000.0\n  - - policy\n    - MlpPolicy\n")
            with open(os.path.join(run, "0.monitor.csv"), "w") as f:
                f.write('#{"t_start": 1763990000.5, "env_id": "CartPole-v1"}\nr,l,t\n')
                for e in range(5):
                    f.write(f"{10.0 + e * 7},{10 + e * 7},{0.5 + e:.6f}\n")
            log = EvalCallbackLog(run)
            for k in range(1, 6):
                rewards, lengths, successes = evaluate_policy(rng, 5, skill * k / 5, algo == "ppo")
                log.on_evaluation(k * 10000, rewards, lengths, successes)
    # an SB3 logger folder configured with ["json"]: progress.json only
    folder = os.path.join(out, "sb3-json", "PPO_1")
    os.makedirs(folder, exist_ok=True)
    writer = JSONOutputFormat(os.path.join(folder, "progress.json"))
    for i in range(1, 7):
        values = {
            "rollout/ep_len_mean": np.float32(20.5 + i),
            "rollout/ep_rew_mean": np.float64(20.5 + i * 3.25),
            "time/fps": 1200 + i,
            "time/iterations": i,
            "time/time_elapsed": i * 2,
            "time/total_timesteps": i * 2048,
        }
        if i > 1:
            values["train/loss"] = np.float32(0.5 / i)
            values["train/approx_kl"] = np.float32(float("nan")) if i == 4 else np.float32(0.01 * i)
        writer.write(values, {"train/loss": ("stdout",)})


# --------------------------------------------------------------------------------------------------
# MLflow: mlflow/store/tracking/sqlalchemy_store.py (SqlAlchemyStore), its schema as alembic leaves it
# --------------------------------------------------------------------------------------------------

# The tables read, copied from mlflow's tests/resources/db/latest_schema.sql (the schema of the newest
# migration, generated from mlflow/store/tracking/dbmodels/models.py).
MLFLOW_SCHEMA = """
CREATE TABLE alembic_version (
	version_num VARCHAR(32) NOT NULL,
	CONSTRAINT alembic_version_pkc PRIMARY KEY (version_num)
);
CREATE TABLE experiments (
	experiment_id INTEGER NOT NULL,
	name VARCHAR(256) NOT NULL,
	artifact_location VARCHAR(256),
	lifecycle_stage VARCHAR(32),
	creation_time BIGINT,
	last_update_time BIGINT,
	CONSTRAINT experiment_pk PRIMARY KEY (experiment_id),
	UNIQUE (name),
	CONSTRAINT experiments_lifecycle_stage CHECK (lifecycle_stage IN ('active', 'deleted'))
);
CREATE TABLE experiment_tags (
	key VARCHAR(250) NOT NULL,
	value VARCHAR(5000),
	experiment_id INTEGER NOT NULL,
	CONSTRAINT experiment_tag_pk PRIMARY KEY (key, experiment_id),
	FOREIGN KEY(experiment_id) REFERENCES experiments (experiment_id)
);
CREATE TABLE runs (
	run_uuid VARCHAR(32) NOT NULL,
	name VARCHAR(250),
	source_type VARCHAR(20),
	source_name VARCHAR(500),
	entry_point_name VARCHAR(50),
	user_id VARCHAR(256),
	status VARCHAR(9),
	start_time BIGINT,
	end_time BIGINT,
	source_version VARCHAR(50),
	lifecycle_stage VARCHAR(20),
	artifact_uri VARCHAR(200),
	experiment_id INTEGER,
	deleted_time BIGINT,
	CONSTRAINT run_pk PRIMARY KEY (run_uuid),
	FOREIGN KEY(experiment_id) REFERENCES experiments (experiment_id),
	CONSTRAINT runs_lifecycle_stage CHECK (lifecycle_stage IN ('active', 'deleted')),
	CONSTRAINT source_type CHECK (source_type IN ('NOTEBOOK', 'JOB', 'LOCAL', 'UNKNOWN', 'PROJECT')),
	CHECK (status IN ('SCHEDULED', 'FAILED', 'FINISHED', 'RUNNING', 'KILLED'))
);
CREATE TABLE latest_metrics (
	key VARCHAR(250) NOT NULL,
	value FLOAT NOT NULL,
	timestamp BIGINT,
	step BIGINT NOT NULL,
	is_nan BOOLEAN NOT NULL,
	run_uuid VARCHAR(32) NOT NULL,
	CONSTRAINT latest_metric_pk PRIMARY KEY (key, run_uuid),
	FOREIGN KEY(run_uuid) REFERENCES runs (run_uuid),
	CHECK (is_nan IN (0, 1))
);
CREATE TABLE metrics (
	key VARCHAR(250) NOT NULL,
	value FLOAT NOT NULL,
	timestamp BIGINT NOT NULL,
	run_uuid VARCHAR(32) NOT NULL,
	step BIGINT DEFAULT '0' NOT NULL,
	is_nan BOOLEAN DEFAULT '0' NOT NULL,
	CONSTRAINT metric_pk PRIMARY KEY (key, timestamp, step, run_uuid, value, is_nan),
	FOREIGN KEY(run_uuid) REFERENCES runs (run_uuid),
	CHECK (is_nan IN (0, 1))
);
CREATE TABLE params (
	key VARCHAR(250) NOT NULL,
	value VARCHAR(8000) NOT NULL,
	run_uuid VARCHAR(32) NOT NULL,
	CONSTRAINT param_pk PRIMARY KEY (key, run_uuid),
	FOREIGN KEY(run_uuid) REFERENCES runs (run_uuid)
);
CREATE TABLE tags (
	key VARCHAR(250) NOT NULL,
	value VARCHAR(5000),
	run_uuid VARCHAR(32) NOT NULL,
	CONSTRAINT tag_pk PRIMARY KEY (key, run_uuid),
	FOREIGN KEY(run_uuid) REFERENCES runs (run_uuid)
);
"""


class SqlAlchemyStoreWrites:
    """The rows SqlAlchemyStore writes for create_experiment, create_run, log_param, log_metric,
    set_terminated and delete_run (values as its SqlMetric/SqlParam/SqlRun models hold them)."""

    def __init__(self, path):
        self.db = sqlite3.connect(path)
        self.db.executescript(MLFLOW_SCHEMA)
        self.db.execute("INSERT INTO alembic_version VALUES ('4465047574b1')")
        self.rng = random.Random(3)
        # SqlAlchemyStore._create_default_experiment: id 0, "Default"
        self._experiment(0, "Default")

    def _experiment(self, eid, name):
        t = 1764000000000 + eid
        self.db.execute(
            "INSERT INTO experiments VALUES (?, ?, ?, 'active', ?, ?)", (eid, name, f"mlflow-artifacts:/{eid}", t, t)
        )
        return eid

    def create_experiment(self, name):
        (top,) = self.db.execute("SELECT MAX(experiment_id) FROM experiments").fetchone()
        return self._experiment(top + 1, name)

    def create_run(self, eid, run_name, start):
        run_id = "%032x" % self.rng.getrandbits(128)  # uuid.uuid4().hex
        self.db.execute(
            "INSERT INTO runs VALUES (?, ?, 'UNKNOWN', '', '', 'alice', 'RUNNING', ?, NULL, '', 'active', ?, ?, NULL)",
            (run_id, run_name, start, f"mlflow-artifacts:/{eid}/{run_id}/artifacts", eid),
        )
        # create_run: the run name is also the tag mlflow.runName
        for key, value in (("mlflow.runName", run_name), ("mlflow.user", "alice"), ("mlflow.source.type", "LOCAL")):
            self.db.execute("INSERT INTO tags VALUES (?, ?, ?)", (key, value, run_id))
        return run_id

    def log_param(self, run_id, key, value):
        # SqlParam(key=param.key, value=param.value): MLflow keeps params as text (str(value))
        self.db.execute("INSERT INTO params VALUES (?, ?, ?)", (key, str(value), run_id))

    def log_metric(self, run_id, key, value, timestamp, step):
        # SqlAlchemyStore._log_metrics: NaN is stored as 0 with is_nan, ±inf as ±1.7976931348623157e308
        is_nan = math.isnan(value)
        if is_nan:
            value = 0
        elif math.isinf(value):
            value = 1.7976931348623157e308 if value > 0 else -1.7976931348623157e308
        self.db.execute(
            "INSERT INTO metrics (key, value, timestamp, run_uuid, step, is_nan) VALUES (?, ?, ?, ?, ?, ?)",
            (key, value, timestamp, run_id, step, is_nan),
        )
        # _update_latest_metrics_if_necessary: the newest (step, timestamp, value) per key
        self.db.execute(
            "INSERT INTO latest_metrics (key, value, timestamp, step, is_nan, run_uuid) VALUES (?, ?, ?, ?, ?, ?) "
            "ON CONFLICT(key, run_uuid) DO UPDATE SET value=excluded.value, timestamp=excluded.timestamp, "
            "step=excluded.step, is_nan=excluded.is_nan WHERE excluded.step >= latest_metrics.step",
            (key, value, timestamp, step, is_nan, run_id),
        )

    def set_terminated(self, run_id, end):
        self.db.execute("UPDATE runs SET status='FINISHED', end_time=? WHERE run_uuid=?", (end, run_id))

    def delete_run(self, run_id):
        self.db.execute(
            "UPDATE runs SET lifecycle_stage='deleted', deleted_time=? WHERE run_uuid=?", (1764100000000, run_id)
        )

    def close(self):
        self.db.commit()
        self.db.close()


def write_mlflow(out):
    os.makedirs(out, exist_ok=True)
    path = os.path.join(out, "mlflow.db")
    if os.path.exists(path):
        os.remove(path)
    store = SqlAlchemyStoreWrites(path)
    rng = np.random.default_rng(11)
    for algo, skill in (("dqn", 120.0), ("ppo", 200.0)):
        eid = store.create_experiment(f"cartpole-{algo}")
        for seed in range(3):
            start = 1764000000000 + seed * 3600_000
            run = store.create_run(eid, f"{algo}-seed{seed}", start)
            for key, value in (("env_id", "CartPole-v1"), ("seed", seed), ("learning_rate", 0.00025), ("algo", algo)):
                store.log_param(run, key, value)
            for step in range(0, 10):
                t = start + step * 1500 + int(rng.integers(0, 50))
                store.log_metric(run, "episode_reward", round(float(skill * step / 9 + rng.normal(0, 5)), 4), t, step * 1000)
                loss = float("nan") if (seed, step) == (1, 4) else round(1.0 / (step + 1), 6)
                store.log_metric(run, "train/loss", loss, t + 1, step * 1000)
            store.log_metric(run, "grad_norm", float("inf"), start + 20000, 9000)
            store.set_terminated(run, start + 30000)
    gone = store.create_run(0, "deleted-run", 1764000000000)
    store.log_metric(gone, "episode_reward", 1.0, 1764000000001, 0)
    store.delete_run(gone)
    store.close()


# --------------------------------------------------------------------------------------------------
# W&B: wandb/sdk/internal/datastore.py (DataStore write path) + wandb/proto/wandb_internal.proto
# --------------------------------------------------------------------------------------------------

LEVELDBLOG_HEADER_LEN = 7
LEVELDBLOG_BLOCK_LEN = 32768
LEVELDBLOG_DATA_LEN = LEVELDBLOG_BLOCK_LEN - LEVELDBLOG_HEADER_LEN
LEVELDBLOG_FULL, LEVELDBLOG_FIRST, LEVELDBLOG_MIDDLE, LEVELDBLOG_LAST = 1, 2, 3, 4
LEVELDBLOG_HEADER_IDENT = ":W&B"
LEVELDBLOG_HEADER_MAGIC = 0xBEE1
LEVELDBLOG_HEADER_VERSION = 0


class DataStore:
    """datastore.py DataStore: _write_header, _write_record, _write_data (the fsync left out)."""

    def __init__(self, fp):
        self._fp = fp
        self._index = 0
        self._crc = [0] * (LEVELDBLOG_LAST + 1)
        for x in range(1, LEVELDBLOG_LAST + 1):
            self._crc[x] = zlib.crc32(chr(x).encode("iso8859-1")) & 0xFFFFFFFF
        data = struct.pack("<4sHB", LEVELDBLOG_HEADER_IDENT.encode(), LEVELDBLOG_HEADER_MAGIC, LEVELDBLOG_HEADER_VERSION)
        self._fp.write(data)
        self._index += len(data)

    def _write_record(self, s, dtype=None):
        assert len(s) + LEVELDBLOG_HEADER_LEN <= (LEVELDBLOG_BLOCK_LEN - self._index % LEVELDBLOG_BLOCK_LEN)
        dlength = len(s)
        dtype = dtype or LEVELDBLOG_FULL
        checksum = zlib.crc32(s, self._crc[dtype]) & 0xFFFFFFFF
        self._fp.write(struct.pack("<IHB", checksum, dlength, dtype))
        if dlength:
            self._fp.write(s)
        self._index += LEVELDBLOG_HEADER_LEN + len(s)

    def write_data(self, s):
        offset = self._index % LEVELDBLOG_BLOCK_LEN
        space_left = LEVELDBLOG_BLOCK_LEN - offset
        data_used = 0
        data_left = len(s)
        if space_left < LEVELDBLOG_HEADER_LEN:
            self._fp.write(b"\x00" * space_left)
            self._index += space_left
            offset = 0
            space_left = LEVELDBLOG_BLOCK_LEN
        if data_left + LEVELDBLOG_HEADER_LEN <= space_left:
            self._write_record(s)
        else:
            data_room = space_left - LEVELDBLOG_HEADER_LEN
            self._write_record(s[:data_room], LEVELDBLOG_FIRST)
            data_used += data_room
            data_left -= data_room
            while data_left > LEVELDBLOG_DATA_LEN:
                self._write_record(s[data_used : data_used + LEVELDBLOG_DATA_LEN], LEVELDBLOG_MIDDLE)
                data_used += LEVELDBLOG_DATA_LEN
                data_left -= LEVELDBLOG_DATA_LEN
            self._write_record(s[data_used:], LEVELDBLOG_LAST)
        return self._index


# protobuf wire format by hand (varint, length-delimited); field numbers from wandb_internal.proto
def _varint(n):
    n &= (1 << 64) - 1
    out = bytearray()
    while True:
        b = n & 0x7F
        n >>= 7
        if n:
            out.append(b | 0x80)
        else:
            out.append(b)
            return bytes(out)


def _ld(field, payload):
    return _varint(field << 3 | 2) + _varint(len(payload)) + payload


def _int(field, n):
    return _varint(field << 3) + _varint(n)


def _str(field, text):
    return _ld(field, text.encode("utf-8"))


def _items(field, items):
    # HistoryItem / ConfigItem / SummaryItem: key = 1, value_json = 16
    return b"".join(_ld(field, _str(1, k) + _str(16, v)) for k, v in items)


def json_dumps_safer(value):
    """wandb/util.py json_dumps_safer: json.dumps, NaN and ±Infinity as Python writes them."""
    return json.dumps(value)


def encode_record(num, kind, body):
    # Record: num = 1; history = 2, summary = 3, output_raw = 13... (see the map below)
    fields = {"history": 2, "summary": 3, "config": 5, "stats": 7, "telemetry": 11, "output_raw": 13,
              "run": 17, "exit": 18, "final": 20, "header": 21}
    return _int(1, num) + _ld(fields[kind], body)


def record_body(kind, spec):
    if kind == "history":
        step = _ld(2, _int(1, spec["step"])) if spec.get("step") is not None else b""
        return _items(1, [(k, json_dumps_safer(v)) for k, v in spec["items"].items()]) + step
    if kind in ("config", "summary"):
        body = _items(1, [(k, json_dumps_safer(v)) for k, v in spec.get("update", {}).items()])
        return body + b"".join(_ld(2, _str(1, k)) for k in spec.get("remove", []))
    if kind == "run":
        body = _str(1, spec["run_id"]) + _str(3, spec.get("project", ""))
        if spec.get("config"):
            body += _ld(4, _items(1, [(k, json_dumps_safer(v)) for k, v in spec["config"].items()]))
        for field, key in ((6, "run_group"), (7, "job_type"), (8, "display_name")):
            if spec.get(key):
                body += _str(field, spec[key])
        return body + _ld(17, _int(1, spec.get("start", 1764000000)))  # start_time: Timestamp.seconds
    if kind == "stats":
        return _int(1, 0) + b"".join(_ld(3, _str(1, k) + _str(16, json.dumps(v))) for k, v in spec["items"].items())
    if kind == "output_raw":
        return _int(1, 1) + _str(3, spec["line"])
    if kind == "exit":
        return _int(1, spec.get("exit_code", 0)) + _int(2, spec.get("runtime", 0))
    return b""  # header, final, telemetry: empty messages here


def write_wandb_file(path, records, corrupt=(), torn=0):
    """records: [{"kind": ..., ...spec}]; corrupt: byte offsets to flip; torn: bytes cut from the end."""
    buf = io.BytesIO()
    store = DataStore(buf)
    for num, spec in enumerate(records, start=1):
        store.write_data(encode_record(num, spec["kind"], record_body(spec["kind"], spec)))
    data = bytearray(buf.getvalue())
    for offset in corrupt:
        data[offset] ^= 0xFF
    if torn:
        data = data[:-torn]
    with open(path, "wb") as f:
        f.write(bytes(data))


def wandb_run_records(run_id, name, group, seed, steps, big=False):
    rng = random.Random(seed)
    config = {"env_id": "CartPole-v1", "seed": seed, "lr": 0.00025, "net": {"hidden": [64, 64]},
              "_wandb": {"value": {"cli_version": "0.19.1", "python_version": "3.11.9"}}}
    records = [{"kind": "header"}, {"kind": "run", "run_id": run_id, "project": "cartpole", "run_group": group,
               "job_type": "train", "display_name": name, "config": config}, {"kind": "telemetry"}]
    t0 = 1764000000.25
    for step in range(steps):
        items = {"charts/episodic_return": round(rng.gauss(10 + step * 0.5, 3), 3),
                 "losses/value_loss": float("nan") if step == 3 else round(1 / (step + 1), 5),
                 "charts/is_success": step % 3 == 0,
                 "eval": {"return": step * 2.0, "len": step + 1},
                 "media": {"_type": "image-file", "path": "media/x.png", "width": 8, "height": 8},
                 "_step": step, "_runtime": round(step * 0.75, 3), "_timestamp": t0 + step * 0.75}
        records.append({"kind": "history", "items": items, "step": step})
        if step % 10 == 0:
            records.append({"kind": "stats", "items": {"cpu": 12.5, "memory": 40.1}})
            records.append({"kind": "output_raw", "line": f"step {step}\n"})
    if big:  # a config update larger than a block: FIRST, MIDDLE and LAST chunks
        records.append({"kind": "config", "update": {"notes": "x" * 70000}})
    records.append({"kind": "summary", "update": {"charts/episodic_return": 42.0, "_step": steps - 1}})
    records.append({"kind": "exit", "exit_code": 0, "runtime": int(steps * 0.75)})
    records.append({"kind": "final"})
    return records


def write_wandb(out):
    folders = (("offline-run-20251124_120000-abc123", "abc123", "ppo-s0", "ppo", 0, 400, True),
               ("run-20251124_130000-def456", "def456", "ppo-s1", "ppo", 1, 60, False))
    for folder, run_id, name, group, seed, steps, big in folders:
        path = os.path.join(out, "wandb", folder)
        os.makedirs(os.path.join(path, "files"), exist_ok=True)
        write_wandb_file(os.path.join(path, f"run-{run_id}.wandb"), wandb_run_records(run_id, name, group, seed, steps, big))
        with open(os.path.join(path, "files", "wandb-summary.json"), "w") as f:
            json.dump({"charts/episodic_return": 42.0}, f)


# --------------------------------------------------------------------------------------------------
# Independent readers: numpy.load, sqlite3, and datastore.py's scan_data with protobuf decoded by hand
# --------------------------------------------------------------------------------------------------


def _num(v):
    v = float(v)
    return v if math.isfinite(v) else str(v)


def oracle_npz(path):
    with np.load(path) as z:
        out = {k: {"dtype": z[k].dtype.str, "shape": list(z[k].shape),
                   "values": [_num(v) for v in z[k].ravel(order="C").tolist()]} for k in z.files}
        if "results" in z.files and "timesteps" in z.files:
            # what SB3 logs per evaluation: np.mean / np.std over the episodes, and the success rate
            results = z["results"]
            out["_eval"] = {"mean": np.mean(results, axis=1).tolist(), "std": np.std(results, axis=1).tolist(),
                            "min": np.min(results, axis=1).tolist(), "max": np.max(results, axis=1).tolist(),
                            "ep_length": np.mean(z["ep_lengths"], axis=1).tolist()}
            if "successes" in z.files:
                out["_eval"]["success_rate"] = np.mean(z["successes"], axis=1).tolist()
        return out


def oracle_mlflow(path):
    db = sqlite3.connect(path)
    out = {}
    for rid, name, stage, exp in db.execute(
        "SELECT r.run_uuid, r.name, r.lifecycle_stage, e.name FROM runs r JOIN experiments e USING (experiment_id)"
    ):
        metrics = {}
        for key, value, ts, step, is_nan in db.execute(
            "SELECT key, value, timestamp, step, is_nan FROM metrics WHERE run_uuid=? ORDER BY rowid", (rid,)
        ):
            metrics.setdefault(key, []).append([step, ts / 1000, "nan" if is_nan else _num(value)])
        params = dict(db.execute("SELECT key, value FROM params WHERE run_uuid=?", (rid,)).fetchall())
        out[rid] = {"name": name, "stage": stage, "experiment": exp, "metrics": metrics, "params": params}
    return out


def scan_wandb(path):
    """datastore.py DataStore.scan_data/scan_record, raising on what it asserts."""
    crc = [0] + [zlib.crc32(bytes([x])) & 0xFFFFFFFF for x in range(1, 5)]
    with open(path, "rb") as f:
        ident, magic, version = struct.unpack("<4sHB", f.read(7))
        assert ident == b":W&B" and magic == 0xBEE1, "not a W&B datastore"
        index = 7

        def scan_record():
            nonlocal index
            header = f.read(7)
            if len(header) == 0:
                return None
            assert len(header) == 7, "torn record header"
            checksum, dlength, dtype = struct.unpack("<IHB", header)
            index += 7
            data = f.read(dlength)
            assert len(data) == dlength, "torn record"
            assert checksum == zlib.crc32(data, crc[dtype]) & 0xFFFFFFFF, "record checksum is invalid"
            index += dlength
            return dtype, data

        while True:
            space_left = LEVELDBLOG_BLOCK_LEN - index % LEVELDBLOG_BLOCK_LEN
            if space_left < 7:
                assert f.read(space_left) == b"\x00" * space_left, "invalid padding"
                index += space_left
            record = scan_record()
            if record is None:
                return
            dtype, data = record
            if dtype != LEVELDBLOG_FULL:
                assert dtype == LEVELDBLOG_FIRST
                while True:
                    more = scan_record()
                    if more is None:
                        return
                    data += more[1]
                    if more[0] == LEVELDBLOG_LAST:
                        break
                    assert more[0] == LEVELDBLOG_MIDDLE
            yield data


def _fields(buf):
    i = 0
    while i < len(buf):
        key, i = _read_varint(buf, i)
        field, wire = key >> 3, key & 7
        if wire == 0:
            value, i = _read_varint(buf, i)
        elif wire == 2:
            n, i = _read_varint(buf, i)
            value, i = buf[i : i + n], i + n
        elif wire == 1:
            value, i = buf[i : i + 8], i + 8
        elif wire == 5:
            value, i = buf[i : i + 4], i + 4
        else:
            raise ValueError(f"wire type {wire}")
        yield field, value


def _read_varint(buf, i):
    shift = result = 0
    while True:
        b = buf[i]
        i += 1
        result |= (b & 0x7F) << shift
        shift += 7
        if not b & 0x80:
            return result, i


def _item_pairs(buf, field):
    for f, item in _fields(buf):
        if f == field:
            kv = {k: v.decode() for k, v in _fields(item) if k in (1, 16)}
            yield kv.get(1, ""), kv.get(16, "null")


def _clean(value):
    """JSON without NaN/Infinity: non-finite numbers as the strings "nan", "inf", "-inf"."""
    if isinstance(value, float) and not math.isfinite(value):
        return str(value)
    if isinstance(value, dict):
        return {k: _clean(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_clean(v) for v in value]
    return value


def oracle_wandb(path):
    out = {"history": [], "config": {}, "summary": {}, "run": {}}
    try:
        _scan_into(out, path)
    except AssertionError as error:  # W&B's reader stops at the first bad chunk
        out["error"] = str(error)
    return _clean(out)


def _scan_into(out, path):
    for data in scan_wandb(path):
        for field, body in _fields(data):
            if field == 2:
                out["history"].append({k: json.loads(v) for k, v in _item_pairs(body, 1)})
            elif field in (3, 5):
                target = out["summary" if field == 3 else "config"]
                target.update({k: json.loads(v) for k, v in _item_pairs(body, 1)})
                for f, item in _fields(body):
                    if f == 2:
                        target.pop(dict(_fields(item)).get(1, b"").decode(), None)
            elif field == 17:
                run = dict(_fields(body))
                out["run"] = {"run_id": run.get(1, b"").decode(), "project": run.get(3, b"").decode(),
                              "group": run.get(6, b"").decode(), "display_name": run.get(8, b"").decode()}
                if 4 in run:
                    out["config"].update({k: json.loads(v) for k, v in _item_pairs(run[4], 1)})
    return out


def npy_matrix(out):
    """Every .npy variant numpy writes: versions 1-3, both byte orders, C and Fortran order, stored and deflated."""
    os.makedirs(out, exist_ok=True)
    rng = np.random.default_rng(5)
    cases = []
    dtypes = ["<f8", ">f8", "<f4", ">f4", "<i8", ">i8", "<i4", ">i4", "|b1", "<u2", "|u1", "|i1", "<i2", ">u4"]
    for k, dt in enumerate(dtypes):
        shape = [(4,), (3, 5), (2, 3, 4), (0,), ()][k % 5]
        raw = rng.normal(0, 1000, size=shape)
        arr = (raw > 0) if dt == "|b1" else raw.astype(dt) if dt[1] == "f" else np.abs(raw).astype(dt) if "u" in dt else raw.astype(dt)
        if dt[1] == "f" and arr.size > 2:
            arr.flat[1] = np.nan
            arr.flat[2] = -np.inf
        fortran = k % 2 == 1 and arr.ndim > 1
        if fortran:
            arr = np.asfortranarray(arr)
        version = (k % 3) + 1
        name = f"case{k}.npz"
        compression = zipfile.ZIP_DEFLATED if k % 4 == 3 else zipfile.ZIP_STORED
        with zipfile.ZipFile(os.path.join(out, name), "w", compression=compression, allowZip64=True) as z:
            with z.open("a.npy", "w", force_zip64=True) as fid:
                np.lib.format.write_array(fid, arr, version=(version, 0))
        cases.append(name)
    with open(os.path.join(out, "cases.json"), "w") as f:
        json.dump({name: oracle_npz(os.path.join(out, name)) for name in cases}, f)


def main(argv):
    if argv[0] == "write":
        out = argv[1]
        write_sb3(out)
        write_mlflow(os.path.join(out, "mlflow"))
        write_wandb(out)
    elif argv[0] == "wandb":
        with open(argv[1]) as f:
            spec = json.load(f)
        write_wandb_file(argv[2], spec["records"], spec.get("corrupt", ()), spec.get("torn", 0))
    elif argv[0] == "wandb-run":
        write_wandb_file(argv[1], wandb_run_records("r1", "name", "grp", 0, int(argv[2]), argv[3] == "big"),
                         json.loads(argv[4]) if len(argv) > 4 else (), int(argv[5]) if len(argv) > 5 else 0)
    elif argv[0] == "npy-matrix":
        npy_matrix(argv[1])
    elif argv[0] == "oracle":
        kind, path = argv[1], argv[2]
        fn = {"npz": oracle_npz, "mlflow": oracle_mlflow, "wandb": oracle_wandb}[kind]
        try:
            print(json.dumps(fn(path), allow_nan=False))
        except AssertionError as error:
            print(json.dumps({"error": str(error)}))
    else:
        raise SystemExit(__doc__)


if __name__ == "__main__":
    main(sys.argv[1:])
