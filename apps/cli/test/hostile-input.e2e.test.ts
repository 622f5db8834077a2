import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { binPath, python, requireBuiltBin, runCli, tempDir, zeroPng } from './helpers.js';

// The independent TensorBoard writer of @evidence/sources' tests (frames records and encodes protobuf by hand).
const oracle = fileURLToPath(new URL('../../../packages/sources/test/tb_oracle.py', import.meta.url));
const pythonMissing = spawnSync(python, ['--version']).status !== 0 && process.env.CI !== 'true';
if (pythonMissing) console.warn(`skipping the 20,000-tag event file: ${python} is not available`);

const TIME = '/usr/bin/time';
const timeMissing = !existsSync(TIME) && process.env.CI !== 'true';
if (timeMissing) console.warn(`skipping the peak-memory checks: ${TIME} (GNU time) is not installed`);

const MB = 1024 * 1024;

/** Runs the command under GNU time: its exit code, output and peak memory (bytes); its wall time is pnpm bench's. */
function measured(args: string[], cwd: string) {
  requireBuiltBin();
  return new Promise<{ code: number | null; stdout: string; stderr: string; peak: number; seconds: number }>(
    (resolve, reject) => {
      const child = spawn(TIME, ['-v', process.execPath, binPath, ...args], {
        cwd,
        env: { ...process.env, NO_COLOR: '1' },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let stdout = '';
      let stderr = '';
      child.stdout.setEncoding('utf8').on('data', (text: string) => (stdout += text));
      child.stderr.setEncoding('utf8').on('data', (text: string) => (stderr += text));
      const timer = setTimeout(() => child.kill('SIGKILL'), 240_000);
      child.on('error', reject);
      child.on('close', (code) => {
        clearTimeout(timer);
        const peak = Number(/Maximum resident set size \(kbytes\): (\d+)/.exec(stderr)?.[1]) * 1024;
        const clock = /Elapsed \(wall clock\) time \(h:mm:ss or m:ss\): (?:(\d+):)?(\d+):([\d.]+)/.exec(
          stderr,
        );
        const seconds = clock
          ? Number(clock[1] ?? 0) * 3600 + Number(clock[2]) * 60 + Number(clock[3])
          : Number.NaN;
        // what the command printed, without GNU time's own lines after it
        const own =
          stderr.split(/^(?:Command exited with non-zero status \d+\n)?\tCommand being timed/m)[0] ?? '';
        resolve({ code, stdout, stderr: own, peak, seconds });
      });
    },
  );
}

describe.skipIf(timeMissing)(
  'hostile files stay under 512 MB, each refused or read with a clear line (their time: pnpm bench)',
  () => {
    it('gif: a PNG claiming 20000×20000 pixels is refused from its header, naming the frame and the limit', async () => {
      const dir = tempDir('huge-png');
      mkdirSync(join(dir, 'frames'));
      writeFileSync(join(dir, 'frames', 'f1.png'), zeroPng(20000, 20000, 16));
      const result = await measured(['gif', 'frames', '-o', 'out.gif'], dir);
      expect(result.code, result.stderr).toBe(1);
      expect(result.stderr.trim()).toBe(
        'evidence: frames/f1.png: frame 1 of 1 is 20000×20000 pixels; a frame may hold at most 16,777,216 (4096×4096)',
      );
      expect(result.peak).toBeLessThan(512 * MB);
      expect(readdirSync(dir).sort()).toEqual(['frames']);
    });

    it.skipIf(pythonMissing)(
      'import: a 0.9 MB event file of 20,000 tags, each at a step of its own (was 11.8 GB)',
      async () => {
        const dir = tempDir('tags');
        mkdirSync(join(dir, 'run'));
        const records = Array.from({ length: 20_000 }, (_, step) => ({
          wall_time: 1_700_000_000 + step,
          step,
          values: [{ tag: `tag/${step}`, kind: 'simple', value: 0.5 }],
        }));
        const file = join(dir, 'run', 'events.out.tfevents.1700000000.host.1.0');
        writeFileSync(join(dir, 'spec.json'), JSON.stringify({ files: [{ path: file, records }] }));
        execFileSync(python, [oracle, 'write', join(dir, 'spec.json')]);
        const result = await measured(['import', 'tensorboard', 'run', '--out', 'out.csv'], dir);
        // Read (values kept per tag) or refused with one line naming the file and the limit; never the grid.
        if (result.code === 0) expect(readFileSync(join(dir, 'out.csv'), 'utf8')).toContain('tag/19999');
        else {
          expect(result.code).toBe(1);
          expect(result.stderr.trim()).toMatch(
            /^evidence: run\/events\.out\.tfevents\.1700000000\.host\.1\.0: at least \d+ tags over \d+ steps: .* cells per value past 8,000,000/,
          );
        }
        expect(result.peak).toBeLessThan(512 * MB);
      },
    );

    for (const [name, header] of [
      ['metrics.csv', 'step'],
      ['progress.csv', 'time/total_timesteps'],
    ] as const) {
      it(`report: a 30 KB ${name} of 5,000 columns draws at most 12 charts and says so`, async () => {
        const dir = tempDir('wide');
        const columns = [header, ...Array.from({ length: 4999 }, (_, i) => `k${i}`)];
        const rows = [0, 1, 2].map((step) => [step, ...Array(4999).fill(1)].join(','));
        writeFileSync(join(dir, name), `${[columns.join(','), ...rows].join('\n')}\n`);
        const result = await measured(['report', '.'], dir);
        expect(result.code, result.stderr).toBe(0);
        expect(result.stdout).toContain('(the first 12 of its 834 charts: at most 12 per source;');
        expect(readdirSync(join(dir, 'report')).filter((file) => file.endsWith('.png'))).toHaveLength(12);
        expect(result.peak).toBeLessThan(512 * MB);
      });
    }
  },
);

describe('bad input that used to hang, crash or run for hours', () => {
  it('table and compare refuse a FIFO at once (reading it blocked forever)', async () => {
    const dir = tempDir('fifo');
    execFileSync('mkfifo', [join(dir, 'log.csv')]);
    const table = await runCli(['table', 'log.csv'], { cwd: dir });
    expect(table.code).toBe(1);
    expect(table.stderr.trim()).toBe(
      'evidence: log.csv: is not a regular file (a named pipe or a device); only files are read',
    );
    const compare = await runCli(['compare', 'log.csv', 'log.csv'], { cwd: dir });
    expect(compare.code).toBe(1);
    expect(compare.stderr).toContain('log.csv: is not a regular file');
  });

  it('table: a torn traceback whose lines look like rows is never shown as rows', async () => {
    const dir = tempDir('torn-quote');
    writeFileSync(join(dir, 'log.csv'), 'step,loss,note\n1,0.9,ok\n4,0.6,"traceback:\n99,1000000000,x\n');
    const result = await runCli(['table', 'log.csv'], { cwd: dir });
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).not.toMatch(/99|1e\+?9|1000000000/);
    expect(result.stderr).toContain(
      'log.csv:3: torn last record (a quoted cell opened here never closes); not read: "4,0.6,\\"traceback:\\n99,1000000000,x\\n"',
    );
  });

  it('--resamples has an upper bound: a usage error naming it', async () => {
    for (const args of [
      ['compare', 'a.jsonl', 'b.jsonl'],
      ['report', '.'],
      ['runs', '.'],
    ]) {
      const result = await runCli([...args, '--resamples', '1000000000']);
      expect(result.code, args[0]).toBe(2);
      expect(result.stderr, args[0]).toContain('expected an integer from 100 to 100000');
    }
  });

  it("report: text in an SB3 monitor's r column leaves that episode out, named, and the report is made", async () => {
    const dir = tempDir('sb3-text');
    writeFileSync(
      join(dir, 'monitor.csv'),
      '#{"t_start": 1700000000.0, "env_id": "CartPole-v1"}\nr,l,t\n10.0,10,0.5\nabc,12,0.9\n15.0,15,1.3\n',
    );
    const result = await runCli(['report', '.'], { cwd: dir });
    expect(result.code, result.stderr).toBe(0);
    expect(`${result.stdout}${result.stderr}`).toContain(
      'monitor.csv:4: "r" is "abc", not a number; episode left out',
    );
    expect(readFileSync(join(dir, 'report', 'REPORT.md'), 'utf8')).toContain('2 episodes');
  });
});

describe('terminal escapes read from data are shown, never sent', () => {
  const ESC = '\u001b';
  const hostile = `${ESC}]0;pwned\u0007${ESC}[2J`;
  const shown = '\\x1b]0;pwned\\x07\\x1b[2J';

  it('runs: a folder name', async () => {
    const root = tempDir('runs-escape');
    for (const group of [`a${hostile}`, 'b']) {
      mkdirSync(join(root, group), { recursive: true });
      for (const seed of [0, 1]) {
        const lines = ['step,reward', ...Array.from({ length: 20 }, (_, i) => `${i},${i * (seed + 1)}`)];
        writeFileSync(join(root, group, `seed${seed}.csv`), `${lines.join('\n')}\n`);
      }
    }
    const result = await runCli(['runs', root, '--pattern', '{group}/{run}.csv', '--resamples', '200']);
    const output = result.stdout + result.stderr;
    expect(output).not.toContain(ESC);
    expect(output).toContain(shown);
    const json = await runCli([
      'runs',
      root,
      '--pattern',
      '{group}/{run}.csv',
      '--resamples',
      '200',
      '--json',
    ]);
    expect(json.stdout).not.toContain(ESC);
    expect(JSON.stringify(JSON.parse(json.stdout))).toContain('\\u001b]0;pwned');
  });

  it('plot: a file name in an error', async () => {
    const dir = tempDir('plot-escape');
    const file = `log${hostile}.csv`;
    writeFileSync(join(dir, file), 'step,loss\n1,0.5\n');
    const result = await runCli(['plot', file, '--y', 'nope'], { cwd: dir });
    expect(result.code).toBe(1);
    expect(result.stderr).not.toContain(ESC);
    expect(result.stderr).toContain(`log${shown}.csv`);
  });

  it('compare: an outcome key of an episode', async () => {
    const dir = tempDir('compare-escape');
    const episodes = (reward: number) =>
      Array.from(
        { length: 8 },
        (_, i) => `${JSON.stringify({ cumulative_reward: reward + i, [`won${hostile}`]: i % 2 === 0 })}\n`,
      ).join('');
    writeFileSync(join(dir, 'pre.jsonl'), episodes(0));
    writeFileSync(join(dir, 'post.jsonl'), episodes(5));
    const result = await runCli(['compare', 'pre.jsonl', 'post.jsonl', '--resamples', '200'], { cwd: dir });
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout + result.stderr).not.toContain(ESC);
  });

  it('env: a variable value', async () => {
    const result = await runCli(['env'], { env: { EVIDENCE_ANIMATION_FPS: hostile, EVIDENCE_DIR: hostile } });
    expect(result.stdout + result.stderr).not.toContain(ESC);
    expect(result.stdout + result.stderr).toContain('\\x1b');
  });
});
