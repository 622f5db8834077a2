/**
 * A text file no other recogniser took whose lines print metrics (console-log.ts): a run of its own,
 * its x and y decided by the values.
 */
import { join } from 'node:path';
import { readInputText } from '@evidence/node-kit';
import type { Recogniser, SplitRuns } from '../catalogue/types.js';
import { configMeta } from '../config-meta.js';
import { printedConfig } from '../console-config.js';
import { consoleTable, launches, rowsOf } from '../console-log.js';
import { tablePart } from '../readers.js';

/** Source code prints `name = 1` too: never a log. */
const SOURCE = /\.(py|js|ts|sh|c|cc|cpp|h|java|rs|go|ya?ml|json|toml|cfg|ini|html?|css|ipynb)$/i;

/** What a log another recogniser reads looks like (a configuration does not make a printout a copy). */
const LOG_KINDS = new Set(['table', 'jsonl', 'event', 'json-array']);

export const consoleLog: Recogniser = {
  name: 'console-log',
  async recognise(folder) {
    const names: string[] = [];
    for (const name of folder.files) {
      if (SOURCE.test(name)) continue;
      const sniff = await folder.sniff(name);
      if ((sniff.kind === 'text' || sniff.kind === 'table') && consoleTable(sniff.head ?? '') !== null)
        names.push(name);
    }
    // beside a log another recogniser read (baselines' log.txt beside progress.csv) it is that run's
    // printout: its values are the log's, read once from the log
    const others =
      folder.ctx.tree.byRel.get(folder.rel)?.files.filter((f) => !folder.files.includes(f)) ?? [];
    const claimed: string[] = [];
    if (names.length > 0)
      for (const other of others)
        if (LOG_KINDS.has((await folder.sniff(other).catch(() => null))?.kind ?? '')) claimed.push(other);
    if (claimed.length > 0)
      return names.map((name) => ({
        role: 'unread' as const,
        files: [folder.path(name)],
        why: `console output beside the run's own log (${claimed[0]}): read from the log`,
      }));
    return names.map((name) => ({
      role: 'own' as const,
      joinable: true,
      layout: 'file' as const,
      files: [folder.path(name)],
      read: async () => {
        const file = join(folder.abs, name);
        const text = await readInputText(file);
        const table = consoleTable(text);
        if (!table) throw new Error(`${file}: no lines of metrics (key: value pairs) found`);
        const lines = text.split(/\r?\n/);
        // the settings a training printed between the previous one's last row and its own first
        const meta = (from: number) => {
          const config = printedConfig(
            lines.slice(
              from === 0 ? 0 : (table.lines[from - 1] as number),
              (table.lines[from] as number) - 1,
            ),
          );
          return config ? { meta: configMeta(config, [name]) } : {};
        };
        // a log that printed its settings starts a training where it prints them again: a counter
        // going back with no settings printed is an inner loop (a test pass each epoch), not a launch
        const counted = launches(table);
        const settings = new Map(counted.map((from) => [from, meta(from)] as const));
        const configured = counted.filter((from) => 'meta' in (settings.get(from) ?? {}));
        const starts = configured.length > 0 ? [0, ...configured.filter((from) => from > 0)] : counted;
        if (starts.length === 1)
          return [tablePart('console-log', table.columns, name, file, settings.get(0))];
        // several trainings printed one after another: a run each, named by the line it starts at
        const runs: SplitRuns = new Map();
        starts.forEach((from, i) => {
          const to = starts[i + 1] ?? (table.lines.length as number);
          const part = tablePart('console-log', rowsOf(table, from, to), name, file, settings.get(from));
          const line = `line ${table.lines[from]}`;
          part.issues.unshift(
            `${file}: rows from ${line} are a training of their own (its counter began again)`,
          );
          runs.set(line, { part, identity: { run: `${name}@${line}` } });
        });
        return runs;
      },
    }));
  },
};
