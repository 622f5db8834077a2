import {
  appendFileSync,
  existsSync,
  mkdirSync,
  readFileSync,
  renameSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { copyFixture, finished, fixtureDir, runCli, startCli, tempDir, waitForOutput } from './helpers.js';

/** C0 and C1 control characters other than the newline that ends each printed line. */
const RAW_CONTROLS = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f]/;

describe('evidence table', () => {
  it('renders the reference training log with a format per column', async () => {
    const dir = copyFixture();
    const result = await runCli(['table', join(dir, 'training_log.csv')]);
    expect(result.code).toBe(0);
    expect(result.stderr).toBe('');
    const header = result.stdout.split('\n').find((line) => line.includes('loss'));
    expect(header).toMatch(/step.*epoch.*loss.*reward.*learning_rate/);
    expect(result.stdout).toContain('0.9002'); // loss of step 1, 4 decimals
    expect(result.stdout).toContain('1.10e-06'); // learning rate in scientific notation
    expect(result.stdout.split('\n').filter((line) => /\b300\b/.test(line)).length).toBeGreaterThan(0);
  });

  it('reports a torn last line and a wrong field count with line numbers, and shows the rest', async () => {
    const dir = tempDir('table');
    const csv = join(dir, 'log.csv');
    writeFileSync(csv, 'step,loss\n1,0.5001\n2,0.5002,extra\n3,0.5003\n4,0.50');
    const result = await runCli(['table', csv]);
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('0.5001');
    expect(result.stdout).toContain('0.5003');
    expect(result.stdout).not.toContain('0.5002');
    expect(result.stderr).toMatch(/log\.csv:3: expected 2 fields \(as in the header\), found 3/);
    // just written: a writer may be half-way through it, said as every command says it
    expect(result.stderr).toMatch(
      /log\.csv:5: last line has no line end \(torn by a crash or still being written: the file was modified \d+ s ago, it may be being written\); not read: "4,0\.50"/,
    );
  });

  it('agrees with export on a settled file without a last newline: a whole quoted record is a row, a cut one is torn (issue 40)', async () => {
    const dir = tempDir('table-settled');
    const cases = {
      whole: 'step,reward,name\n1,0.5,"a"\n2,0.7,"b"\n3,0.9,"last"',
      'open-quote': 'step,reward,name\n1,0.5,"a"\n2,0.7,"b"\n3,0.9,"la',
      'few-cells': 'step,reward,name\n1,0.5,"a"\n2,0.7,"b"\n3,"x"',
      'bare-number': 'step,reward,name\n1,0.5,"a"\n2,0.7,"b"\n3,0.9,9',
      // a quoted cell spanning lines: one record, judged whole as one, named at the line it opens on
      'multi-line': 'step,reward,name\n1,0.5,"a"\n2,0.7,"b"\n3,0.9,"la\nst"',
      'multi-line-open': 'step,reward,name\n1,0.5,"a"\n2,0.7,"b"\n3,0.9,"la\nst',
    };
    const kept = new Set(['whole', 'multi-line']);
    const hourAgo = new Date(Date.now() - 3_600_000);
    for (const [name, text] of Object.entries(cases)) {
      const csv = join(dir, `${name}.csv`);
      writeFileSync(csv, text);
      utimesSync(csv, hourAgo, hourAgo); // settled: nobody is appending
      const table = await runCli(['table', '--json', csv]);
      const exported = await runCli(['export', csv, '-o', '-']);
      expect(table.code).toBe(0);
      expect(exported.code).toBe(0);
      const tableSteps = table.stdout
        .trim()
        .split('\n')
        .map((line) => JSON.parse(line).step);
      const exportSteps = exported.stdout
        .trim()
        .split('\n')
        .slice(1)
        .map((line) => Number(line.split(',')[6]));
      expect(tableSteps, name).toEqual(kept.has(name) ? [1, 2, 3] : [1, 2]);
      expect(exportSteps, name).toEqual(tableSteps);
      // both say it of the same line in the same words (issue 40): csv-log's, whichever reads it
      const saidOf: Record<string, string> = {
        // (then how long ago, in minutes: not pinned, a slow machine may take one more)
        whole:
          'last line has no line end; read as data: it is complete (every cell, its last cell closed by its quote) and the file was last modified ',
        'multi-line':
          'last line has no line end; read as data: it is complete (every cell, its last cell closed by its quote) and the file was last modified ',
        'open-quote': 'torn last line (no line end, a quoted cell never closed); not read: "3,0.9,\\"la"',
        'few-cells':
          'last line has no line end and 2 cells where the header has 3 (torn); not read: "3,\\"x\\""',
        'bare-number':
          'last line has no line end and its last cell is no quoted text closed, so a cut cannot be told from a value (torn); not read: "3,0.9,9"',
        'multi-line-open':
          'torn last record (a quoted cell opened here never closes); not read: "3,0.9,\\"la\\nst"',
      };
      const line = `${name}.csv:4: ${saidOf[name]}`;
      expect(table.stderr, name).toContain(line);
      expect(exported.stderr, name).toContain(line);
      expect(exported.stderr, name).not.toContain('Quoted field unterminated');
      if (name === 'whole' || name === 'multi-line')
        expect(JSON.parse(table.stdout.trim().split('\n')[2] as string)).toEqual({
          step: 3,
          reward: 0.9,
          name: name === 'whole' ? 'last' : 'la\nst',
        });
    }
  });

  // issue 40: every command says the same of the same file, in csv-log's words
  /** A file written under `dir`, settled: modified an hour ago, nobody is appending. */
  const settledFile = (dir: string, path: string, text: string) => {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), text);
    const hourAgo = new Date(Date.now() - 3_600_000);
    utimesSync(join(dir, path), hourAgo, hourAgo);
  };
  /** Every command that reads a folder through the discovery, writing under the folder's parent. */
  const folderCommands = (folder: string) => [
    ['table', folder],
    ['runs', folder],
    ['export', folder, '-o', '-'],
    ['plot', folder, '-o', `${folder}.png`],
    ['report', folder, '-o', `${folder}-report`],
  ];

  it('says a settled torn tail of too few cells in the same words on every command, and goes on (issue 40)', async () => {
    const dir = tempDir('torn-words');
    const write = (path: string, text: string) => settledFile(dir, path, text);
    // cut after `1000,1009`: two cells of three, skipped and said, never a failure
    write('short/log.csv', 'step,reward,loss\n1,0.5,0.1\n2,0.7,0.2\n1000,1009');
    const torn =
      'short/log.csv:4: last line has no line end and 2 cells where the header has 3 (torn); not read: "1000,1009"';
    for (const args of [
      ['table', 'short/log.csv'],
      ['table', '--json', 'short/log.csv'],
      ...folderCommands('short'),
    ]) {
      const result = await runCli(args, { cwd: dir });
      expect(result.code, `${args.join(' ')}: ${result.stderr}`).toBe(0);
      expect(result.stderr, args.join(' ')).toContain(torn);
      expect(result.stdout, args.join(' ')).not.toMatch(/\b1009\b/);
    }
  });

  it("says an evidence log's torn tail in the same words on every command (csv-log's readers and sources') (issue 40)", async () => {
    const dir = tempDir('torn-words-own');
    const evidence = copyFixture();
    appendFileSync(join(evidence, 'training_log.csv'), '999,9.9');
    const lines = readFileSync(join(evidence, 'training_log.csv'), 'utf8').split('\n').length;
    const own = `training_log.csv:${lines}: last line has no line end (torn by a crash or still being written); not read: "999,9.9"`;
    for (const args of [
      ['table', 'training_log.csv'],
      ['runs', '.'],
      ['export', '.', '-o', '-'],
      ['plot', '.', '-o', join(dir, 'evidence.png')],
      ['report', '.', '-o', join(dir, 'evidence-report')],
    ]) {
      const result = await runCli(args, { cwd: evidence });
      expect(result.code, `${args.join(' ')}: ${result.stderr}`).toBe(0);
      expect(result.stderr, args.join(' ')).toContain(own);
    }
  });

  it('says a header whose quoted cell never closes in the same words on every command: that file refused, the others read (issue 40)', async () => {
    const dir = tempDir('torn-words-header');
    const write = (path: string, text: string) => settledFile(dir, path, text);
    write('mixed/bad.csv', 'step,"reward\n1,0.5\n2,0.7\n');
    write('mixed/good.csv', 'step,reward\n1,0.5\n2,0.75\n');
    const header =
      'header line 1, column 6: a quoted cell opens there and never closes (expected a closing " before the end of the file), so the header never ends; the file is not read';
    const table = await runCli(['table', 'mixed/bad.csv'], { cwd: dir });
    expect(table.code).toBe(1);
    expect(table.stderr).toBe(`evidence: mixed/bad.csv: ${header}\n`);
    for (const args of folderCommands('mixed')) {
      const result = await runCli(args, { cwd: dir });
      const said = `${result.stdout}${result.stderr}`;
      expect(result.code, `${args.join(' ')}: ${said}`).toBe(0);
      // the report lists what it skipped by name inside the folder it reports on
      expect(said, args[0]).toContain(
        args[0] === 'report' ? `skipped bad.csv: ${header}` : `mixed/bad.csv: skipped: ${header}`,
      );
      expect(said, args[0]).not.toContain('Quoted field unterminated');
    }
    expect(existsSync(join(dir, 'mixed.png'))).toBe(true);
    expect(existsSync(join(dir, 'mixed-report', 'index.html'))).toBe(true);
    const exported = await runCli(['export', 'mixed', '-o', '-'], { cwd: dir });
    expect(exported.stdout).toMatch(/good\.csv,reward,2,,0\.75$/m);
    // alone in its folder: nothing to read, an error that says why
    write('alone/bad.csv', 'step,"reward\n1,0.5\n2,0.7\n');
    for (const args of folderCommands('alone')) {
      const result = await runCli(args, { cwd: dir });
      expect(result.code, args[0]).toBe(1);
      expect(result.stderr, args[0]).toContain(header);
    }
  });

  it('reads a Python-written log (\\r\\n) that a resumed run appended to with \\n', async () => {
    const csv = join(copyFixture(), 'training_log.csv');
    appendFileSync(
      csv,
      '301,3.01,0.1,1.5,0.2,0.01,0.5,1e-6,600.5\n302,3.02,0.1,1.5,0.2,0.01,0.5,1e-6,602.5\n',
    );
    const result = await runCli(['table', csv]);
    expect(result.code).toBe(0);
    expect(result.stderr).toBe('');
    expect(result.stdout).toMatch(/^\s*301\s.*600\.5000$/m);
    expect(result.stdout).toMatch(/^\s*302\s.*602\.5000$/m);
  });

  it('keeps quoted text with commas and newlines as one cell', async () => {
    const dir = tempDir('quoted');
    const csv = join(dir, 'log.csv');
    writeFileSync(csv, 'step,note,loss\n1,"a, b",0.25\n2,"two\nlines",0.125\n3,plain,0.0625\n');
    const result = await runCli(['table', csv]);
    expect(result.code).toBe(0);
    expect(result.stderr).toBe('');
    expect(result.stdout).toContain('a, b');
    expect(result.stdout).toContain('0.0625');
  });

  it('a missing file is bad input; an empty file too, saying so', async () => {
    const missing = await runCli(['table', 'nope.csv']);
    expect(missing.code).toBe(1);
    expect(missing.stderr.trim()).toBe('evidence: nope.csv: no such file');
    const dir = tempDir('emptycsv');
    writeFileSync(join(dir, 'empty.csv'), '');
    const empty = await runCli(['table', join(dir, 'empty.csv')]);
    expect(empty.code).toBe(1);
    expect(empty.stderr).toContain('empty file');
  });

  it('--follow waits for a log that does not exist yet', async () => {
    const dir = tempDir('follow-wait');
    const csv = join(dir, 'later.csv');
    const child = startCli(['table', csv, '--follow', '--interval', '100', '--sample', '1']);
    await waitForOutput(child, (out) => out.stderr.includes('waiting for'));
    writeFileSync(csv, 'step,loss\n1,0.4321\n');
    await waitForOutput(child, (out) => out.stdout.includes('0.4321'));
    child.kill('SIGINT');
    expect((await finished(child)).code).toBe(0);
  });

  it('--follow started before the log: formats from the whole sample, the header once', async () => {
    const dir = tempDir('follow-before');
    const csv = join(dir, 'later.csv');
    const child = startCli(['table', csv, '--follow', '--interval', '100', '--sample', '4']);
    await waitForOutput(child, (out) => out.stderr.includes('waiting for'));
    writeFileSync(csv, 'step,value\n');
    // rows arrive a read apart: whole numbers first, then a fraction and a large value
    for (const row of ['1,1', '2,2', '3,2.5', '4,1234.5']) {
      await new Promise((resolve) => setTimeout(resolve, 250));
      appendFileSync(csv, `${row}\n`);
    }
    await waitForOutput(child, (out) => out.stdout.includes('1234.5'));
    appendFileSync(csv, '5,3\n');
    await waitForOutput(child, (out) => /^\s*5\s/m.test(out.stdout));
    child.kill('SIGINT');
    const result = await finished(child);
    expect(result.code, result.stderr).toBe(0);
    const lines = result.stdout.trimEnd().split('\n');
    expect(lines.filter((line) => /step/.test(line))).toHaveLength(1); // no header printed again
    expect(lines.map((line) => line.trim().split(/\s+/))).toEqual([
      ['step', 'value'],
      ['1', '1.0000'],
      ['2', '2.0000'],
      ['3', '2.5000'],
      ['4', '1234.5000'],
      ['5', '3.0000'],
    ]);
    expect(new Set(lines.map((line) => line.length)).size).toBe(1); // one width from the first row on
  });

  it('--follow prints rows as they are appended, waits for torn lines to complete, and stops cleanly on SIGINT', async () => {
    const dir = tempDir('follow');
    const csv = join(dir, 'log.csv');
    writeFileSync(csv, 'step,loss,reward\n1,0.9,0.5001\n');
    const child = startCli(['table', csv, '--follow', '--interval', '100', '--sample', '1']);
    await waitForOutput(child, (out) => out.stdout.includes('0.5001'));
    appendFileSync(csv, '2,0.8,0.5002\n3,0.7,0.50');
    await waitForOutput(child, (out) => out.stdout.includes('0.5002'));
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(child.output.stdout).not.toContain('0.5003'); // half a line is held back
    appendFileSync(csv, '03\n4,0.6,0.5004\n');
    await waitForOutput(child, (out) => out.stdout.includes('0.5003') && out.stdout.includes('0.5004'));
    child.kill('SIGINT');
    const result = await finished(child);
    expect(result.code).toBe(0);
    expect(result.stderr).toBe('');
  });

  it('--follow reports a wrong-width row appended later, and reads a replaced log again from its header', async () => {
    const dir = tempDir('follow-replace');
    const csv = join(dir, 'log.csv');
    writeFileSync(csv, 'step,loss\r\n1,0.1111\r\n');
    const child = startCli(['table', csv, '--follow', '--interval', '100', '--sample', '1']);
    await waitForOutput(child, (out) => out.stdout.includes('0.1111'));
    appendFileSync(csv, '2,0.2222,extra\n3,"0.3333"\n');
    await waitForOutput(child, (out) => out.stdout.includes('0.3333'));
    expect(child.output.stderr).toMatch(/log\.csv:3: expected 2 fields \(as in the header\), found 3/);
    expect(child.output.stdout).not.toContain('0.2222');
    // A new run replaces the log (rename over it), with other columns and more bytes than before.
    writeFileSync(join(dir, 'next.csv'), 'step,reward,kl\n1,0.7777,0.01\n2,0.8888,0.02\n3,0.9999,0.03\n');
    renameSync(join(dir, 'next.csv'), csv);
    await waitForOutput(child, (out) => out.stdout.includes('0.9999'));
    expect(child.output.stderr).toContain('log.csv: file was replaced or truncated; reading it again');
    expect(child.output.stdout.split('\n').filter((line) => /step.*reward.*kl/.test(line))).toHaveLength(1);
    child.kill('SIGINT');
    expect((await finished(child)).code).toBe(0);
  });

  it('shows escape sequences from cells escaped, never raw (window title, clear screen, 8-bit CSI)', async () => {
    const dir = tempDir('inject');
    const csv = join(dir, 'log.csv');
    writeFileSync(
      csv,
      'step,note\u001b[2J,loss\n' +
        '1,"\u001b]0;owned\u0007",0.5\n' +
        '2,"\u001b[2J\u001b[H cleared",0.25\n' +
        '3,"two\nlines\u009b31m red",0.125\n',
    );
    const result = await runCli(['table', csv], { env: { FORCE_COLOR: '0' } });
    expect(result.code).toBe(0);
    expect(result.stderr).toBe('');
    expect(result.stdout).not.toMatch(RAW_CONTROLS);
    const lines = result.stdout.trimEnd().split('\n');
    expect(lines).toHaveLength(4); // one header, three rows: the cell's newline is shown, not printed
    expect(lines[0]).toMatch(/step\s+note\\x1b\[2J\s+loss/);
    expect(result.stdout).toContain('\\x1b]0;owned\\x07');
    expect(result.stdout).toContain('\\x1b[2J\\x1b[H cleared');
    expect(result.stdout).toContain('two\\nlines\\x9b31m red');
  });

  it('a file that is not a CSV is bad input: exit 1 and one line saying so', async () => {
    const png = await runCli(['table', join(fixtureDir, 'training_curve.png')]);
    expect(png.code).toBe(1);
    expect(png.stdout).toBe('');
    expect(png.stderr.trimEnd().split('\n')).toEqual([
      `evidence: ${join(fixtureDir, 'training_curve.png')}: not a CSV file (binary data)`,
    ]);
    // JSON Lines is a run format the discovery reads (issue #21): one row per record
    const dir = tempDir('jsonl');
    writeFileSync(join(dir, 'eval.jsonl'), '{"reward": 1}\n{"reward": 2}\n');
    const jsonl = await runCli(['table', 'eval.jsonl'], { cwd: dir });
    expect(jsonl.code, jsonl.stderr).toBe(0);
    expect(jsonl.stdout).toMatch(/reward/);
    expect(
      jsonl.stdout
        .trimEnd()
        .split('\n')
        .filter((line) => /^\s*\d/.test(line)),
    ).toHaveLength(2);
  });

  it('reports the first bad lines with their numbers, then one count', async () => {
    const dir = tempDir('bad-lines');
    const rows = Array.from({ length: 30 }, (_, i) => (i % 3 === 0 ? `${i},0.5,extra` : `${i},0.5`));
    writeFileSync(join(dir, 'log.csv'), `step,loss\n${rows.join('\n')}\n`);
    const result = await runCli(['table', 'log.csv'], { cwd: dir });
    expect(result.code).toBe(0);
    const lines = result.stderr.trimEnd().split('\n');
    expect(lines.slice(0, 5)).toEqual(
      [2, 5, 8, 11, 14].map((n) => `log.csv:${n}: expected 2 fields (as in the header), found 3`),
    );
    expect(lines.slice(5)).toEqual(['log.csv: 5 more bad lines not shown (10 in all)']);
  });

  it('--follow shows a new run from its first row, each row as it arrives', async () => {
    const dir = tempDir('follow-first');
    const csv = join(dir, 'log.csv');
    writeFileSync(csv, 'step,reward,loss\n0,0,1.5\n');
    // the defaults: a 50-row sample, 500 ms between checks when no change event comes
    const child = startCli(['table', csv, '--follow']);
    await waitForOutput(child, (out) => /^\s*0\s+0\s+1\.5000$/m.test(out.stdout));
    for (let step = 1; step <= 4; step++) {
      appendFileSync(csv, `${step},${step / 4},${1.5 - step / 10}\n`);
      const loss = (1.5 - step / 10).toFixed(4);
      await waitForOutput(child, (out) => out.stdout.includes(loss));
    }
    child.kill('SIGINT');
    const result = await finished(child);
    expect(result.code).toBe(0);
    expect(result.stderr).toBe(''); // reward 0 then 0.25: no format warning
    expect(result.stdout).toMatch(/^\s*2\s+0\.5\s+1\.3000$/m);
  });

  it('honours FORCE_COLOR on a pipe (over NO_COLOR), and FORCE_COLOR=0', async () => {
    const csv = join(fixtureDir, 'checkpoint_evals.csv');
    const forced = await runCli(['table', csv], { env: { FORCE_COLOR: '1', NO_COLOR: '1' } });
    expect(forced.stdout).toContain('\u001b[1m');
    const off = await runCli(['table', csv], { env: { FORCE_COLOR: '0', NO_COLOR: undefined } });
    expect(off.stdout).not.toContain('\u001b[');
  });

  it('a warning is one line in our style, not Node\'s "(node:PID) … --trace-warnings" block', async () => {
    const dir = tempDir('warning');
    // a whole-number column in the sample ('d'), then a fraction, which Python's format() would refuse
    writeFileSync(join(dir, 'log.csv'), 'step,count\n1,1\n2,2.5\n3,3.5\n');
    const result = await runCli(['table', 'log.csv', '--sample', '1'], { cwd: dir });
    expect(result.code).toBe(0);
    expect(result.stderr).not.toMatch(/\(node:\d+\)|--trace-warnings/);
    expect(result.stderr.trimEnd().split('\n')).toEqual([
      expect.stringMatching(/^evidence: warning: format spec "d": .*Python would raise.*printing "2\.5"/),
    ]);
  });
});
