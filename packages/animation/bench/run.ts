// pnpm bench: the streaming recorder against gifenc used naively, each case in a fresh child
// process so its peak RSS is its own. Frames come from a deterministic formula (frames.ts).
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os, { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { GifReader } from 'omggif';
import { gifenc } from '../src/gifenc-module.js';
import type { EpisodeRecorder as EpisodeRecorderClass } from '../src/index.js';
import { type Background, makeFrame, toRgba } from './frames.js';

interface FrameSet {
  name: string;
  width: number;
  height: number;
  frames: number;
  background: Background;
}

type Mode = 'streaming' | 'naive' | 'loop-off' | 'loop-on' | 'baseline';
interface Spec {
  set: FrameSet;
  mode: Mode;
  out: string;
  workIterations: number;
  /** the recorder module, chosen once by the parent so every case runs the same code */
  module: string;
}
interface Measurement {
  /** CPU time of every thread, frame generation included for the streaming recorder */
  cpuMs: number;
  /** CPU time of generating the frames alone (measured by the naive case, single-threaded) */
  generateCpuMs: number;
  wallMs: number;
  generateMs: number;
  encodeMs: number;
  bytes: number;
  peakRssMb: number;
  addFrameMs?: number;
  /** wall time of the loop alone, end() excluded */
  loopMs?: number;
  /** time in addFrame's synchronous part (copy and hand-over), waits excluded */
  callMs?: number;
  /** addFrame calls that returned a promise: the encoder was behind */
  waits?: number;
}

const FPS = 25;
/** off/on pairs of the training-loop case; the median is reported */
const LOOP_PAIRS = 5;

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2
    ? (sorted[mid] as number)
    : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
}
/**
 * CPU work per step in the loop cases, standing in for an environment step and a policy forward pass;
 * `--work-ms 1` gives a step about as short as the calibration bug below used to (~2.3 ms with rendering).
 */
const WORK_MS = Number(argValue('--work-ms') ?? 4);

function argValue(flag: string): string | undefined {
  const at = process.argv.indexOf(flag);
  return at >= 0 ? process.argv[at + 1] : undefined;
}

const packageDir = fileURLToPath(new URL('..', import.meta.url));

/**
 * Children run plain `node` on a fresh build (of the package and of this file), never under tsx:
 * tsx's loader thread alone adds about 50 MB of RSS, which would drown what is measured.
 */
async function buildForChildren(): Promise<{ bench: string; module: string; dir: string }> {
  const { build } = await import('tsup');
  mkdirSync(join(packageDir, '.bench-out'), { recursive: true });
  // inside the package, so the builds resolve gifenc, omggif and @evidence/env-config from its node_modules
  const dir = mkdtempSync(join(packageDir, '.bench-out', 'run-'));
  const common = {
    format: ['esm' as const],
    platform: 'node' as const,
    target: 'node20',
    shims: true,
    dts: false,
    silent: true,
    config: false,
  };
  await build({
    ...common,
    entry: {
      index: join(packageDir, 'src/index.ts'),
      'encode-worker': join(packageDir, 'src/encode-worker.ts'),
    },
    outDir: join(dir, 'package'),
  });
  await build({
    ...common,
    entry: { bench: fileURLToPath(import.meta.url) },
    outDir: dir,
    external: ['tsup'],
  });
  return { bench: join(dir, 'bench.js'), module: join(dir, 'package/index.js'), dir };
}

async function loadRecorder(module: string): Promise<typeof EpisodeRecorderClass> {
  return ((await import(module)) as { EpisodeRecorder: typeof EpisodeRecorderClass }).EpisodeRecorder;
}

const SETS: FrameSet[] = [
  { name: 'A 400×(600×400) gradient', width: 600, height: 400, frames: 400, background: 'gradient' },
  { name: 'A 400×(600×400) flat', width: 600, height: 400, frames: 400, background: 'flat' },
  { name: 'B 1000×(160×210) gradient', width: 160, height: 210, frames: 1000, background: 'gradient' },
  { name: 'B 1000×(160×210) flat', width: 160, height: 210, frames: 1000, background: 'flat' },
];

function work(seed: number, iterations: number): number {
  let x = seed;
  for (let i = 0; i < iterations; i++) x = x * 0.999999 + 0.5;
  return x;
}

/**
 * Iterations of `work` that take about WORK_MS here and now; measured once, used by every loop run.
 * `work` is run (and so optimized by V8) before it is timed: timed cold, it ran about twice as fast
 * once optimized as measured, and the steps came out near 2 ms of work instead of 4.
 */
function calibrateWork(): { iterations: number; msPerStep: number } {
  const probe = 1_000_000;
  let sink = 0;
  for (let i = 0; i < 20; i++) sink += work(i, probe);
  const timings: number[] = [];
  for (let i = 0; i < 9; i++) {
    const start = performance.now();
    sink += work(i, probe);
    timings.push(performance.now() - start);
  }
  const iterations = Math.round((probe * WORK_MS) / median(timings));
  const check: number[] = [];
  for (let i = 0; i < 9; i++) {
    const start = performance.now();
    sink += work(i, iterations);
    check.push(performance.now() - start);
  }
  if (Number.isNaN(sink)) throw new Error('unreachable: keeps the work from being optimized away');
  return { iterations, msPerStep: median(check) };
}

async function runStreaming(spec: Spec, loop: 'on' | 'off' | null): Promise<Measurement> {
  const { width, height, frames, background } = spec.set;
  const EpisodeRecorder = await loadRecorder(spec.module);
  const recorder = new EpisodeRecorder({
    dir: spec.out,
    prefix: 'bench',
    fps: FPS,
    maxFrames: 0,
    schedule: { every: 1 },
  });
  // start the worker before timing: a one-off cost per run, not per episode
  const warm = recorder.begin(0);
  warm?.addFrame({ width: 2, height: 2, data: new Uint8Array(12) });
  await warm?.end({ reward: 0 });

  const buffer = new Uint8Array(width * height * 3); // an environment re-renders into one buffer
  let generateMs = 0;
  let addFrameMs = 0;
  let callMs = 0;
  let waits = 0;
  let sink = 0;
  const start = performance.now();
  const cpuStart = process.cpuUsage(); // every thread of the process: training loop and encoder
  const capture = loop === 'off' ? null : recorder.begin(1);
  for (let i = 0; i < frames; i++) {
    if (loop) sink += work(i, spec.workIterations);
    const g = performance.now();
    makeFrame(width, height, i, background, buffer);
    const a = performance.now();
    generateMs += a - g;
    if (capture) {
      const waiting = capture.addFrame({ width, height, data: buffer }, { action: i % 4 });
      callMs += performance.now() - a;
      if (waiting) {
        waits++;
        await waiting;
      }
    }
    addFrameMs += performance.now() - a;
  }
  const loopMs = performance.now() - start;
  const files = capture ? await capture.end({ reward: sink > -1 ? 1 : 0 }) : null;
  const wallMs = performance.now() - start;
  const cpu = process.cpuUsage(cpuStart);
  await recorder.close();
  const bytes = files?.gif ? statSync(files.gif).size : 0;
  return {
    cpuMs: (cpu.user + cpu.system) / 1000,
    generateCpuMs: 0,
    wallMs,
    generateMs,
    encodeMs: wallMs - generateMs,
    bytes,
    peakRssMb: 0,
    addFrameMs,
    loopMs,
    callMs,
    waits,
  };
}

/** gifenc as its README shows it: every frame held, quantized on its own, one buffer at the end. */
function runNaive(spec: Spec): Measurement {
  const { width, height, frames, background } = spec.set;
  const g = performance.now();
  const all: Uint8Array[] = [];
  const scratch = new Uint8Array(width * height * 3);
  const generated = { user: 0, system: 0 };
  for (let i = 0; i < frames; i++) {
    const before = process.cpuUsage();
    makeFrame(width, height, i, background, scratch); // the same work as the streaming case's loop
    const used = process.cpuUsage(before);
    generated.user += used.user;
    generated.system += used.system;
    all.push(toRgba(scratch));
  }
  const generateMs = performance.now() - g;
  const start = performance.now();
  const cpuStart = process.cpuUsage();
  const encoder = gifenc.GIFEncoder();
  for (const rgba of all) {
    const palette = gifenc.quantize(rgba, 256);
    const index = gifenc.applyPalette(rgba, palette);
    encoder.writeFrame(index, width, height, { palette, delay: 1000 / FPS });
  }
  encoder.finish();
  const path = join(spec.out, 'naive.gif');
  writeFileSync(path, encoder.bytesView());
  const encodeMs = performance.now() - start;
  const cpu = process.cpuUsage(cpuStart);
  return {
    cpuMs: (cpu.user + cpu.system) / 1000,
    generateCpuMs: (generated.user + generated.system) / 1000,
    wallMs: encodeMs,
    generateMs,
    encodeMs,
    bytes: statSync(path).size,
    peakRssMb: 0,
  };
}

/** The same process, recorder loaded and worker started, but no episode: what the rest adds to. */
async function runBaseline(spec: Spec): Promise<Measurement> {
  const EpisodeRecorder = await loadRecorder(spec.module);
  const recorder = new EpisodeRecorder({ dir: spec.out, schedule: { every: 1 } });
  await recorder.record({
    episode: 0,
    frames: [{ width: 2, height: 2, data: new Uint8Array(12) }],
    reward: 0,
  });
  await recorder.close();
  return { cpuMs: 0, generateCpuMs: 0, wallMs: 0, generateMs: 0, encodeMs: 0, bytes: 0, peakRssMb: 0 };
}

async function child(spec: Spec): Promise<void> {
  const result =
    spec.mode === 'baseline'
      ? await runBaseline(spec)
      : spec.mode === 'naive'
        ? runNaive(spec)
        : await runStreaming(spec, spec.mode === 'streaming' ? null : spec.mode === 'loop-on' ? 'on' : 'off');
  result.peakRssMb = process.resourceUsage().maxRSS / 1024;
  process.stdout.write(`${JSON.stringify(result)}\n`);
}

let childScript = '';

function runChild(spec: Spec): Measurement {
  const run = spawnSync(process.execPath, [childScript, '--child', JSON.stringify(spec)], {
    encoding: 'utf8',
    maxBuffer: 1 << 20,
  });
  if (run.status !== 0)
    throw new Error(`bench child failed (${spec.mode}, ${spec.set.name}):\n${run.stderr}`);
  const last = run.stdout.trim().split('\n').pop() ?? '';
  return JSON.parse(last) as Measurement;
}

/** PSNR of every decoded frame against the generator, by omggif (a decoder independent of gifenc). */
function psnr(file: string, set: FrameSet): number {
  const reader = new GifReader(readFileSync(file));
  const rgba = new Uint8Array(set.width * set.height * 4);
  let squared = 0;
  let count = 0;
  for (let f = 0; f < reader.numFrames(); f++) {
    reader.decodeAndBlitFrameRGBA(f, rgba); // onto the previous frame's pixels: GIF disposal "keep"
    const source = makeFrame(set.width, set.height, f, set.background);
    for (let p = 0, q = 0; p < source.length; p += 3, q += 4) {
      for (let c = 0; c < 3; c++) {
        const d = (source[p + c] as number) - (rgba[q + c] as number);
        squared += d * d;
      }
    }
    count += source.length;
  }
  const mse = squared / count;
  return mse === 0 ? Number.POSITIVE_INFINITY : 10 * Math.log10((255 * 255) / mse);
}

const mb = (bytes: number) => (bytes / 1e6).toFixed(2);
const s = (ms: number) => (ms / 1000).toFixed(2);

function encoderTable(out: string, module: string): void {
  console.log(
    '| frames | encoder | encode s | CPU s | wall s | peak RSS MB | MB | PSNR dB |\n|---|---|---|---|---|---|---|---|',
  );
  const baseline = runChild({
    set: SETS[0] as FrameSet,
    mode: 'baseline',
    out: mkdtempSync(join(out, 'base-')),
    workIterations: 0,
    module,
  });
  console.log(
    `| (baseline: node, recorder loaded, worker started, no episode) | | | | | ${baseline.peakRssMb.toFixed(0)} | | |`,
  );
  for (const set of SETS) {
    let generateCpuMs = 0;
    const rows: string[] = [];
    for (const mode of ['naive', 'streaming'] as const) {
      const dir = mkdtempSync(join(out, 'case-'));
      const m = runChild({ set, mode, out: dir, workIterations: 0, module });
      if (mode === 'naive') generateCpuMs = m.generateCpuMs;
      else m.cpuMs -= generateCpuMs;
      const file =
        mode === 'naive' ? join(dir, 'naive.gif') : join(dir, 'bench_episode_0001_reward_1_avg_1.gif');
      const label =
        mode === 'streaming'
          ? '@evidence/animation (worker, streaming)'
          : 'gifenc naive (per-frame palette, all held)';
      rows.unshift(
        `| ${set.name} | ${label} | ${s(m.encodeMs)} | ${s(m.cpuMs)} | ${s(m.wallMs)} | ${m.peakRssMb.toFixed(0)} | ${mb(m.bytes)} | ${psnr(file, set).toFixed(1)} |`,
      );
      rmSync(dir, { recursive: true, force: true });
    }
    for (const row of rows) console.log(row);
  }
  console.log(
    '\nencode s: streaming = wall time from the first addFrame to end() resolved, minus frame generation;',
  );
  console.log(
    'naive = the encoder calls only. CPU s: every thread, frame generation excluded; steadier than',
  );
  console.log(
    `wall time on a busy machine (load average ${os.loadavg()[0]?.toFixed(1)} on ${os.cpus().length} cores).`,
  );
  console.log(
    "Targets (set A gradient): ≤ 2 s, peak RSS < 120 MB, ≤ 0.62 MB (ffmpeg's two-pass palette on similar frames).\n",
  );
}

async function main(): Promise<void> {
  const index = process.argv.indexOf('--child');
  if (index >= 0) {
    await child(JSON.parse(process.argv[index + 1] as string) as Spec);
    return;
  }
  const out = mkdtempSync(join(tmpdir(), 'evidence-animation-bench-'));
  const built = await buildForChildren();
  childScript = built.bench;
  const module = built.module;
  console.log(
    `@evidence/animation bench, Node ${process.version}, fps ${FPS}, a fresh build run by plain node; each case in a fresh process\n`,
  );
  // `pnpm bench --loop`: the training-loop case alone (a timing run short enough to repeat)
  const loopOnly = process.argv.includes('--loop');
  try {
    if (!loopOnly) encoderTable(out, module);

    const set = SETS[0] as FrameSet;
    const loadBefore = os.loadavg()[0]?.toFixed(2);
    const { iterations: workIterations, msPerStep: workMs } = calibrateWork();
    console.log(
      `work() calibrated to ${workMs.toFixed(2)} ms a step (asked ${WORK_MS} ms; ${workIterations} iterations, timed after warm-up)`,
    );
    // One ~1 s sample per side is noise on a shared 2-core machine: run off/on in pairs, alternating
    // which goes first, each in a fresh process, and report medians with their range.
    const pairs: { off: Measurement; on: Measurement }[] = [];
    for (let pair = 0; pair < LOOP_PAIRS; pair++) {
      const run = (mode: 'loop-off' | 'loop-on') => {
        const dir = mkdtempSync(join(out, 'loop-'));
        const m = runChild({ set, mode, out: dir, workIterations, module });
        rmSync(dir, { recursive: true, force: true });
        return m;
      };
      if (pair % 2 === 0) {
        const off = run('loop-off');
        pairs.push({ off, on: run('loop-on') });
      } else {
        const on = run('loop-on');
        pairs.push({ off: run('loop-off'), on });
      }
    }
    const slowdowns = pairs.map(({ off, on }) => ((on.wallMs - off.wallMs) / off.wallMs) * 100);
    const loopSlowdowns = pairs.map(({ off, on }) => (((on.loopMs ?? 0) - off.wallMs) / off.wallMs) * 100);
    const ons = pairs.map((p) => p.on);
    const offWall = median(pairs.map((p) => p.off.wallMs));
    const pct = (values: number[]) =>
      `${median(values).toFixed(1)} % (range ${Math.min(...values).toFixed(1)} … ${Math.max(...values).toFixed(1)})`;
    console.log(
      `training loop, ${set.name}, ${(offWall / set.frames).toFixed(1)} ms a step (CPU work + rendering), median of ${LOOP_PAIRS} off/on pairs, load average ${loadBefore} before, ${os.loadavg()[0]?.toFixed(2)} after:`,
    );
    console.log(
      `  recording off ${s(offWall)} s; on: loop ${s(median(ons.map((m) => m.loopMs ?? 0)))} s + end() ${s(median(ons.map((m) => m.wallMs - (m.loopMs ?? 0))))} s = ${s(median(ons.map((m) => m.wallMs)))} s`,
    );
    console.log(`  slowdown incl. end(): ${pct(slowdowns)} (target < 10 %)`);
    console.log(`  slowdown of the loop alone: ${pct(loopSlowdowns)}`);
    console.log(
      `  CPU (all threads): off ${s(median(pairs.map((p) => p.off.cpuMs)))} s, on ${s(median(ons.map((m) => m.cpuMs)))} s`,
    );
    console.log(
      `  addFrame: ${(median(ons.map((m) => m.callMs ?? 0)) / set.frames).toFixed(2)} ms a frame to copy and hand over, ${median(ons.map((m) => m.waits ?? 0))} of ${set.frames} calls waited (${(median(ons.map((m) => m.addFrameMs ?? 0)) / set.frames).toFixed(2)} ms a frame with waits); peak RSS ${median(ons.map((m) => m.peakRssMb)).toFixed(0)} MB`,
    );
  } finally {
    rmSync(out, { recursive: true, force: true });
    rmSync(built.dir, { recursive: true, force: true });
  }
}

await main();
