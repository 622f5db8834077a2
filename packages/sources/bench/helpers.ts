/**
 * What the benches share: timing (best of 3, wall and CPU seconds), the machine line printed beside
 * every figure, a seeded random source, SB3's progress.csv as its logger writes it, and a temp folder
 * removed whatever happens.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';

export interface Timing {
  /** Seconds on the clock. */
  wall: number;
  /** User + system seconds of the process: what the load of a shared machine changes least. */
  cpu: number;
}

/** The fastest of `times` runs, wall and CPU taken apart (each its own minimum). */
export async function best(run: () => unknown, times = 3): Promise<Timing> {
  const fastest = { wall: Number.POSITIVE_INFINITY, cpu: Number.POSITIVE_INFINITY };
  for (let i = 0; i < times; i++) {
    const start = performance.now();
    const cpu = process.cpuUsage();
    await run();
    const used = process.cpuUsage(cpu);
    fastest.wall = Math.min(fastest.wall, (performance.now() - start) / 1000);
    fastest.cpu = Math.min(fastest.cpu, (used.user + used.system) / 1e6);
  }
  return fastest;
}

/** Node, cores and the load average now: printed beside every absolute figure. */
export function machine(): string {
  return `node ${process.version} · ${os.cpus().length} cores · load average ${os.loadavg()[0]?.toFixed(1)}`;
}

/** The first number among the command's arguments, else `fallback`. */
export function sizeArgument(fallback: number): number {
  return Number(process.argv.slice(2).find((a) => /^\d+$/.test(a)) ?? fallback);
}

/** A seeded linear congruential source in [0, 1): the same files on every run. */
export function seeded(seed = 12345): () => number {
  let state = seed;
  return () => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state / 4294967296;
  };
}

/** SB3's logger progress.csv: timesteps, a rising noisy return, a loss and fps, `rows` rows. */
export function sb3Progress(rows: number, random: () => number): string {
  const lines = ['time/total_timesteps,rollout/ep_rew_mean,train/loss,time/fps'];
  for (let i = 1; i <= rows; i++)
    lines.push(`${i * 400},${(50 * i) / rows + random() * 40},${random().toFixed(6)},${1000 + i}`);
  return `${lines.join('\n')}\n`;
}

/** Runs `work` in a fresh temp folder, removed afterwards even when it throws. */
export async function inTempDir<T>(prefix: string, work: (dir: string) => Promise<T>): Promise<T> {
  const dir = mkdtempSync(join(os.tmpdir(), `evidence-${prefix}-`));
  try {
    return await work(dir);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** A count with thousands separators. */
export const count = (n: number): string => n.toLocaleString('en');

/** A markdown table: a header row, its rule (numbers right-aligned), then the rows. */
export function table(header: string[], rows: string[][], numeric = (i: number) => i > 0): string {
  const rule = header.map((_, i) => (numeric(i) ? '---:' : '---'));
  return [header, rule, ...rows].map((cells) => `| ${cells.join(' | ')} |`).join('\n');
}
