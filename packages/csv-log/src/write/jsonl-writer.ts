import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import type { Durability } from '../types.js';
import { AppendSink } from './append-sink.js';
import { repairTornTail } from './tail-repair.js';

export interface JsonlLogOptions {
  /** Default `buffered`. */
  durability?: Durability;
  /** Receives write failures (disk full, …) instead of stderr. They never throw from `append`. */
  onError?: (error: Error) => void;
}

export interface JsonlLogWriter {
  readonly path: string;
  /** Appends one record as one line. NaN and ±Infinity are written as Python's json module does. */
  append(record: object): void;
  flush(): Promise<void>;
  close(): Promise<void>;
  [Symbol.asyncDispose](): Promise<void>;
}

const NON_FINITE_MARK = '\u0000nonfinite:';
const NON_FINITE_QUOTED = /"\\u0000nonfinite:(NaN|Infinity|-Infinity|-0\.0)"/g;

/** Opens (synchronously) an append-only JSON Lines log, repairing a last line torn by a crash. */
export function openJsonlLog(path: string, options: JsonlLogOptions = {}): JsonlLogWriter {
  mkdirSync(dirname(path), { recursive: true });
  try {
    repairTornTail(path, false);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  const sink = new AppendSink(path, options.durability ?? 'buffered', options.onError, false);
  let hasNonFinite = false;
  // JSON.stringify writes NaN as null and -0 as 0; keep the values, spelled as Python writes them
  // (NaN, Infinity, -Infinity, -0.0), which readJsonl reads back.
  const replacer = (_key: string, value: unknown) => {
    if (typeof value === 'number' && (!Number.isFinite(value) || (value === 0 && 1 / value < 0))) {
      hasNonFinite = true;
      return NON_FINITE_MARK + (value === 0 ? '-0.0' : String(value));
    }
    return value;
  };
  return {
    path,
    append(record: object) {
      if (sink.isClosed) throw new Error(`${path}: append after close`);
      if (record === null || typeof record !== 'object') {
        throw new TypeError(
          `${path}: a JSONL record must be an object, got ${record === null ? 'null' : typeof record}`,
        );
      }
      hasNonFinite = false;
      let line: string;
      try {
        line = JSON.stringify(record, replacer);
      } catch (error) {
        throw new TypeError(`${path}: cannot write the record as JSON (${(error as Error).message})`);
      }
      if (hasNonFinite) line = line.replace(NON_FINITE_QUOTED, '$1');
      sink.write(`${line}\n`);
    },
    async flush() {
      sink.flushSync();
    },
    async close() {
      sink.closeSync();
    },
    [Symbol.asyncDispose]() {
      return this.close();
    },
  };
}
