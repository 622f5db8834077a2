/**
 * What a run folder's own name says: a tool's naming rule (recognisers/run-folder-names.ts), else a
 * folder named for what it holds is no run's name.
 */
import type { Layout } from '../model.js';
import { RUN_FOLDER_NAMERS, TOOL_ROLE_FOLDERS } from '../recognisers/run-folder-names.js';
import type { Identity } from './types.js';

export const ROLE_FOLDER = new RegExp(
  `^(summaries|summary|scalars|tb|tb_logs?|tensorboard|tensorboard_logs?|tfevents|events|logs?|csv|csv_logs?|metrics|plots|${TOOL_ROLE_FOLDERS.join('|')})$`,
  'i',
);

export function folderIdentity(
  rootName: string,
  rel: string,
  hasEvents: boolean,
): { layout?: Layout; identity: Identity } {
  const segments = [rootName, ...(rel === '.' ? [] : rel.split('/'))];
  for (const namer of RUN_FOLDER_NAMERS) {
    const named = namer(segments, hasEvents);
    if (named) return named;
  }
  // a folder named for what it holds (a `<run>/summaries`, `<run>/scalars`, `<run>/tb`) is not the run's
  // name: the folder above it is (its group is inferred as any run's, from the folders above that one)
  if (rel !== '.' && ROLE_FOLDER.test(segments.at(-1) ?? '')) {
    // `<run>/dvclive/plots/metrics`: up past every folder so named
    const run = segments.slice(0, -1).findLast((segment) => !ROLE_FOLDER.test(segment));
    if (run !== undefined) return { identity: { run } };
  }
  return { identity: {} };
}
