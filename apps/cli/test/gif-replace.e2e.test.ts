// `evidence gif`: never replaces a file without --force, never an input frame; reads every PNG Pillow writes.
import { execFileSync } from 'node:child_process';
import { linkSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { pillowAvailable, python, runCli, tempDir } from './helpers.js';

const canCheckWithPython = pillowAvailable() || process.env.CI === 'true';
if (!canCheckWithPython) console.warn(`skipped: the Pillow frame tests need ${python} with Pillow`);

/** Pillow writes `count` frames of `mode` (random pixels, seeded), and prints nothing. */
function pillowFrames(dir: string, mode: string, count = 3, extra = ''): void {
  mkdirSync(dir, { recursive: true });
  const script = `
import random, sys
from PIL import Image
random.seed(${JSON.stringify(mode)})
mode, count, folder = sys.argv[1], int(sys.argv[2]), sys.argv[3]
colours = {'P2': 2, 'P4': 4, 'P16': 16, 'P256': 256}
for i in range(count):
    if mode in colours:
        n = colours[mode]
        im = Image.new('P', (9, 7))
        im.putpalette([random.randrange(256) for _ in range(3 * n)])
        im.putdata([random.randrange(n) for _ in range(63)])
    else:
        im = Image.new(mode, (9, 7))
        bands = len(im.getbands())
        pick = (lambda: random.randrange(2) * 255) if mode == '1' else (lambda: random.randrange(256))
        im.putdata([pick() if bands == 1 else tuple(pick() for _ in range(bands)) for _ in range(63)])
    im.save(f'{folder}/frame_{i}.png'${extra})
`;
  execFileSync(python, ['-c', script, mode, String(count), dir]);
}

/** Mean absolute difference (0–255) between each source frame's RGB and the GIF's frame, by Pillow. */
function meanDifference(frames: string, gif: string): number[] {
  const script = `
import sys, glob
from PIL import Image, ImageSequence
frames = sorted(glob.glob(sys.argv[1] + '/*.png'))
out = []
for path, frame in zip(frames, ImageSequence.Iterator(Image.open(sys.argv[2]))):
    a = Image.open(path).convert('RGB').getdata()
    b = frame.convert('RGB').getdata()
    out.append(sum(abs(x - y) for p, q in zip(a, b) for x, y in zip(p, q)) / (len(a) * 3))
print(' '.join(map(str, out)))
`;
  return execFileSync(python, ['-c', script, frames, gif], { encoding: 'utf8' })
    .trim()
    .split(' ')
    .map(Number);
}

describe('evidence gif never replaces what it should not', () => {
  it('an existing OUT needs --force; with it the file is replaced', async () => {
    const dir = tempDir('gif-force');
    pillowFrames(join(dir, 'frames'), 'RGB');
    const out = join(dir, 'episode.gif');
    writeFileSync(out, 'the user gif');
    const refused = await runCli(['gif', join(dir, 'frames'), '-o', out]);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(
      /^evidence: .*episode\.gif: already exists; pass --force to replace it\n$/,
    );
    expect(readFileSync(out, 'utf8')).toBe('the user gif');
    const forced = await runCli(['gif', join(dir, 'frames'), '-o', out, '--force']);
    expect(forced.code, forced.stderr).toBe(0);
    expect(readFileSync(out).subarray(0, 6).toString('latin1')).toBe('GIF89a');
  });

  it('never writes over an input frame, not even with --force or through a hard link', async () => {
    const dir = tempDir('gif-frame');
    pillowFrames(join(dir, 'frames'), 'RGB');
    const frame = join(dir, 'frames', 'frame_0.png');
    const before = readFileSync(frame);
    linkSync(join(dir, 'frames', 'frame_2.png'), join(dir, 'alias.gif'));
    for (const [out, which] of [
      [frame, 'frame 1 of 3 \\(frame_0\\.png\\)'],
      [join(dir, 'alias.gif'), 'frame 3 of 3 \\(frame_2\\.png\\)'],
    ] as const) {
      const result = await runCli(['gif', join(dir, 'frames'), '-o', out, '--force']);
      expect(result.code).toBe(1);
      expect(result.stderr).toMatch(new RegExp(`is ${which}, an input: choose another -o\\n$`));
    }
    expect(readFileSync(frame).equals(before)).toBe(true);
    expect(readdirSync(join(dir, 'frames'))).toEqual(['frame_0.png', 'frame_1.png', 'frame_2.png']);
  });
});

describe.skipIf(!canCheckWithPython)('evidence gif reads every PNG Pillow writes', () => {
  for (const [mode, extra] of [
    ['P2', ''],
    ['P4', ''],
    ['P16', ''],
    ['P256', ''],
    ['P16', ', transparency=0'],
    ['L', ''],
    ['LA', ''],
    ['RGB', ''],
    ['RGBA', ''],
    ['1', ''],
  ] as const) {
    it(`mode ${mode}${extra}: accepted, and Pillow reads back the same pixels`, async () => {
      const dir = tempDir('gif-pillow');
      pillowFrames(join(dir, 'frames'), mode, 3, extra);
      const out = join(dir, 'out.gif');
      const result = await runCli(['gif', join(dir, 'frames'), '-o', out]);
      expect(result.code, result.stderr).toBe(0);
      const differences = meanDifference(join(dir, 'frames'), out);
      expect(differences).toHaveLength(3);
      // the GIF's palette is built from the frames: few colours come back exact, many nearly
      const opaque = !extra && mode !== 'LA' && mode !== 'RGBA';
      if (opaque)
        for (const d of differences) expect(d).toBeLessThan(mode === 'RGB' || mode === 'L' ? 12 : 1);
    });
  }
});
