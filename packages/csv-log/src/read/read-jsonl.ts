import { readFile } from 'node:fs/promises';
import { emptyIssues, type ReadIssues } from '../types.js';
import { parseNanJson } from './nan-json.js';

export interface JsonlResult<T = Record<string, unknown>> {
  path: string;
  records: T[];
  issues: ReadIssues;
}

const TORN_TEXT_MAX = 10_000;
/**
 * Reads a JSON Lines file: one JSON object per line. Python's `NaN`, `Infinity` and `-Infinity` tokens
 * are read as numbers. Malformed lines are skipped and reported with their line numbers; a last line
 * without its newline (cut short by a crash) is reported as torn, never returned.
 */
export async function readJsonl<T = Record<string, unknown>>(path: string): Promise<JsonlResult<T>> {
  let text = await readFile(path, 'utf8');
  if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
  const issues = emptyIssues();
  const records: T[] = [];
  const lines = text.split('\n');
  const tail = lines.pop() ?? '';
  if (tail !== '') {
    issues.torn = {
      line: lines.length + 1,
      text: tail.length > TORN_TEXT_MAX ? `${tail.slice(0, TORN_TEXT_MAX)}…` : tail,
    };
  }
  for (let i = 0; i < lines.length; i++) {
    const line = (lines[i] as string).endsWith('\r')
      ? (lines[i] as string).slice(0, -1)
      : (lines[i] as string);
    if (line.trim() === '') continue;
    const parsed = parseLine(line);
    if ('error' in parsed) {
      issues.skipped.push({ line: i + 1, reason: parsed.error });
    } else if (parsed.value === null || typeof parsed.value !== 'object' || Array.isArray(parsed.value)) {
      issues.skipped.push({ line: i + 1, reason: `expected a JSON object, found ${describe(parsed.value)}` });
    } else {
      records.push(parsed.value as T);
    }
  }
  return { path, records, issues };
}

function parseLine(line: string): { value: unknown } | { error: string } {
  try {
    return { value: parseNanJson(line) };
  } catch (error) {
    return { error: `invalid JSON (${(error as Error).message})` };
  }
}

function describe(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  return `a ${typeof value}`;
}
