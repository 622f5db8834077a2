/**
 * A W&B run file (`wandb/offline-run-*\/run-<id>.wandb`, `wandb/run-*\/run-<id>.wandb`): the protobuf
 * `Record`s of wandb/proto/wandb_internal.proto read from its datastore log — history rows (one
 * `HistoryRecord` per `wandb.log`, items `key` + `value_json`), config, summary and the run's own record
 * (run_id, project, group, display_name). Decoded with protobufjs from the few message fields needed
 * (field numbers copied from wandb_internal.proto; unknown fields and record kinds are skipped).
 */

import { readFile } from 'node:fs/promises';
import { basename } from 'node:path';
import { parseNanJson } from '@evidence/csv-log';
import { openInput, pushAll } from '@evidence/node-kit';
import { Root, type Type } from 'protobufjs/light.js';
import { configMeta } from '../config-meta.js';
import { defaultY } from '../formats.js';
import { type RunPart, recordColumns, tablePart } from '../readers.js';
import { hasWandbHeader, scanWandbRecords } from './wandb-records.js';

const item = {
  fields: {
    key: { type: 'string', id: 1 },
    nestedKey: { rule: 'repeated', type: 'string', id: 2 },
    valueJson: { type: 'string', id: 16 },
  },
};
const updates = {
  fields: {
    update: { rule: 'repeated', type: 'Item', id: 1 },
    remove: { rule: 'repeated', type: 'Item', id: 2 },
  },
};
const root = Root.fromJSON({
  nested: {
    Record: {
      fields: {
        num: { type: 'int64', id: 1 },
        history: { type: 'HistoryRecord', id: 2 },
        summary: { type: 'Updates', id: 3 },
        config: { type: 'Updates', id: 5 },
        run: { type: 'RunRecord', id: 17 },
        exit: { type: 'RunExitRecord', id: 18 },
      },
    },
    HistoryRecord: {
      fields: {
        item: { rule: 'repeated', type: 'Item', id: 1 },
        step: { type: 'HistoryStep', id: 2 },
      },
    },
    HistoryStep: { fields: { num: { type: 'int64', id: 1 } } },
    Item: item,
    Updates: updates,
    RunRecord: {
      fields: {
        runId: { type: 'string', id: 1 },
        entity: { type: 'string', id: 2 },
        project: { type: 'string', id: 3 },
        config: { type: 'Updates', id: 4 },
        summary: { type: 'Updates', id: 5 },
        runGroup: { type: 'string', id: 6 },
        jobType: { type: 'string', id: 7 },
        displayName: { type: 'string', id: 8 },
        notes: { type: 'string', id: 9 },
        tags: { rule: 'repeated', type: 'string', id: 10 },
        sweepId: { type: 'string', id: 12 },
        startTime: { type: 'Timestamp', id: 17 },
      },
    },
    Timestamp: { fields: { seconds: { type: 'int64', id: 1 }, nanos: { type: 'int32', id: 2 } } },
    RunExitRecord: { fields: { exitCode: { type: 'int32', id: 1 }, runtime: { type: 'int32', id: 2 } } },
  },
});
const RecordType: Type = root.lookupType('Record');

interface Item {
  key?: string;
  nestedKey?: string[];
  valueJson?: string;
}
interface Updates {
  update?: Item[];
  remove?: Item[];
}
interface RunRecord {
  runId?: string;
  entity?: string;
  project?: string;
  config?: Updates;
  summary?: Updates;
  runGroup?: string;
  jobType?: string;
  displayName?: string;
  notes?: string;
  tags?: string[];
  sweepId?: string;
  startTime?: { seconds?: number | { toNumber(): number }; nanos?: number };
}
interface WandbRecord {
  history?: { item?: Item[]; step?: { num?: number | { toNumber(): number } } };
  summary?: Updates;
  config?: Updates;
  run?: RunRecord;
  exit?: { exitCode?: number; runtime?: number };
}

/** Whether a file starts with W&B's datastore header (`:W&B`, magic 0xBEE1). */
export async function isWandbRunFile(path: string): Promise<boolean> {
  const handle = await openInput(path).catch(() => null);
  if (!handle) return false;
  try {
    const head = new Uint8Array(7);
    const { bytesRead } = await handle.read(head, 0, 7, 0);
    return bytesRead === 7 && hasWandbHeader(head);
  } finally {
    await handle.close();
  }
}

/** What a run file says about itself: enough to name the run before reading it (its first MiB). */
export interface WandbIdentity {
  group?: string;
  task?: string;
  run?: string;
}

export async function wandbIdentity(path: string): Promise<WandbIdentity> {
  const handle = await openInput(path);
  let head: Uint8Array;
  try {
    const buffer = new Uint8Array(1024 * 1024);
    const { bytesRead } = await handle.read(buffer, 0, buffer.length, 0);
    head = buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
  const state = newState();
  for (const bytes of scanWandbRecords(head, path).records) apply(state, bytes, path);
  return identityOf(state);
}

interface State {
  rows: Record<string, unknown>[];
  config: Record<string, unknown>;
  summary: Record<string, unknown>;
  run: RunRecord | undefined;
  exit: { exitCode?: number; runtime?: number } | undefined;
  media: Record<string, number>;
  undecodable: number;
  badValues: string[];
}

const newState = (): State => ({
  rows: [],
  config: {},
  summary: {},
  run: undefined,
  exit: undefined,
  media: {},
  undecodable: 0,
  badValues: [],
});

function identityOf(state: State): WandbIdentity {
  const out: WandbIdentity = {};
  const group = state.run?.runGroup || state.run?.project;
  if (group) out.group = group;
  const task = configMeta(state.config, []).envId;
  if (task) out.task = task;
  const run = state.run?.displayName || state.run?.runId;
  if (run) out.run = run;
  return out;
}

/**
 * The run: its history as a table (x = `_step`, wall time = `_timestamp`; `_runtime` and every logged
 * number a series; booleans 1/0; nested dicts flattened with `.`; media and histograms, objects with a
 * `_type`, counted and left out), the config (without W&B's own `_wandb` key) as the configuration, the
 * summary as the run's final values. Records that cannot be read are skipped and said.
 */
export async function readWandbRun(path: string, source = basename(path)): Promise<RunPart> {
  const scan = scanWandbRecords(await readFile(path), path);
  const state = newState();
  for (const bytes of scan.records) apply(state, bytes, path);
  const issues = [...scan.issues];
  if (state.undecodable > 0)
    issues.push(`${path}: ${state.undecodable} record(s) are not W&B records (protobuf); skipped`);
  pushAll(issues, state.badValues.slice(0, 3));
  if (state.badValues.length > 3)
    issues.push(`${path}: ${state.badValues.length - 3} more values not JSON; skipped`);
  const columns = recordColumns(state.rows, '.');
  const part = tablePart('wandb-run', columns, source, path, { x: '_step', wall: '_timestamp', issues });
  part.y = defaultY(
    part.series.map((s) => s.metric),
    ['_runtime', '_timestamp'],
  );
  const { _wandb: _internal, ...config } = state.config;
  const run = state.run;
  part.meta = {
    ...(Object.keys(config).length > 0 ? { config, configFiles: [`${source} config`] } : {}),
    summary: state.summary,
    wandb: {
      version: scan.version,
      runId: run?.runId,
      entity: run?.entity || undefined,
      project: run?.project || undefined,
      group: run?.runGroup || undefined,
      jobType: run?.jobType || undefined,
      displayName: run?.displayName || undefined,
      tags: run?.tags && run.tags.length > 0 ? run.tags : undefined,
      startTime: run?.startTime
        ? toNumber(run.startTime.seconds) + (run.startTime.nanos ?? 0) / 1e9
        : undefined,
      exitCode: state.exit?.exitCode,
      historyRows: state.rows.length,
      ...(Object.keys(state.media).length > 0 ? { skipped: state.media } : {}),
    },
  };
  if (Object.keys(state.media).length > 0)
    issues.push(
      `${path}: skipped ${Object.entries(state.media)
        .map(([kind, n]) => `${n} ${kind}`)
        .join(', ')} (not numbers)`,
    );
  return part;
}

function apply(state: State, bytes: Uint8Array, path: string): void {
  let record: WandbRecord;
  try {
    record = RecordType.decode(bytes) as unknown as WandbRecord;
  } catch {
    state.undecodable++;
    return;
  }
  const value = (it: Item): unknown => {
    try {
      return parseNanJson(it.valueJson ?? 'null');
    } catch {
      state.badValues.push(
        `${path}: value of "${keyOf(it)}" is not JSON (${(it.valueJson ?? '').slice(0, 40)}); skipped`,
      );
      return undefined;
    }
  };
  if (record.history) {
    const row: Record<string, unknown> = {};
    for (const it of record.history.item ?? []) {
      const v = dropMedia(value(it), state.media);
      if (v !== undefined) row[keyOf(it)] = v;
    }
    if (row._step === undefined && record.history.step?.num !== undefined)
      row._step = toNumber(record.history.step.num);
    state.rows.push(row);
  }
  const update = (target: Record<string, unknown>, updates: Updates | undefined) => {
    for (const it of updates?.update ?? []) target[keyOf(it)] = value(it);
    for (const it of updates?.remove ?? []) delete target[keyOf(it)];
  };
  if (record.run) {
    state.run = record.run;
    update(state.config, record.run.config);
    update(state.summary, record.run.summary);
  }
  update(state.config, record.config);
  update(state.summary, record.summary);
  if (record.exit) state.exit = record.exit;
}

const keyOf = (it: Item): string => it.key || (it.nestedKey ?? []).join('.');

const toNumber = (v: number | { toNumber(): number } | undefined): number =>
  v === undefined ? Number.NaN : typeof v === 'number' ? v : v.toNumber();

/** W&B media and histograms (`{"_type": "image-file", …}`) counted by type and left out of a row. */
function dropMedia(value: unknown, counts: Record<string, number>): unknown {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return value;
  const type = (value as Record<string, unknown>)._type;
  if (typeof type === 'string') {
    counts[type] = (counts[type] ?? 0) + 1;
    return undefined;
  }
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) {
    const kept = dropMedia(v, counts);
    if (kept !== undefined) out[k] = kept;
  }
  return out;
}
