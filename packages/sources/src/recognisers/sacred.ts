/**
 * sacred's FileStorageObserver run folder (`<basedir>/<run id>/`): `metrics.json` holds every metric as
 * `{name: {steps: [...], timestamps: [...], values: [...]}}` (timestamps ISO text, UTC), `config.json`
 * the configuration, `run.json` the experiment, host and status, `cout.txt` the console.
 */

import { join } from 'node:path';
import { pushAll } from '@evidence/node-kit';
import { isMetricStore } from '../catalogue/sniff.js';
import { JOIN_RANK, type Recogniser, type Source } from '../catalogue/types.js';
import { readConfigFile } from '../config-files.js';
import { configMeta } from '../config-meta.js';
import { defaultY } from '../formats.js';
import type { Restart, Series } from '../model.js';
import { type RunPart, readJsonFile } from '../readers.js';
import { tableSeries } from '../series.js';

export const sacred: Recogniser = {
  name: 'sacred',
  async recognise(folder) {
    const out: Source[] = [];
    for (const name of folder.files) {
      const sniff = await folder.sniff(name);
      if (sniff.kind !== 'json-object') continue;
      // the head holds the whole file when it is small; a bigger one is parsed when read
      const store =
        sniff.json !== undefined
          ? isMetricStore(sniff.json)
          : /"steps"\s*:/.test(sniff.head) && /"values"\s*:/.test(sniff.head);
      if (!store) continue;
      const file = join(folder.abs, name);
      out.push({
        role: 'join',
        layout: 'sacred',
        rank: JOIN_RANK.table,
        files: [folder.path(name)],
        read: async () => [await readMetricStore(file, name)],
      });
    }
    if (out.length === 0) return out;
    const run = folder.files.includes('run.json') ? 'run.json' : null;
    const config = folder.files.includes('config.json') ? 'config.json' : null;
    const extra = ['info.json'].filter((f) => folder.files.includes(f));
    if (run || config)
      out.push({
        role: 'config',
        files: [run, config, ...extra].filter((f): f is string => f !== null).map((f) => folder.path(f)),
        meta: async () => {
          const cfg = config ? await readConfigFile(join(folder.abs, config)) : {};
          const about = run ? await readConfigFile(join(folder.abs, run)) : {};
          const experiment = (about.experiment as Record<string, unknown> | undefined)?.name;
          return {
            ...configMeta(
              cfg,
              [config, run].filter((f): f is string => f !== null),
            ),
            ...(typeof experiment === 'string' ? { experiment } : {}),
            ...(typeof about.status === 'string' ? { status: about.status } : {}),
          };
        },
      });
    return out;
  },
};

/** A sacred metric store as one series per metric (x = its steps, wall time from its timestamps). */
export async function readMetricStore(file: string, source: string): Promise<RunPart> {
  const value = (await readJsonFile(file)) as Record<
    string,
    { steps?: unknown[]; timestamps?: unknown[]; values?: unknown[] }
  >;
  if (!isMetricStore(value))
    throw new Error(`${file}: expected {"<metric>": {"steps": [...], "values": [...]}}`);
  const series: Series[] = [];
  const issues: string[] = [];
  const restarts: Restart[] = [];
  for (const [metric, entry] of Object.entries(value)) {
    const steps = (entry.steps ?? []) as unknown[];
    const values = (entry.values ?? []) as unknown[];
    if (steps.length !== values.length)
      issues.push(
        `${file}: metric "${metric}": ${steps.length} steps and ${values.length} values; the first ${Math.min(steps.length, values.length)} paired`,
      );
    const n = Math.min(steps.length, values.length);
    const num = (v: unknown) => (typeof v === 'number' ? v : v === null ? Number.NaN : Number(v));
    // sacred writes datetime.utcnow().isoformat() without a zone: UTC
    const time = (v: unknown) =>
      typeof v === 'string' ? Date.parse(/[zZ]|[+-]\d\d:?\d\d$/.test(v) ? v : `${v}Z`) / 1000 : Number.NaN;
    const columns = new Map<string, Float64Array>([
      ['step', Float64Array.from({ length: n }, (_, i) => num(steps[i]))],
      [metric, Float64Array.from({ length: n }, (_, i) => num(values[i]))],
    ]);
    const wall = Float64Array.from({ length: n }, (_, i) => time(entry.timestamps?.[i]));
    const part = tableSeries(columns, { x: 'step', source, wallTimes: wall });
    pushAll(series, part.series);
    pushAll(restarts, part.restarts);
  }
  return {
    format: 'sacred-metrics',
    series,
    x: 'step',
    y: defaultY(series.map((s) => s.metric)),
    meta: {},
    restarts,
    issues,
  };
}
