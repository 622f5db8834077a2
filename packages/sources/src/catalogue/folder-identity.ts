/**
 * What a run folder's own name says, for the layouts whose tools name folders by a rule: CleanRL's
 * `{env}__{exp}__{seed}__…__{time}` (extra fields are configuration: they join the group), SB3's
 * `tensorboard_log/{ALGO}_{n}`, Lightning's `version_N`, Sample Factory's `<experiment>/.summary/<policy>`.
 */
import type { Layout } from '../model.js';
import { envFromPath } from './identity.js';
import type { Identity } from './types.js';

export const ROLE_FOLDER =
  /^(summaries|summary|scalars|tb|tb_logs?|tensorboard|tensorboard_logs?|tfevents|events|logs?|csv|csv_logs?|metrics|plots|dvclive)$/i;

export function folderIdentity(
  rootName: string,
  rel: string,
  hasEvents: boolean,
): { layout?: Layout; identity: Identity } {
  const segments = [rootName, ...(rel === '.' ? [] : rel.split('/'))];
  const name = segments.at(-1) ?? '';
  const parent = segments.at(-2);
  if (parent === '.summary' && /^\d+$/.test(name)) {
    const experiment = segments.at(-3);
    if (experiment)
      return {
        layout: 'sample-factory',
        identity: { run: name === '0' ? experiment : `${experiment}/policy ${name}` },
      };
  }
  const fields = name.split('__');
  if (fields.length >= 4 && /^\d{9,}$/.test(fields.at(-1) as string)) {
    const [env, exp, ...rest] = fields.slice(0, -1) as [string, string, ...string[]];
    const seedAt = rest.findIndex((f) => /^\d{1,6}$/.test(f));
    if (seedAt >= 0) {
      const extra = rest.filter((_, i) => i !== seedAt);
      return {
        layout: 'cleanrl',
        identity: { task: env, group: [exp, ...extra].join('__'), run: rest[seedAt] as string },
      };
    }
  }
  const sb3 = /^([A-Z][A-Za-z0-9]*)_(\d+)$/.exec(name);
  // (`Pong_1` is a game's run, not an algorithm's: Dopamine, Atari sweeps)
  if (sb3 && hasEvents && !envFromPath([sb3[1] as string]))
    return { layout: 'sb3-tensorboard', identity: { group: sb3[1] as string, run: sb3[2] as string } };
  if (/^version_\d+$/.test(name) && parent !== undefined)
    return { layout: 'lightning', identity: { group: parent, run: name } };
  // a folder named for what it holds (rl_games' `<run>/summaries`, TorchRL's `<run>/scalars`, a `<run>/tb`)
  // is not the run's name: the folder above it is
  // (its group is inferred as any run's, from the folders above that one)
  if (rel !== '.' && ROLE_FOLDER.test(name)) {
    // DVCLive's `<run>/dvclive/plots/metrics`: up past every folder so named
    const run = segments.slice(0, -1).findLast((segment) => !ROLE_FOLDER.test(segment));
    if (run !== undefined) return { identity: { run } };
  }
  return { identity: {} };
}
