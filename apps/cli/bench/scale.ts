/**
 * Scale (issue 32): each command on big inputs beside DuckDB doing the same work, in the same run, as
 * whole processes (wall seconds and peak RSS from /usr/bin/time -v). Inputs are generated in a temp folder.
 *
 *   pnpm bench                  full sizes (about 10 minutes on 2 loaded cores)
 *   tsx bench/scale.ts 0.1      a tenth of every size (quick look; the targets are for the full sizes)
 *   tsx bench/scale.ts --only export   one part: runs, export, report or many
 *
 * | work | target |
 * | runs --json, long table 10 seeds × 100,000 steps | ≤ 3 × DuckDB read_csv … GROUP BY seed |
 * | split linearity: runs --json on 2× the rows | ≤ 2.5 × the time |
 * | export --out x.parquet, 400 runs × 2,500 rows × 8 metrics | ≤ 400 MB, ≤ 3 × DuckDB CSV → Parquet |
 * | report on a 10M-row training_log.csv | ≤ 600 MB, page ≤ 3 MB |
 * | runs --json (discovery + read), 2,000 runs × 2,500 rows, reward | ≤ 5 s, ≤ 500 MB |
 */
import { spawnSync } from 'node:child_process';
import {
  createWriteStream,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const SCALE = Number(process.argv.slice(2).find((a) => /^[\d.]+$/.test(a)) ?? 1);
/** `--only export` (or runs, report, many): that row alone. */
const ONLY = process.argv.includes('--only') ? process.argv[process.argv.indexOf('--only') + 1] : undefined;
const want = (part: string) => ONLY === undefined || ONLY === part;
const TIMEOUT_S = Number(process.env.BENCH_TIMEOUT ?? 600);
const bin = fileURLToPath(new URL('../dist/bin.js', import.meta.url));
const duckdbModule = pathToFileURL(createRequire(import.meta.url).resolve('@duckdb/node-api')).href;
const n = (x: number) => Math.max(1, Math.round(x * SCALE));

interface Measure {
  seconds: number;
  mb: number;
  ok: boolean;
  note: string;
}

/** A whole process under /usr/bin/time -v: wall seconds and peak RSS; a timeout is said, not hidden. */
function measure(command: string[], stdout?: string): Measure {
  const result = spawnSync('/usr/bin/time', ['-v', ...command], {
    encoding: 'utf8',
    timeout: TIMEOUT_S * 1000,
    maxBuffer: 1 << 30,
  });
  if (stdout) writeFileSync(stdout, result.stdout ?? '');
  const rss = /Maximum resident set size \(kbytes\): (\d+)/.exec(result.stderr ?? '');
  const wall = /Elapsed \(wall clock\) time \(h:mm:ss or m:ss\): (?:(\d+):)?(\d+):([\d.]+)/.exec(
    result.stderr ?? '',
  );
  if (result.error || !rss || !wall)
    return { seconds: TIMEOUT_S, mb: Number.NaN, ok: false, note: `> ${TIMEOUT_S} s (stopped)` };
  const seconds = Number(wall[1] ?? 0) * 3600 + Number(wall[2]) * 60 + Number(wall[3]);
  const ok = result.status === 0;
  return {
    seconds,
    mb: Number(rss[1]) / 1024,
    ok,
    note: ok ? '' : `exit ${result.status}: ${(result.stderr ?? '').split('\n').slice(0, 2).join(' ')}`,
  };
}

/** DuckDB running `sql` as its own process (its Node package, the dev dependency of the tests). */
function duckdb(dir: string, sql: string): Measure {
  const script = join(dir, `duckdb-${Math.random().toString(36).slice(2)}.mjs`);
  writeFileSync(
    script,
    `import { DuckDBInstance } from ${JSON.stringify(duckdbModule)};\n` +
      `const c = await (await DuckDBInstance.create(':memory:')).connect();\n` +
      `const r = await c.runAndReadAll(${JSON.stringify(sql)});\nconsole.log(JSON.stringify(r.getRowObjectsJson()).length);\n`,
  );
  return measure([process.execPath, script]);
}

const evidence = (args: string[], stdout?: string) => measure([process.execPath, bin, ...args], stdout);

/** Writes lines produced in chunks to a file (no whole-file string). */
async function writeLines(path: string, header: string, rows: number, line: (i: number) => string) {
  const out = createWriteStream(path);
  let chunk = `${header}\n`;
  for (let i = 0; i < rows; i++) {
    chunk += `${line(i)}\n`;
    if (chunk.length > 1 << 20) {
      if (!out.write(chunk)) await new Promise<void>((r) => out.once('drain', () => r()));
      chunk = '';
    }
  }
  out.end(chunk);
  await new Promise<void>((r) => out.on('finish', () => r()));
}

let state = 12345;
const random = () => {
  state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
  return state / 4294967296;
};
const r6 = () => Math.round(random() * 1e6) / 1e6;

/** A long table: `seeds` runs of `steps` rows each, one after the other. */
async function longTable(path: string, seeds: number, steps: number) {
  await writeLines(path, 'seed,step,reward,loss', seeds * steps, (i) => {
    const step = i % steps;
    return `${Math.floor(i / steps)},${step * 10},${(step / steps + r6()).toFixed(6)},${r6()}`;
  });
}

/** 400 run folders (Ray Tune trials: params.json with lr, progress.csv with 8 metrics) and the same values as one long CSV. */
async function sweep(root: string, runs: number, rows: number) {
  const metrics = [
    'episode_reward_mean',
    'policy_loss',
    'vf_loss',
    'entropy',
    'kl',
    'cur_lr',
    'fps',
    'clip_frac',
  ];
  const long = createWriteStream(join(root, 'long.csv'));
  long.write('run,lr,metric,step,value\n');
  for (let r = 0; r < runs; r++) {
    const lr = [1e-4, 3e-4, 1e-3, 3e-3][r % 4] as number;
    const dir = join(root, 'sweep', `trial_lr=${lr}_seed=${Math.floor(r / 4)}`);
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, 'params.json'), JSON.stringify({ lr, gamma: 0.99, seed: Math.floor(r / 4) }));
    const lines = [`timesteps_total,${metrics.join(',')}`];
    const longLines: string[] = [];
    for (let i = 1; i <= rows; i++) {
      const values = metrics.map(() => r6());
      lines.push(`${i * 400},${values.join(',')}`);
      for (let k = 0; k < metrics.length; k++)
        longLines.push(`${r},${lr},${metrics[k]},${i * 400},${values[k]}`);
    }
    writeFileSync(join(dir, 'progress.csv'), `${lines.join('\n')}\n`);
    if (!long.write(`${longLines.join('\n')}\n`))
      await new Promise<void>((done) => long.once('drain', () => done()));
  }
  long.end();
  await new Promise<void>((done) => long.on('finish', () => done()));
}

/** `runs` folders of an SB3 progress.csv each (4 columns). */
function folders(root: string, runs: number, rows: number) {
  for (let r = 0; r < runs; r++) {
    const dir = join(root, ['PPO', 'A2C', 'DQN', 'SAC'][r % 4] as string, `seed${Math.floor(r / 4)}`);
    mkdirSync(dir, { recursive: true });
    const lines = ['time/total_timesteps,rollout/ep_rew_mean,train/loss,time/fps'];
    for (let i = 1; i <= rows; i++)
      lines.push(`${i * 400},${((50 * i) / rows + random() * 40).toFixed(4)},${r6()},${1000 + i}`);
    writeFileSync(join(dir, 'progress.csv'), `${lines.join('\n')}\n`);
  }
}

function trainingLog(path: string, rows: number) {
  return writeLines(
    path,
    'step,epoch,loss,reward,reward_std,kl,grad_norm,learning_rate,wall_time_s',
    rows,
    (i) =>
      [
        i,
        Math.floor(i / 100_000),
        r6(),
        (Math.tanh((3 * i) / rows) + r6() / 5).toFixed(6),
        r6(),
        r6(),
        r6(),
        0.0003,
        (i / 100).toFixed(2),
      ].join(','),
  );
}

const sizeOf = (dir: string): number =>
  readdirSync(dir, { withFileTypes: true }).reduce(
    (sum, e) => sum + (e.isDirectory() ? sizeOf(join(dir, e.name)) : statSync(join(dir, e.name)).size),
    0,
  );

const rows: string[] = [];
const fmt = (m: Measure) => (m.ok ? `${m.seconds.toFixed(1)} s, ${Math.round(m.mb)} MB` : m.note);
function row(work: string, ours: Measure, duck: Measure | null, target: string, met: boolean | null) {
  const ratio = duck?.ok && ours.ok ? ` (${(ours.seconds / duck.seconds).toFixed(1)}×)` : '';
  rows.push(
    `| ${work} | ${fmt(ours)}${ratio} | ${duck ? fmt(duck) : '—'} | ${target} | ${met === null ? '—' : met ? 'met' : '**not met**'} |`,
  );
  console.error(rows.at(-1));
}

const root = mkdtempSync(join(os.tmpdir(), 'evidence-scale-bench-'));
try {
  if (want('runs')) {
    // 1. runs --json on a long table, and the split's linearity
    const seeds = 10;
    const steps = n(100_000);
    const table = join(root, 'long_table.csv');
    await longTable(table, seeds, steps);
    const ours1 = evidence(['runs', table, '--json'], join(root, 'runs.json'));
    const duck1 = duckdb(
      root,
      `SELECT seed, count(*), avg(reward), max(reward) FROM read_csv('${table}') GROUP BY seed`,
    );
    row(
      `runs --json, long table ${seeds} seeds × ${steps.toLocaleString('en')} steps`,
      ours1,
      duck1,
      '≤ 3× DuckDB',
      ours1.ok && ours1.seconds <= 3 * duck1.seconds,
    );
    const half = join(root, 'half.csv');
    const whole = join(root, 'whole.csv');
    // big enough that the split, not the process start, is what doubles
    await longTable(half, 1, n(200_000));
    await longTable(whole, 1, n(400_000));
    const a = evidence(['runs', half, '--json'], join(root, 'half.json'));
    const b = evidence(['runs', whole, '--json'], join(root, 'whole.json'));
    const growth = b.seconds / a.seconds;
    rows.push(
      `| split linearity: one run of ${n(200_000).toLocaleString('en')} → ${n(400_000).toLocaleString('en')} rows | ${fmt(a)} → ${fmt(b)} (${growth.toFixed(1)}×) | — | ≤ 2.5× | ${a.ok && b.ok && growth <= 2.5 ? 'met' : '**not met**'} |`,
    );
    console.error(rows.at(-1));
  }

  if (want('export')) {
    // 2. export of a sweep
    const runs = n(400);
    await sweep(root, runs, 2_500);
    const ours2 = evidence(['export', join(root, 'sweep'), '--out', join(root, 'runs.parquet')]);
    const duck2 = duckdb(
      root,
      `COPY (SELECT * FROM read_csv('${join(root, 'long.csv')}')) TO '${join(root, 'duck.parquet')}' (FORMAT parquet)`,
    );
    row(
      `export --out x.parquet, ${runs} runs × 2,500 rows × 8 metrics`,
      ours2,
      duck2,
      '≤ 400 MB, ≤ 3× DuckDB',
      ours2.ok && ours2.mb <= 400 && ours2.seconds <= 3 * duck2.seconds,
    );
    rmSync(join(root, 'sweep'), { recursive: true, force: true });
  }

  if (want('report')) {
    // 3. report on a long training log
    const logRows = n(10_000_000);
    const ev = join(root, 'evidence');
    mkdirSync(ev);
    await trainingLog(join(ev, 'training_log.csv'), logRows);
    const ours3 = evidence(['report', ev]);
    const page = sizeOf(join(ev, 'report'));
    const duck3 = duckdb(
      root,
      `SELECT step // 4096 AS b, min(reward), max(reward), min(loss), max(loss) FROM read_csv('${join(ev, 'training_log.csv')}') GROUP BY b`,
    );
    row(
      `report, training_log.csv of ${logRows.toLocaleString('en')} rows (page ${(page / 1e6).toFixed(2)} MB)`,
      ours3,
      duck3,
      '≤ 600 MB, page ≤ 3 MB',
      ours3.ok && ours3.mb <= 600 && page <= 3e6,
    );
    const plot3 = evidence([
      'plot',
      join(ev, 'training_log.csv'),
      '--y',
      'reward,loss',
      '-o',
      join(root, 'plot.png'),
    ]);
    row('plot --y reward,loss of the same log', plot3, duck3, '≤ 600 MB', plot3.ok && plot3.mb <= 600);
    rmSync(ev, { recursive: true, force: true });
  }

  if (want('many')) {
    // 4. discovery and read of many runs
    const many = n(2_000);
    folders(join(root, 'many'), many, 2_500);
    const ours4 = evidence(['runs', join(root, 'many'), '--json'], join(root, 'many.json'));
    const duck4 = duckdb(
      root,
      `SELECT filename, avg("rollout/ep_rew_mean") FROM read_csv('${join(root, 'many')}/*/*/progress.csv', filename = true) GROUP BY filename`,
    );
    row(
      `runs --json (discovery + read), ${many.toLocaleString('en')} runs × 2,500 rows`,
      ours4,
      duck4,
      '≤ 5 s, ≤ 500 MB',
      ours4.ok && ours4.seconds <= 5 && ours4.mb <= 500,
    );
  }

  console.log(
    `\nevidence at scale ×${SCALE} · node ${process.version} · ${os.cpus().length} cores · load average ${os.loadavg()[0]?.toFixed(1)} · whole processes, /usr/bin/time -v\n`,
  );
  console.log('| work | evidence (wall, peak RSS) | DuckDB, same work | target | |');
  console.log('| --- | --- | --- | --- | --- |');
  for (const line of rows) console.log(line);
} finally {
  rmSync(root, { recursive: true, force: true });
}
