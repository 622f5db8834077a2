import { execFileSync } from 'node:child_process';
import { appendFileSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createCanvas } from '@napi-rs/canvas';
import { describe, expect, it } from 'vitest';
import {
  copyFixture,
  finished,
  pillowAvailable,
  python,
  runCli,
  startCli,
  tempDir,
  waitForOutput,
} from './helpers.js';

function writeFrames(dir: string, count: number, width = 64, height = 48): void {
  mkdirSync(dir, { recursive: true });
  for (let i = 0; i < count; i++) {
    const canvas = createCanvas(width, height);
    const context = canvas.getContext('2d');
    context.fillStyle = '#203040';
    context.fillRect(0, 0, width, height);
    context.fillStyle = '#f0c020';
    context.fillRect(i * 4, 10, 10, 10); // moves right: frame order is visible
    writeFileSync(join(dir, `frame_${i}.png`), canvas.toBuffer('image/png'));
  }
}

/** Where the first IDAT chunk's data starts. */
function idatOffset(png: Buffer): number {
  for (let at = 8; at < png.length; at += 12 + png.readUInt32BE(at)) {
    if (png.toString('latin1', at + 4, at + 8) === 'IDAT') return at + 8;
  }
  throw new Error('no IDAT chunk');
}

function flipBit(bytes: Buffer, at: number): Buffer {
  const copy = Buffer.from(bytes);
  copy[at] = (copy[at] as number) ^ 0x08;
  return copy;
}

const canCheckWithPython = pillowAvailable() || process.env.CI === 'true';

describe('evidence gif', () => {
  it('turns PNG frames into a GIF in natural name order', async () => {
    const dir = tempDir('gif');
    writeFrames(join(dir, 'frames'), 12);
    const out = join(dir, 'out.gif');
    const result = await runCli(['gif', join(dir, 'frames'), '-o', out, '--fps', '10']);
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('12 frames at 10 fps');
    expect(readFileSync(out).subarray(0, 6).toString('latin1')).toBe('GIF89a');
    expect(readdirSync(dir).sort()).toEqual(['frames', 'out.gif']); // no temp files left behind
  });

  it.skipIf(!canCheckWithPython)(
    'Pillow reads back every frame, in order, at the right size and timing',
    async () => {
      const dir = tempDir('gif-oracle');
      writeFrames(join(dir, 'frames'), 12);
      const out = join(dir, 'out.gif');
      expect((await runCli(['gif', join(dir, 'frames'), '-o', out, '--fps', '10'])).code).toBe(0);
      const script = `
import sys
from PIL import Image, ImageSequence
im = Image.open(sys.argv[1])
xs = []
for frame in ImageSequence.Iterator(im):
    rgb = frame.convert('RGB')
    xs.append(next(x for x in range(rgb.width) if rgb.getpixel((x, 15))[0] > 200))
print(im.size[0], im.size[1], len(xs), im.info.get('duration'), ','.join(map(str, xs)))
`;
      const [w, h, n, duration, xs] = execFileSync(python, ['-c', script, out], {
        encoding: 'utf8',
      })
        .trim()
        .split(' ');
      expect([w, h, n, duration]).toEqual(['64', '48', '12', '100']);
      expect(xs).toBe(Array.from({ length: 12 }, (_, i) => i * 4).join(','));
    },
  );
  if (!canCheckWithPython) console.warn(`skipped: the Pillow oracle test needs ${python} with Pillow`);

  it('bad frames are bad input naming the frame', async () => {
    const dir = tempDir('gif-bad');
    writeFrames(join(dir, 'frames'), 3);
    writeFileSync(join(dir, 'frames', 'frame_3.png'), 'not a png');
    const bad = await runCli(['gif', join(dir, 'frames'), '-o', join(dir, 'o.gif')]);
    expect(bad.code).toBe(1);
    expect(bad.stderr).toMatch(/^evidence: .*frame_3\.png: frame 4 of 4: not a readable PNG/);

    writeFrames(join(dir, 'sizes'), 2);
    writeFrames(join(dir, 'sizes-big'), 3, 80, 48);
    writeFileSync(join(dir, 'sizes', 'frame_2.png'), readFileSync(join(dir, 'sizes-big', 'frame_2.png')));
    const sized = await runCli(['gif', join(dir, 'sizes'), '-o', join(dir, 'o.gif')]);
    expect(sized.code).toBe(1);
    expect(sized.stderr).toMatch(/frame_2\.png: frame 3 of 3 is 80×48, expected 64×48/);

    mkdirSync(join(dir, 'none'));
    const none = await runCli(['gif', join(dir, 'none'), '-o', join(dir, 'o.gif')]);
    expect(none.code).toBe(1);
    expect(none.stderr).toContain('no PNG frames');
    expect(readdirSync(dir).filter((name) => name.startsWith('.evidence-gif'))).toEqual([]);
  });

  it('refuses a truncated or corrupt PNG, naming the file and the frame (from 1): no black frame, no output', async () => {
    const dir = tempDir('gif-torn');
    writeFrames(join(dir, 'frames'), 6);
    const whole = readFileSync(join(dir, 'frames', 'frame_3.png'));
    const out = join(dir, 'out.gif');
    const cases: [string, Buffer][] = [
      ['cut in its pixel data', whole.subarray(0, Math.floor(whole.length / 2))],
      ['cut before its end marker', whole.subarray(0, whole.length - 12)],
      ['one bit flipped in its pixel data', flipBit(whole, idatOffset(whole) + 20)],
    ];
    for (const [what, bytes] of cases) {
      writeFileSync(join(dir, 'frames', 'frame_3.png'), bytes);
      const result = await runCli(['gif', join(dir, 'frames'), '-o', out]);
      expect(result.code, what).toBe(1);
      expect(result.stderr, what).toMatch(
        /^evidence: .*frame_3\.png: frame 4 of 6: not a readable PNG image \(.+\)\n$/,
      );
      expect(readdirSync(dir).sort(), what).toEqual(['frames']); // no output, not even a partial one
    }
    expect(cases[0]?.[1].length).toBeGreaterThan(60); // Skia decodes this one, black where the data stops
  });

  it('-o into a missing folder names that folder', async () => {
    const dir = tempDir('gif-no-folder');
    writeFrames(join(dir, 'frames'), 2);
    const result = await runCli(['gif', join(dir, 'frames'), '-o', join(dir, 'missing', 'o.gif')]);
    expect(result.code).toBe(1);
    expect(result.stderr).toBe(`evidence: ${join(dir, 'missing')}: no such directory (the folder for -o)\n`);
  });

  it('-o is required (bad usage)', async () => {
    const result = await runCli(['gif', '.']);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('--out');
  });
});

describe('evidence watch', () => {
  it('draws at start, redraws after the log changes, and exits 0 on SIGINT', async () => {
    const dir = copyFixture();
    const chart = join(dir, 'report', 'training_curve.png');
    const child = startCli(['watch', dir, '--debounce', '100']);
    await waitForOutput(child, (out) => out.stderr.includes('watching'));
    const firstDraw = statSync(chart).mtimeMs;
    const count = (text: string) => text.split('training_curve.png').length - 1;
    const before = count(child.output.stdout);
    appendFileSync(join(dir, 'training_log.csv'), '301,3.01,0.1,1.5,0.2,0.01,0.5,1e-6,600\n');
    await waitForOutput(child, (out) => count(out.stdout) > before);
    expect(statSync(chart).mtimeMs).toBeGreaterThan(firstDraw);
    expect(child.output.stdout.split('reward_components.png').length - 1).toBe(1); // only charts of the changed log
    // A broken log: its bad lines are reported with line numbers and the watch goes on.
    writeFileSync(join(dir, 'pre_eval.jsonl'), 'garbage\n');
    await waitForOutput(child, (out) => /pre_eval\.jsonl:1: /.test(out.stderr));
    const drawn = count(child.output.stdout);
    appendFileSync(join(dir, 'training_log.csv'), '302,3.02,0.1,1.5,0.2,0.01,0.5,1e-6,601\n');
    await waitForOutput(child, (out) => count(out.stdout) > drawn);
    child.kill('SIGINT');
    const result = await finished(child);
    expect(result.code).toBe(0);
  });

  it('--report rebuilds the whole report on a change', async () => {
    const dir = copyFixture();
    const child = startCli(['watch', dir, '--report', '--debounce', '100']);
    await waitForOutput(child, (out) => out.stderr.includes('watching'));
    expect(child.output.stdout).toMatch(/updated .*index\.html/);
    const updates = () => child.output.stdout.split('updated').length - 1;
    const before = updates();
    appendFileSync(
      join(dir, 'post_eval.jsonl'),
      `${JSON.stringify({ cumulative_reward: 2, discovered: true, steps: [] })}\n`,
    );
    await waitForOutput(child, () => updates() > before);
    child.kill('SIGINT');
    expect((await finished(child)).code).toBe(0);
  });

  it('a missing folder is bad input', async () => {
    const result = await runCli(['watch', 'no-such-dir']);
    expect(result.code).toBe(1);
    expect(result.stderr.trim()).toBe('evidence: no-such-dir: no such directory');
  });
});
