import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ByteBuffer } from '../src/byte-buffer.js';
import { formatCell } from '../src/cell-format.js';
import { type Cell, loadCsvLog, openCsvLog, TRAINING_LOG_COLUMNS } from '../src/index.js';
import { BATCH_ROWS } from '../src/off-thread-rows.js';
import { compileRowEncoder, formatBatch, newRowBatch } from '../src/row-batch.js';
import { compileRowFormatter } from '../src/row-format.js';
import { tempDir } from './helpers.js';

const read = (path: string) => readFileSync(path, 'utf8');
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

afterEach(() => {
  vi.restoreAllMocks();
});

const cell: fc.Arbitrary<Cell> = fc.oneof(
  fc.double(),
  fc.integer(),
  fc.constantFrom(Number.NaN, Infinity, -Infinity, -0, 5e-324, 1e21),
  fc.oneof(fc.string({ unit: 'grapheme', maxLength: 6 }), fc.constantFrom(',', '"', '\n', '\r\n', '', 'é😀')),
  fc.boolean(),
  fc.constant(null),
  fc.constant(undefined),
  fc.date({ noInvalidDate: true }),
);

describe('row batches (what the format worker formats)', () => {
  it('format exactly the bytes the row formatter writes, and both the text formatCell gives, for any rows', () => {
    const columns = fc.uniqueArray(
      fc.string({ minLength: 1, maxLength: 5 }).filter((s) => s !== '__proto__'),
      { minLength: 1, maxLength: 6 },
    );
    fc.assert(
      fc.property(
        columns.chain((names) =>
          fc.tuple(
            fc.constant(names),
            fc.array(fc.dictionary(fc.constantFrom(...names), cell), { maxLength: 20 }),
            fc.constantFrom('\n', '\r\n'),
            fc.integer({ min: -1, max: names.length - 1 }),
          ),
        ),
        ([names, rows, eol, wallTimeIndex]) => {
          const wallTime = () => 1.25;
          const unknown = () => {};
          const formatRow = compileRowFormatter(names, wallTimeIndex, eol);
          const encode = compileRowEncoder(names, wallTimeIndex);
          const batch = newRowBatch(rows.length, names.length);
          for (const row of rows) {
            encode(row, wallTime, unknown, batch);
            batch.rows++;
          }
          // the definition: each column's formatCell text, joined by commas (a lone empty cell as "")
          const expected = rows
            .map((row) => {
              const line = names
                .map((name, i) =>
                  formatCell(i === wallTimeIndex && row[name] === undefined ? 1.25 : row[name], name),
                )
                .join(',');
              return (line === '' ? '""' : line) + eol;
            })
            .join('');
          const direct = new ByteBuffer(16);
          for (const row of rows) formatRow(row, wallTime, unknown, direct);
          expect(direct.view().toString('utf8')).toBe(expected);
          const batched = new ByteBuffer(16);
          formatBatch(batch, names.length, eol, batched);
          expect(batched.view().toString('utf8')).toBe(expected);
        },
      ),
      { numRuns: 300 },
    );
  });
});

describe('openCsvLog(path, { offThread: true })', () => {
  const dir = tempDir();

  it('writes the same file as the calling thread does, across full batches, timers, flush and a starved pool', async () => {
    const rowAt = (step: number) => ({
      step,
      epoch: step / 7,
      loss: step % 17 === 0 ? Number.NaN : Math.sin(step) * 1e-3,
      reward: step % 13 === 0 ? -Infinity : 1 / (step + 1),
      kl: step % 5 === 0 ? null : -0,
      grad_norm: step % 3 === 0 ? undefined : 1e21,
      learning_rate: step % 101 === 0 ? 5e-324 : 1e-7,
      wall_time_s: step / 1000,
    });
    const files: string[] = [];
    const errors: Error[] = [];
    for (const offThread of [false, true]) {
      const path = join(dir, `same-${offThread}.csv`);
      files.push(path);
      const log = openCsvLog(path, {
        columns: TRAINING_LOG_COLUMNS,
        offThread,
        onError: (e) => errors.push(e),
      });
      let step = 0;
      for (; step < 100; step++) log.append(rowAt(step)); // before the worker runs
      await sleep(300); // the worker runs, the 100 ms timer has shipped the first rows
      for (; step < 150; step++) log.append(rowAt(step));
      await log.flush();
      const flushed = await loadCsvLog(path, { columns: ['step'] });
      expect(flushed.rowCount).toBe(150); // flush() resolves once the worker has written them
      // a tight loop: the pool runs dry and batches are formatted on this thread, still in order
      for (; step < 150 + 12 * BATCH_ROWS + 7; step++) log.append(rowAt(step));
      await log.close();
      expect(() => log.append({ step })).toThrow(/append after close/);
    }
    expect(errors).toEqual([]); // among them: "the format worker stopped"
    expect(read(files[1] as string)).toBe(read(files[0] as string));
    expect((await loadCsvLog(files[1] as string)).rowCount).toBe(150 + 12 * BATCH_ROWS + 7);
  });

  it('checks every row on the calling thread and throws as the calling-thread writer does', async () => {
    const warnings: string[] = [];
    vi.spyOn(process, 'emitWarning').mockImplementation((warning: string | Error) => {
      warnings.push(String(warning));
    });
    const path = join(dir, 'checks.csv');
    const log = openCsvLog(path, { columns: ['a', 'b', 'when'], offThread: true });
    await sleep(200);
    expect(() => log.append({ a: 'kept?', b: { x: 1 } as never })).toThrow(
      /checks\.csv: column "b": cannot write an object/,
    );
    expect(() => log.append({ a: 10n as never })).toThrow(/column "a": cannot write the bigint 10n/);
    expect(() => log.append({ when: new Date(Number.NaN) })).toThrow(/column "when": the Date is invalid/);
    log.append({ a: 'x,y', b: true, when: new Date(Date.UTC(2026, 0, 2)), typo: 1 } as never);
    log.append({ a: 2, typo: 3 } as never);
    await log.close();
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatch(/checks\.csv: "typo" is not a column/);
    expect(read(path)).toBe('a,b,when\n"x,y",true,2026-01-02T00:00:00.000Z\n2,,\n');

    const strict = openCsvLog(join(dir, 'strict.csv'), { columns: ['a'], strict: true, offThread: true });
    expect(() => strict.append({ a: 1, typo: 2 } as never)).toThrow(/strict\.csv: "typo" is not a column/);
    await strict.close();
    expect(read(join(dir, 'strict.csv'))).toBe('a\n');
  });

  it('is for buffered durability only', () => {
    expect(() =>
      openCsvLog(join(dir, 'line.csv'), { columns: ['a'], durability: 'line', offThread: true }),
    ).toThrow(/offThread applies to durability 'buffered' only/);
  });
});

describe("openCsvLog(path) with offThread 'auto' (the default)", () => {
  const dir = tempDir();
  const row = (step: number) => ({
    step,
    loss: Math.sin(step) / 3,
    reward: step % 9 === 0 ? Number.NaN : step * 1e-7,
  });

  it('moves a busy log to a worker mid-run, writing the same bytes in the same order as the calling thread', async () => {
    const rows = 5 * BATCH_ROWS + 123;
    const onThread = openCsvLog(join(dir, 'on-thread.csv'), {
      columns: TRAINING_LOG_COLUMNS,
      offThread: false,
    });
    const auto = openCsvLog(join(dir, 'auto.csv'), { columns: TRAINING_LOG_COLUMNS });
    expect(auto.offThread).toBe(false);
    for (let step = 0; step < rows; step++) {
      onThread.append({ ...row(step), wall_time_s: step });
      auto.append({ ...row(step), wall_time_s: step });
    }
    expect(onThread.offThread).toBe(false);
    expect(auto.offThread).toBe(true); // thousands of rows within 100 ms
    await Promise.all([onThread.close(), auto.close()]);
    expect(read(join(dir, 'auto.csv'))).toBe(read(join(dir, 'on-thread.csv')));
    expect((await loadCsvLog(join(dir, 'auto.csv'))).rowCount).toBe(rows);
  });

  it('keeps a log that a trainer appends to between steps on the calling thread, and line/fsync always', async () => {
    const slow = openCsvLog(join(dir, 'slow.csv'), { columns: ['step', 'loss', 'reward'] });
    // 100 rows every 5 ms or more (at most 20,000 rows/s): past the 4,096-row check, below the threshold
    for (let step = 0; step < 2 * BATCH_ROWS; step++) {
      slow.append(row(step));
      if (step % 100 === 99) await sleep(5);
    }
    expect(slow.offThread).toBe(false);
    await slow.close();
    for (const durability of ['line', 'fsync'] as const) {
      const log = openCsvLog(join(dir, `${durability}.csv`), { columns: ['step'], durability });
      for (let step = 0; step < (durability === 'line' ? 3 * BATCH_ROWS : 10); step++) log.append({ step });
      expect(log.offThread).toBe(false);
      await log.close();
    }
  });
});
