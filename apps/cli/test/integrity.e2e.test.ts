// Every command keeps the writers' promises: stoppable, bounded, never over a user's file, never exit 0
// on a failed write. Real processes: FIFOs, a real tmpfs, an unprivileged user, SIGINT to a busy child.
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { binPath, finished, python, runCli, startCli, tempDir } from './helpers.js';

const isRoot = process.getuid?.() === 0;
const asRoot = isRoot || process.env.CI === 'true';
if (!asRoot)
  console.warn(
    'SKIPPED the tmpfs and unprivileged-user tests: mount and setpriv need root (required when CI=true).',
  );

const pythonAvailable = spawnSync(python, ['--version']).status === 0 || process.env.CI === 'true';
if (!pythonAvailable) console.warn(`SKIPPED the 20,000-tag test: ${python} is not available`);

const LOG = 'step,reward,loss\n1,0.5,1\n2,0.7,0.8\n3,0.9,0.5\n4,1.1,0.4\n';
const COMPONENTS =
  'step,n,mean_cumulative,mean_terminal,mean_step_shaping,discovered_rate\n1,4,0.6,0.5,0.1,0.2\n2,4,0.7,0.6,0.1,0.3\n';

/** ROOT/{group}/{task}/seed{k}.csv: enough runs that a bootstrap of 100,000 resamples takes seconds. */
function manyRuns(groups: string[], seeds: number, columns = ['step', 'reward']): string {
  const root = tempDir('integrity-runs');
  groups.forEach((group, g) => {
    for (const task of ['t1', 't2', 't3']) {
      mkdirSync(join(root, group, task), { recursive: true });
      for (let k = 0; k < seeds; k++) {
        const lines = [columns.join(',')];
        for (let x = 1; x <= 50; x++)
          lines.push([x * 100, ...columns.slice(1).map((_, c) => (g + 1) * x + ((k * 7 + c) % 5))].join(','));
        writeFileSync(join(root, group, task, `seed${k}.csv`), `${lines.join('\n')}\n`);
      }
    }
  });
  return root;
}

describe('a FIFO among the logs', () => {
  it('report refuses it at once, naming it, instead of blocking forever', async () => {
    const dir = tempDir('fifo');
    execFileSync('mkfifo', [join(dir, 'training_log.csv')]);
    writeFileSync(join(dir, 'reward_components.csv'), COMPONENTS);
    // a FIFO that blocked would hang here until the test's patience ran out
    const result = await runCli(['report', dir]);
    // the rest is written, the FIFO is named as not read, and the exit code says an input was bad
    expect(result.code, result.stderr).toBe(1);
    expect(result.stdout).toMatch(/training_log\.csv: .*a named pipe \(FIFO\), not a regular file/);
    expect(result.stderr).toMatch(/^evidence: .*training_log\.csv: not a regular file; not read\n$/);
    expect(existsSync(join(dir, 'report', 'reward_components.png'))).toBe(true);
  });

  it('table and plot refuse a FIFO with exit 1 and one line', async () => {
    const dir = tempDir('fifo-cmds');
    const fifo = join(dir, 'log.csv');
    execFileSync('mkfifo', [fifo]);
    for (const args of [
      ['table', fifo],
      ['plot', fifo, '--y', 'loss', '-o', join(dir, 'x.png')],
    ]) {
      const result = await runCli(args);
      expect(result.code).toBe(1);
      expect(result.stderr).toMatch(/not a regular file/);
      expect(result.stderr.trimEnd().split('\n')).toHaveLength(1);
    }
  });
});

describe('a TensorBoard file of 20,000 tags (one value each, 0.9 MB)', () => {
  const oracle = fileURLToPath(new URL('../../../packages/sources/test/tb_oracle.py', import.meta.url));
  it.skipIf(!pythonAvailable)(
    'table, runs and export refuse it while reading, naming the file and the limit',
    async () => {
      const dir = tempDir('tags');
      mkdirSync(join(dir, 'run'));
      const file = join(dir, 'run', 'events.out.tfevents.1700000000.host.1.0');
      const records = Array.from({ length: 20_000 }, (_, step) => ({
        wall_time: 1_700_000_000 + step,
        step,
        values: [{ tag: `tag/${step}`, kind: 'simple', value: 0.5 }],
      }));
      writeFileSync(join(dir, 'spec.json'), JSON.stringify({ files: [{ path: file, records }] }));
      execFileSync(python, [oracle, 'write', join(dir, 'spec.json')]);
      for (const args of [
        ['table', 'run'],
        ['runs', '.'],
        ['export', '.', '--out', 'all.csv'],
      ]) {
        const result = await runCli(args, { cwd: dir });
        expect(result.code, args[0]).toBe(1);
        expect(result.stderr, args[0]).toMatch(
          /events\.out\.tfevents\.1700000000\.host\.1\.0: at least \d+ tags over \d+ steps: .* cells per value past 8,000,000; not read/,
        );
      }
    },
  );
});

describe('the ownership record holds only what was written', () => {
  it('report: a chart skipped once is not claimed, so a user file put there later is kept', async () => {
    const dir = tempDir('own');
    writeFileSync(join(dir, 'training_log.csv'), LOG);
    expect((await runCli(['report', dir])).code).toBe(0);
    const record = JSON.parse(readFileSync(join(dir, 'report', '.evidence-report.json'), 'utf8'));
    expect(record.files).not.toContain('reward_components.png');
    expect(record.files).toContain('training_curve.png');
    writeFileSync(join(dir, 'report', 'reward_components.png'), 'my own picture');
    writeFileSync(join(dir, 'reward_components.csv'), COMPONENTS);
    const again = await runCli(['report', dir]);
    expect(again.code, again.stderr).toBe(1); // a write not done, named
    expect(again.stderr).toMatch(/reward_components\.png: not written by evidence/);
    expect(readFileSync(join(dir, 'report', 'reward_components.png'), 'utf8')).toBe('my own picture');
    expect(again.stdout).toMatch(/skipped report\/reward_components\.png: a file this report did not write/);
  });

  it('plot: the same, and a chart evidence drew that the user then replaced is theirs', async () => {
    const dir = tempDir('own-plot');
    writeFileSync(join(dir, 'training_log.csv'), LOG);
    expect((await runCli(['plot', dir])).code).toBe(0);
    writeFileSync(join(dir, 'report', 'reward_components.png'), 'mine');
    writeFileSync(join(dir, 'reward_components.csv'), COMPONENTS);
    await runCli(['plot', dir]);
    expect(readFileSync(join(dir, 'report', 'reward_components.png'), 'utf8')).toBe('mine');
    // a chart evidence drew, replaced by the user's own: theirs from then on
    execFileSync('rm', [join(dir, 'report', 'training_curve.png')]);
    writeFileSync(join(dir, 'report', 'training_curve.png'), 'mine too');
    const third = await runCli(['plot', dir]);
    expect(third.stdout).toMatch(/skipped training_curve\.png: /);
    expect(readFileSync(join(dir, 'report', 'training_curve.png'), 'utf8')).toBe('mine too');
  });
});

describe.skipIf(!asRoot)('a full disk during report (a real tmpfs)', () => {
  it('a chart that cannot be written is an error (exit 1), and the earlier report is kept whole', async () => {
    const disk = join(tempDir('enospc'), 'disk');
    mkdirSync(disk);
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=1m', 'tmpfs', disk]);
    try {
      writeFileSync(join(disk, 'training_log.csv'), LOG);
      expect((await runCli(['report', disk])).code).toBe(0);
      const page = readFileSync(join(disk, 'report', 'index.html'));
      const record = readFileSync(join(disk, 'report', '.evidence-report.json'));
      writeFileSync(join(disk, 'reward_components.csv'), COMPONENTS);
      // fill the disk to its last byte
      try {
        for (let i = 0; ; i++) writeFileSync(join(disk, `filler${i}`), Buffer.alloc(4096));
      } catch (error) {
        expect((error as NodeJS.ErrnoException).code).toBe('ENOSPC');
      }
      const result = await runCli(['report', disk]);
      expect(result.code).toBe(1);
      expect(result.stderr).toMatch(/^evidence: .*report\/\w+\.png: no space left on device\n$/);
      expect(result.stdout).not.toMatch(/skipped report\/reward_components/);
      expect(readFileSync(join(disk, 'report', 'index.html')).equals(page)).toBe(true);
      expect(readFileSync(join(disk, 'report', '.evidence-report.json')).equals(record)).toBe(true);
      expect(readdirSync(join(disk, 'report')).filter((n) => n.endsWith('.tmp'))).toEqual([]);
    } finally {
      execFileSync('umount', [disk]);
    }
  });
});

describe.skipIf(!asRoot)('an unreadable run folder (chmod 000), as an unprivileged user', () => {
  /** The built CLI run as `nobody`, who cannot enter a folder with mode 000 (root can). */
  const asNobody = (args: string[], cwd: string) => {
    const child = spawn(
      'setpriv',
      ['--reuid=nobody', '--regid=nogroup', '--clear-groups', process.execPath, binPath, ...args],
      { cwd, env: { ...process.env, NO_COLOR: '1' }, stdio: ['ignore', 'pipe', 'pipe'] },
    ) as ReturnType<typeof startCli>;
    child.output = { stdout: '', stderr: '' };
    child.stdout?.setEncoding('utf8').on('data', (t: string) => {
      child.output.stdout += t;
    });
    child.stderr?.setEncoding('utf8').on('data', (t: string) => {
      child.output.stderr += t;
    });
    return finished(child);
  };

  it('runs, report, export, plot and table skip it with its reason and read the others', async () => {
    const base = tempDir('perm');
    chmodSync(base, 0o777);
    const root = join(base, 'root');
    for (const run of ['a', 'b']) {
      mkdirSync(join(root, run), { recursive: true });
      writeFileSync(join(root, run, 'progress.csv'), 'step,reward\n1,1\n2,2\n3,3\n');
    }
    execFileSync('chmod', ['-R', 'a+rwX', base]);
    chmodSync(join(root, 'b'), 0o000);
    const commands = [
      ['runs', 'root'],
      ['report', 'root'],
      ['export', 'root', '--out', 'all.csv'],
      ['plot', 'root', '-o', 'runs.png'],
      ['table', 'root'],
    ];
    for (const args of commands) {
      const result = await asNobody(args, base);
      expect(result.code, `${args[0]}: ${result.stderr}`).toBe(0);
      expect(`${result.stdout}${result.stderr}`, args[0]).toMatch(
        /b: .*folder not readable \(permission denied\)/,
      );
    }
  });
});

describe('Ctrl-C', () => {
  it('ends runs --resamples 100000 within a second, exit 130, nothing half-written in --out', async () => {
    const root = manyRuns(['a', 'b', 'c', 'd'], 10);
    const out = join(tempDir('sigint'), 'report');
    const child = startCli([
      'runs',
      root,
      '--pattern',
      '{group}/{task}/{run}.csv',
      '--resamples',
      '100000',
      '--out',
      out,
    ]);
    // busy: discovery printed its line, the bootstrap has started
    await new Promise<void>((resolve) => {
      const poll = setInterval(() => {
        if (child.output.stderr.includes('120 runs in 4 groups (')) {
          clearInterval(poll);
          resolve();
        }
      }, 20);
    });
    await new Promise((resolve) => setTimeout(resolve, 500));
    child.kill('SIGINT');
    const result = await finished(child);
    // 130 and no table: it stopped at the signal, in the bootstrap, not after finishing (how fast: not a test's business)
    expect(result.code).toBe(130);
    expect(result.stdout).not.toMatch(/IQM/);
    // whatever was written is whole; no temp file is left
    const left = existsSync(out) ? readdirSync(out) : [];
    expect(left.filter((name) => name.endsWith('.tmp'))).toEqual([]);
  });
});

describe('names from the data', () => {
  const NASTY = 'a\x07<b>&"c\x1b[31m\u0085\ufffe';
  const CONTROLS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\ufffe\uffff]/;

  it.skipIf(!pythonAvailable)(
    'control characters are stripped and names XML-escaped in every SVG and page (Python parses each SVG)',
    async () => {
      const root = tempDir('nasty');
      for (const group of [`g${NASTY}`, 'plain']) {
        for (let k = 0; k < 3; k++) {
          const dir = join(root, group, `seed${k}`);
          mkdirSync(dir, { recursive: true });
          const rows = Array.from(
            { length: 20 },
            (_, i) => `${(i + 1) * 10},${(i + 1) * (k + 1)},${1 / (i + 1)}`,
          );
          writeFileSync(
            join(dir, 'progress.csv'),
            `step,"rew${NASTY.replaceAll('"', '""')}",loss\n${rows.join('\n')}\n`,
          );
        }
      }
      const y = `rew${NASTY}`;
      const out = join(tempDir('nasty-out'), 'runs');
      const runs = await runCli(['runs', root, '--y', y, '--out', out, '--resamples', '200']);
      expect(runs.code, runs.stderr).toBe(0);
      const svgs = readdirSync(out)
        .filter((name) => name.endsWith('.svg'))
        .map((name) => join(out, name));
      const plotSvg = join(out, 'plot.svg');
      expect((await runCli(['plot', root, '--y', y, '-o', plotSvg])).code).toBe(0);
      svgs.push(plotSvg);
      expect(svgs.length).toBeGreaterThan(2);
      const parsed = execFileSync(
        python,
        [
          '-c',
          'import sys, xml.etree.ElementTree as ET\nfor f in sys.argv[1:]: ET.parse(f)\nprint(len(sys.argv) - 1)',
          ...svgs,
        ],
        { encoding: 'utf8' },
      );
      expect(parsed.trim()).toBe(String(svgs.length));
      for (const file of [...svgs, join(out, 'index.html')]) {
        const text = readFileSync(file, 'utf8');
        expect(CONTROLS.test(text), file).toBe(false);
        expect(text, file).not.toContain('<b>&');
      }
    },
  );

  it('metrics named constructor, toString, valueOf and __proto__ are data in compare and report', async () => {
    const dir = tempDir('keys');
    for (const [name, shift] of [
      ['pre_eval.jsonl', 0],
      ['post_eval.jsonl', 1],
    ] as const) {
      const lines = Array.from({ length: 20 }, (_, i) =>
        JSON.stringify({
          cumulative_reward: i / 20 + shift,
          constructor: i % 2 === 0,
          toString: i % 3 === 0,
          valueOf: i % 4 === 0,
          // `{ __proto__: … }` in a literal sets the prototype: the key is written into the JSON text
        }).replace(/}$/, `,"__proto__":${i % 5 === 0}}`),
      );
      writeFileSync(join(dir, name), `${lines.join('\n')}\n`);
    }
    const compare = await runCli([
      'compare',
      join(dir, 'pre_eval.jsonl'),
      join(dir, 'post_eval.jsonl'),
      '--resamples',
      '200',
    ]);
    expect(compare.code, compare.stderr).toBe(0);
    expect(compare.stdout).toMatch(/^constructor\s+0\.5000\s+0\.5000/m);
    expect(compare.stdout).toMatch(/^toString\s+0\.3500\s+0\.3500/m);
    expect(compare.stdout).toMatch(/^valueOf\s+0\.2500\s+0\.2500/m);
    expect(compare.stdout).toMatch(/^__proto__\s+0\.2000\s+0\.2000/m);
    const report = await runCli(['report', dir, '--resamples', '200']);
    expect(report.code, report.stderr).toBe(0);
    for (const file of ['index.html', 'REPORT.md', 'before_after_metrics.json']) {
      const text = readFileSync(join(dir, 'report', file), 'utf8');
      expect(text, file).not.toMatch(/native code|function Object/);
      expect(text, file).toContain('valueOf');
    }
    // a row of the table each, not only a word of the sample episodes (Markdown escapes the underscores)
    expect(readFileSync(join(dir, 'report', 'REPORT.md'), 'utf8')).toMatch(/^\| \\_\\_proto\\_\\_ \| 0\.2 /m);
    expect(readFileSync(join(dir, 'report', 'index.html'), 'utf8')).toContain('<td>__proto__</td>');
    const metrics = JSON.parse(readFileSync(join(dir, 'report', 'before_after_metrics.json'), 'utf8'));
    expect(Object.getOwnPropertyDescriptor(metrics.pre, '__proto__')?.value).toBe(0.2);
  });
});
