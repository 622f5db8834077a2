"""Independent TensorBoard event-file writer and reader for the tests and the benchmark.

Frames TFRecords, masks CRC-32C and encodes Event protobufs by hand (standard library only, plus numpy
for the expected CSV's float32 text), so the TypeScript reader is checked against code that shares
nothing with it.

  python3 tb_oracle.py write SPEC.json   writes the event files SPEC describes, and SPEC's "expected_csv"
  python3 tb_oracle.py read FILE...      counts records and scalars (a baseline reader), prints JSON
"""
import json
import struct
import sys


def _crc_table():
    table = []
    for n in range(256):
        c = n
        for _ in range(8):
            c = (c >> 1) ^ 0x82F63B78 if c & 1 else c >> 1
        table.append(c)
    return table


TABLE = _crc_table()


def crc32c(data):
    crc = 0xFFFFFFFF
    for b in data:
        crc = TABLE[(crc ^ b) & 0xFF] ^ (crc >> 8)
    return crc ^ 0xFFFFFFFF


def masked(data):
    crc = crc32c(data)
    return ((((crc >> 15) | (crc << 17)) & 0xFFFFFFFF) + 0xA282EAD8) & 0xFFFFFFFF


def frame(data, corrupt=None):
    header = struct.pack("<Q", len(data))
    length_crc = masked(header)
    data_crc = masked(data)
    if corrupt == "length":
        length_crc ^= 1
    if corrupt == "data":
        data_crc ^= 1
    return header + struct.pack("<I", length_crc) + data + struct.pack("<I", data_crc)


def varint(n):
    if n < 0:
        n += 1 << 64
    out = bytearray()
    while True:
        byte = n & 0x7F
        n >>= 7
        if n:
            out.append(byte | 0x80)
        else:
            out.append(byte)
            return bytes(out)


def key(field, wire):
    return varint((field << 3) | wire)


def ld(field, payload):
    return key(field, 2) + varint(len(payload)) + payload


def tensor(kind, value):
    """A TensorProto holding one scalar (shape [] as TF2's tf.summary.scalar writes it)."""
    shape = ld(2, b"")  # TensorShapeProto with no dims: rank 0
    if kind == "tensor_float_val":
        return key(1, 0) + varint(1) + shape + ld(5, struct.pack("<f", value))  # packed float_val
    if kind == "tensor_content_float":
        return key(1, 0) + varint(1) + shape + ld(4, struct.pack("<f", value))
    if kind == "tensor_double_val":
        return key(1, 0) + varint(2) + shape + ld(6, struct.pack("<d", value))
    if kind == "tensor_content_double":
        return key(1, 0) + varint(2) + shape + ld(4, struct.pack("<d", value))
    raise ValueError(kind)


def plugin_metadata(name):
    return ld(9, ld(1, ld(1, name.encode())))  # SummaryMetadata.plugin_data.plugin_name


def hparam_value(value):
    """google.protobuf.Value: number_value (2), string_value (3), bool_value (4)."""
    if isinstance(value, bool):
        return key(4, 0) + varint(1 if value else 0)
    if isinstance(value, str):
        return ld(3, value.encode())
    return key(2, 1) + struct.pack("<d", value)


def summary_value(item, seen):
    tag = item["tag"]
    kind = item["kind"]
    out = ld(1, tag.encode())
    if kind == "hparams":
        # torch's add_hparams: a value with only metadata, plugin "hparams", content HParamsPluginData
        # {session_start_info (3): SessionStartInfo {hparams (1): map<string, Value>}}
        entries = b"".join(ld(1, ld(1, k.encode()) + ld(2, hparam_value(v))) for k, v in item["hparams"].items())
        content = ld(3, entries)
        return out + ld(9, ld(1, ld(1, b"hparams") + ld(2, content)))
    if kind == "simple":
        return out + key(2, 5) + struct.pack("<f", item["value"])
    if kind.startswith("tensor_"):
        if tag not in seen:  # TF writes a tag's metadata with its first value only
            seen.add(tag)
            out += plugin_metadata("scalars")
        return out + ld(8, tensor(kind, item["value"]))
    if kind == "histogram":
        histo = key(1, 1) + struct.pack("<d", 0.0) + key(2, 1) + struct.pack("<d", 1.0)
        return out + ld(5, histo)
    if kind == "image":
        return out + ld(4, key(1, 0) + varint(2) + key(2, 0) + varint(2) + ld(4, b"\x89PNG"))
    if kind == "text":
        text_tensor = key(1, 0) + varint(7) + ld(2, b"") + ld(8, b"hello")
        return out + plugin_metadata("text") + ld(8, text_tensor)
    raise ValueError(kind)


def event(record, seen):
    out = key(1, 1) + struct.pack("<d", record["wall_time"]) + key(2, 0) + varint(record["step"])
    if "file_version" in record:
        return out + ld(3, record["file_version"].encode())
    if record.get("session_start"):
        return out + ld(6, key(1, 0) + varint(1))  # SessionLog{status: START}
    summary = b"".join(ld(1, summary_value(item, seen)) for item in record["values"])
    return out + ld(5, summary)


def float_text(kind, value):
    import numpy as np

    if kind in ("simple", "tensor_float_val", "tensor_content_float"):
        return str(float(str(np.float32(value))))
    return repr(float(value))


def write(spec_path):
    """Writes the files of a spec file (see write_spec)."""
    with open(spec_path) as f:
        write_spec(json.load(f))


def tag_of(name):
    """A keyword argument as a tag: `Train__mean` is `Train/mean`; skrl's `Reward___Total_reward_mean` is
    `Reward / Total reward (mean)`."""
    if "___" in name:
        head, rest = name.split("___", 1)
        words = rest.split("_")
        return f"{head} / {' '.join(words[:-1])} ({words[-1]})"
    return name.replace("__", "/")


def scalar(step, wall, **tags):
    """One event record of simple scalars, for the fixture scripts: scalar(100, 1.7e9, train__loss=0.5)."""
    return {"wall_time": wall, "step": step, "values": [{"tag": tag_of(t), "kind": "simple", "value": v} for t, v in tags.items()]}


def write_spec(spec):
    """Writes the files; the expected CSV keeps every value (one row per value at a step) and applies
    TensorBoard's purges as plugin_event_accumulator._MaybePurgeOrphanedData does: with a file_version
    >= 2 only a SessionLog START after the run's first one purges (every tag, steps >= its step); without
    one, an event whose step is below the last summary event's step purges its own tags' later points.
    A file's "file_version" (default "brain.Event:2"; null: none written, an old TF1 file) is its first
    record. Files are given in TensorBoard's loading order (sorted paths)."""
    series = {}  # tag -> [(step, text, wall)] in the order written
    version = 0.0
    seen_start = False
    most_recent = None
    for file in spec["files"]:
        seen = set()
        out = bytearray()
        file_version = file.get("file_version", "brain.Event:2")
        if file_version is not None:
            out += frame(event({"wall_time": file.get("start", 1.0), "step": 0, "file_version": file_version}, seen))
            version = float(file_version.split(":")[-1])
        for record in file["records"]:
            out += frame(event(record, seen), record.get("corrupt"))
            if record.get("corrupt"):
                continue
            if record.get("session_start"):
                if version >= 2:
                    if seen_start:
                        for tag in series:
                            series[tag] = [p for p in series[tag] if p[0] < record["step"]]
                    seen_start = True
                continue
            columns = [file.get("columns", {}).get(item["tag"], item["tag"]) for item in record["values"]]
            if version < 2 and most_recent is not None and record["step"] < most_recent:
                for column in set(columns):
                    if column in series:
                        series[column] = [p for p in series[column] if p[0] < record["step"]]
            most_recent = record["step"]
            for item, column in zip(record["values"], columns):
                if item["kind"] in ("histogram", "image", "text", "hparams"):
                    continue
                points = series.setdefault(column, [])
                points.append((record["step"], float_text(item["kind"], item["value"]), record["wall_time"]))
        if file.get("torn_tail"):
            tail = frame(event({"wall_time": 9.0, "step": 99, "values": [{"tag": "t", "kind": "simple", "value": 1.0}]}, seen))
            out += tail[: file["torn_tail"]]
        with open(file["path"], "wb") as f:
            f.write(out)
    if "expected_csv" in spec:
        tags = [tag for tag in series if series[tag]]
        steps = sorted({p[0] for tag in tags for p in series[tag]})
        lines = [",".join(["step", "wall_time"] + tags)]
        for step in steps:
            at = {tag: [p for p in series[tag] if p[0] == step] for tag in tags}
            for k in range(max(len(v) for v in at.values())):
                row = [at[tag][k] if k < len(at[tag]) else None for tag in tags]
                wall = max(p[2] for p in row if p)
                lines.append(",".join([str(step), repr(float(wall))] + [p[1] if p else "" for p in row]))
        with open(spec["expected_csv"], "w") as f:
            f.write("\n".join(lines) + "\n")


def read_varint(data, i):
    shift = 0
    result = 0
    while True:
        b = data[i]
        i += 1
        result |= (b & 0x7F) << shift
        shift += 7
        if not b & 0x80:
            return result, i


def fields(data):
    i = 0
    while i < len(data):
        k, i = read_varint(data, i)
        field, wire = k >> 3, k & 7
        if wire == 0:
            value, i = read_varint(data, i)
        elif wire == 1:
            value = data[i : i + 8]
            i += 8
        elif wire == 5:
            value = data[i : i + 4]
            i += 4
        elif wire == 2:
            n, i = read_varint(data, i)
            value = data[i : i + n]
            i += n
        else:
            raise ValueError("wire type %d" % wire)
        yield field, value


def read(paths):
    import time

    start = time.process_time()
    records = scalars = 0
    for path in paths:
        with open(path, "rb") as f:
            data = f.read()
        i = 0
        while i + 12 <= len(data):
            header = data[i : i + 8]
            (length,) = struct.unpack("<Q", header)
            assert masked(header) == struct.unpack("<I", data[i + 8 : i + 12])[0], "length crc at %d" % i
            body = data[i + 12 : i + 12 + length]
            assert masked(body) == struct.unpack("<I", data[i + 12 + length : i + 16 + length])[0], "data crc at %d" % i
            records += 1
            for field, value in fields(body):
                if field == 5:
                    for f2, v in fields(value):
                        if f2 == 1:
                            for f3, v3 in fields(v):
                                if f3 == 2:
                                    scalars += 1
            i += 16 + length
    print(json.dumps({"records": records, "scalars": scalars, "cpu_seconds": time.process_time() - start}))


if __name__ == "__main__":
    command = sys.argv[1]
    if command == "write":
        write(sys.argv[2])
    elif command == "read":
        read(sys.argv[2:])
    else:
        raise SystemExit("usage: tb_oracle.py write SPEC.json | read FILE...")
