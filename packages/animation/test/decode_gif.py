"""Decodes a GIF with Pillow (independent of the JS encoder) and compares it with the source frames.

usage: decode_gif.py GIF [SOURCE.rgb]   SOURCE: n frames of height x width x 3 bytes, row by row
prints JSON: size, frame count, per-frame durations (ms), loop, per-frame PSNR (dB) when SOURCE is given
"""
import json
import math
import sys

import numpy as np
from PIL import Image, ImageSequence

gif = Image.open(sys.argv[1])
width, height = gif.size
frames = []
durations = []
for frame in ImageSequence.Iterator(gif):
    durations.append(frame.info.get("duration"))
    frames.append(np.asarray(frame.convert("RGB"), dtype=np.float64))
result = {
    "format": gif.format,
    "width": width,
    "height": height,
    "frames": len(frames),
    "durations": durations,
    "loop": gif.info.get("loop"),
}
if len(sys.argv) > 2:
    source = np.fromfile(sys.argv[2], dtype=np.uint8).astype(np.float64)
    source = source.reshape(-1, height, width, 3)
    psnr = []
    for decoded, expected in zip(frames, source):
        mse = float(np.mean((decoded - expected) ** 2))
        psnr.append(None if mse == 0 else 10 * math.log10(255 * 255 / mse))
    result["psnr"] = psnr
    result["source_frames"] = int(source.shape[0])
print(json.dumps(result))
