/** MLflow: a local store's run folder (mlruns/<exp>/<run>/), its SQLite store (stores/mlflow-sqlite.ts). */

import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { endsWholeRecord } from '@evidence/csv-log';
import { pushAll, readInputText } from '@evidence/node-kit';
import type { Restart, Series } from '../model.js';
import { type LastLine, type RunPart, TORN, tablePart } from '../part.js';
import { chooseY } from '../roles.js';
import type { Format } from './format.js';

export const mlflow: Format = { id: 'mlflow', label: 'MLflow run' };

export const mlflowSqlite: Format = { id: 'mlflow-sqlite', label: 'MLflow SQLite store' };

/**
 * One MLflow run folder (`mlruns/<experiment>/<run>/`): `metrics/<name>` files of `timestamp value step`
 * lines (timestamp in ms; a metric name with `/` is a subfolder), `params/<name>` as the configuration.
 */
export async function readMlflowPart(
  dir: string,
  rule: (file: string) => LastLine = () => TORN,
): Promise<RunPart> {
  const series: Series[] = [];
  const issues: string[] = [];
  const restarts: Restart[] = [];
  for (const name of await filesBelow(join(dir, 'metrics'))) {
    const file = join(dir, 'metrics', name);
    const text = await readInputText(file);
    const lines = text.split('\n');
    const { lastLine, lastLineWhy } = rule(file);
    const unended = !text.endsWith('\n') && text.length > 0;
    // a last line without its line end is data only when its end proves it whole (csv-log's rule): a
    // line of three bare numbers never does (`… 12` may be a cut of `… 125`)
    const complete = endsWholeRecord(lines.at(-1) ?? '', 'csv');
    const torn = unended && !(lastLine === 'keep-if-complete' && complete);
    const why =
      torn && lastLine === 'keep-if-complete'
        ? ': its last number may be cut short, nothing proves the line ended'
        : lastLineWhy
          ? `: ${lastLineWhy}`
          : '';
    if (torn) issues.push(`${file}:${lines.length}: last line has no line end (torn${why}); not read`);
    else if (unended)
      issues.push(`${file}:${lines.length}: last line has no line end; read as data: it is complete${why}`);
    const usable = torn ? lines.slice(0, -1) : lines;
    const rows: number[][] = [];
    usable.forEach((line, i) => {
      if (line.trim() === '') return;
      const parts = line.trim().split(/\s+/);
      const numbers = parts.map(Number);
      if (
        parts.length < 2 ||
        parts.length > 3 ||
        numbers.some((v, k) => Number.isNaN(v) && !/nan/i.test(parts[k] ?? ''))
      ) {
        issues.push(`${file}:${i + 1}: expected "timestamp value step"; line skipped`);
        return;
      }
      rows.push([numbers[0] as number, numbers[1] as number, numbers[2] ?? 0]);
    });
    const columns = new Map([
      ['step', Float64Array.from(rows, (r) => r[2] as number)],
      [name, Float64Array.from(rows, (r) => r[1] as number)],
      ['timestamp', Float64Array.from(rows, (r) => r[0] as number)],
    ]);
    const part = tablePart('mlflow', columns, `metrics/${name}`, file, {
      x: 'step',
      wall: 'timestamp',
      wallScale: 1e-3,
      issues,
    });
    pushAll(
      series,
      part.series.filter((s) => s.metric !== 'timestamp'),
    );
    pushAll(restarts, part.restarts);
  }
  const config: Record<string, unknown> = {};
  for (const name of await filesBelow(join(dir, 'params')))
    config[name] = (await readInputText(join(dir, 'params', name))).trim();
  const names = series.map((s) => s.metric);
  return {
    format: 'mlflow',
    series,
    x: 'step',
    y: chooseY(names),
    meta: Object.keys(config).length > 0 ? { config, configFiles: ['params/'] } : {},
    restarts,
    issues,
  };
}

async function filesBelow(dir: string, prefix = ''): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true }).catch(() => []);
  const out: string[] = [];
  for (const entry of entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))) {
    if (entry.isDirectory()) pushAll(out, await filesBelow(join(dir, entry.name), `${prefix}${entry.name}/`));
    else if (entry.isFile()) out.push(prefix + entry.name);
  }
  return out;
}
