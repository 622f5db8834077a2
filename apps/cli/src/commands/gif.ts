import { mkdtemp, readdir, rename, rm, stat } from 'node:fs/promises';
import { dirname, extname, join } from 'node:path';
import { NotRegularFileError, openInput, registerTemp, releaseTemp } from '@evidence/node-kit';
import type { Command } from 'commander';
import pngjs from 'pngjs';
import { InputError } from '../errors.js';
import { type CliIo, printJson, printLine } from '../io.js';
import { integerOption } from '../options.js';
import { displayPath, kindOf, requireDir, resolvePath } from '../paths.js';
import { createProgress } from '../progress.js';

const { PNG } = pngjs;

interface GifOptions {
  out: string;
  fps: number;
  force?: boolean;
  json?: boolean;
}

const byName = new Intl.Collator('en', { numeric: true }).compare;

export function gifCommand(command: Command, io: CliIo): void {
  command
    .description('a folder of PNG frames, in name order, to one GIF')
    .argument('<frames-dir>', 'folder of .png frames of one size (frame_2.png sorts before frame_10.png)')
    .requiredOption('-o, --out <file>', 'the GIF to write')
    .option('--fps <n>', 'frames per second', integerOption(1, 100), 30)
    .option('--force', 'replace OUT when it already exists (never one of the frames read)')
    .option('--json', 'print what was written as JSON (file, frames, fps, width, height)')
    .addHelpText('after', '\nExample:\n  $ evidence gif runs/ep-0042/frames -o episode-42.gif --fps 15')
    .action(async (dirArg: string, options: GifOptions) => {
      const dir = resolvePath(io, dirArg);
      const out = resolvePath(io, options.out);
      await requireDir(io, dir);
      const frames = (await readdir(dir))
        .filter((name) => extname(name).toLowerCase() === '.png')
        .sort(byName);
      if (frames.length === 0)
        throw new InputError(displayPath(io, dir), 'no PNG frames (*.png) in this folder');
      if ((await kindOf(dirname(out))) !== 'dir')
        throw new InputError(displayPath(io, dirname(out)), 'no such directory (the folder for -o)');
      await refuseToReplace(io, out, dir, frames, options.force === true);
      const written = await encodeFrames(io, dir, frames, out, options.fps, options.json === true);
      if (options.json) {
        const { width, height } = written;
        printJson(io.stdout, {
          out: displayPath(io, written.out),
          frames: frames.length,
          fps: options.fps,
          width,
          height,
        });
      } else
        printLine(
          io.stdout,
          `wrote   ${displayPath(io, written.out)} (${frames.length} frames at ${options.fps} fps)`,
        );
    });
}

/**
 * An existing OUT is replaced only with --force, and never when it is one of the frames read (the same
 * file, through a link too): the GIF would take the place of its own input.
 */
async function refuseToReplace(
  io: CliIo,
  out: string,
  dir: string,
  frames: readonly string[],
  force: boolean,
): Promise<void> {
  const existing = await stat(out).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return null;
    throw error;
  });
  if (!existing) return;
  if (existing.isDirectory())
    throw new InputError(displayPath(io, out), 'is a directory, expected a GIF file to write');
  for (const [index, name] of frames.entries()) {
    const frame = await stat(join(dir, name)).catch(() => null);
    if (frame && frame.dev === existing.dev && frame.ino === existing.ino)
      throw new InputError(
        displayPath(io, out),
        `is frame ${index + 1} of ${frames.length} (${name}), an input: choose another -o`,
      );
  }
  if (!force) throw new InputError(displayPath(io, out), 'already exists; pass --force to replace it');
}

/**
 * Decodes one frame at a time and hands it to the animation recorder, so memory stays flat however many
 * frames there are. The recorder names its files after the episode; we encode into a private folder beside
 * OUT and rename the GIF into place, which keeps the write atomic.
 */
async function encodeFrames(
  io: CliIo,
  dir: string,
  frames: string[],
  out: string,
  fps: number,
  quiet: boolean,
): Promise<{ out: string; width: number; height: number }> {
  const { CaptureSchedule, EpisodeRecorder, MAX_FRAME_PIXELS } = await import('@evidence/animation');
  await checkFrameSizes(io, dir, frames, MAX_FRAME_PIXELS);
  const work = await mkdtemp(join(dirname(out), '.evidence-gif-'));
  registerTemp(work); // removed on Ctrl-C too
  const progress = createProgress(io, { quiet });
  const problems: Error[] = [];
  const recorder = new EpisodeRecorder({
    dir: work,
    prefix: 'frames',
    fps,
    maxFrames: 0,
    schedule: new CaptureSchedule({ episodes: [0], every: 0, last: 0 }),
    onError: (error) => problems.push(error),
  });
  let capture = recorder.begin(0, 1);
  try {
    if (!capture) throw new Error('the animation recorder declined to capture (schedule)');
    let size: { width: number; height: number } | null = null;
    for (const [index, name] of frames.entries()) {
      const file = join(dir, name);
      const frame = `frame ${index + 1} of ${frames.length}`;
      const image = await decodePng(io, file, frame);
      if (size && (image.width !== size.width || image.height !== size.height)) {
        throw new InputError(
          displayPath(io, file),
          `${frame} is ${image.width}×${image.height}, expected ${size.width}×${size.height} like the first frame`,
        );
      }
      size ??= { width: image.width, height: image.height };
      await capture.addFrame({ width: image.width, height: image.height, data: image.data, channels: 4 });
      progress.update(index + 1, frames.length, name);
    }
    const ending = capture;
    capture = null;
    const result = await ending.end({ reward: 0 });
    // The encoder writes in a private folder: name the file the user asked for (a full disk, say).
    if (!result.gif)
      throw new Error(`${displayPath(io, out)}: not written${problems[0] ? `: ${problems[0].message}` : ''}`);
    await rename(result.gif, out);
    for (const problem of problems) printLine(io.stderr, `evidence: warning: ${problem.message}`);
    return { out, width: size?.width ?? 0, height: size?.height ?? 0 };
  } finally {
    // On a bad frame: drop the half-made GIF and stop the encoder thread, or the process would not exit.
    capture?.discard();
    await recorder.close();
    progress.stop();
    await rm(work, { recursive: true, force: true });
    releaseTemp(work);
  }
}

/**
 * Decodes with pngjs, which checks every chunk's CRC and refuses a file that ends early. Skia (through
 * @napi-rs/canvas) decodes a truncated PNG without a word and fills the missing rows with black.
 * Its size was checked from its header first (checkFrameSizes).
 */
async function decodePng(io: CliIo, file: string, frame: string) {
  const handle = await openFrame(io, file, frame);
  let bytes: Buffer;
  try {
    bytes = await handle.readFile();
  } finally {
    await handle.close();
  }
  try {
    return PNG.sync.read(bytes);
  } catch (error) {
    const why = error instanceof Error ? error.message : String(error);
    // pngjs's words for a file that stops before its end marker
    const plain = /read requests waitng on finished stream|unexpected end/i.test(why)
      ? 'the file is truncated: it ends before the PNG end marker'
      : why;
    throw new InputError(displayPath(io, file), `${frame}: not a readable PNG image (${plain})`);
  }
}

async function openFrame(io: CliIo, file: string, frame: string) {
  return openInput(file).catch((error: unknown) => {
    if (!(error instanceof NotRegularFileError)) throw error;
    throw new InputError(displayPath(io, file), `${frame}: not a regular file (${error.kind})`);
  });
}

/** Pixels of all frames together: about 10 s of decoding and encoding (1,000 frames of 256×256). */
const MAX_GIF_PIXELS = 64_000_000;

/**
 * Every frame's size from its header (24 bytes), before any is decoded: a PNG of a few kilobytes may
 * claim 20000×20000 pixels (8 GB to decode), and twelve 4096×4096 frames of 60 KB each take minutes.
 * A frame past the per-frame limit, or the frame that takes the total past MAX_GIF_PIXELS, is refused
 * by name. A file with no PNG header is left for the decoder to refuse with its own words.
 */
async function checkFrameSizes(io: CliIo, dir: string, frames: readonly string[], maxPixels: number) {
  let total = 0;
  for (const [index, name] of frames.entries()) {
    const file = join(dir, name);
    const frame = `frame ${index + 1} of ${frames.length}`;
    const handle = await openFrame(io, file, frame);
    const head = Buffer.alloc(24);
    try {
      await handle.read(head, 0, 24, 0);
    } finally {
      await handle.close();
    }
    // The signature, then the IHDR chunk: length, "IHDR", width and height (big-endian).
    if (head.toString('latin1', 12, 16) !== 'IHDR') continue;
    const width = head.readUInt32BE(16);
    const height = head.readUInt32BE(20);
    if (width * height > maxPixels) {
      throw new InputError(
        displayPath(io, file),
        `${frame} is ${width}×${height} pixels; a frame may hold at most ${maxPixels.toLocaleString('en')} (4096×4096)`,
      );
    }
    total += width * height;
    if (total > MAX_GIF_PIXELS) {
      throw new InputError(
        displayPath(io, file),
        `${frame} (${width}×${height}) takes the frames past ${MAX_GIF_PIXELS.toLocaleString('en')} pixels in all, the most one GIF may hold (1,000 frames of 256×256); use fewer or smaller frames`,
      );
    }
  }
}
