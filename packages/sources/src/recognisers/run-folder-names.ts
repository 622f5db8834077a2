/**
 * Tools that name a run's folder by a rule: CleanRL's `{env}__{exp}__{seed}__…__{time}` (extra fields are
 * configuration: they join the group), SB3's `tensorboard_log/{ALGO}_{n}`, Lightning's `version_N`,
 * Sample Factory's `<experiment>/.summary/<policy>`. The catalogue asks each in turn (first answer wins).
 */
import { envFromPath } from '../catalogue/identity.js';
import type { Identity } from '../catalogue/types.js';
import type { Layout } from '../model.js';

export interface NamedFolder {
  layout: Layout;
  identity: Identity;
}

/** `segments`: the root's name and the folder's path below it; `hasEvents`: the folder holds event files. */
type FolderNamer = (segments: readonly string[], hasEvents: boolean) => NamedFolder | null;

const sampleFactory: FolderNamer = (segments) => {
  const name = segments.at(-1) ?? '';
  const experiment = segments.at(-3);
  if (segments.at(-2) !== '.summary' || !/^\d+$/.test(name) || !experiment) return null;
  return {
    layout: 'sample-factory',
    identity: { run: name === '0' ? experiment : `${experiment}/policy ${name}` },
  };
};

const cleanrl: FolderNamer = (segments) => {
  const fields = (segments.at(-1) ?? '').split('__');
  if (fields.length < 4 || !/^\d{9,}$/.test(fields.at(-1) as string)) return null;
  const [env, exp, ...rest] = fields.slice(0, -1) as [string, string, ...string[]];
  const seedAt = rest.findIndex((f) => /^\d{1,6}$/.test(f));
  if (seedAt < 0) return null;
  const extra = rest.filter((_, i) => i !== seedAt);
  return {
    layout: 'cleanrl',
    identity: { task: env, group: [exp, ...extra].join('__'), run: rest[seedAt] as string },
  };
};

const sb3Tensorboard: FolderNamer = (segments, hasEvents) => {
  const match = /^([A-Z][A-Za-z0-9]*)_(\d+)$/.exec(segments.at(-1) ?? '');
  // (`Pong_1` is a game's run, not an algorithm's: Dopamine, Atari sweeps)
  if (!match || !hasEvents || envFromPath([match[1] as string])) return null;
  return { layout: 'sb3-tensorboard', identity: { group: match[1] as string, run: match[2] as string } };
};

const lightning: FolderNamer = (segments) => {
  const name = segments.at(-1) ?? '';
  const parent = segments.at(-2);
  if (!/^version_\d+$/.test(name) || parent === undefined) return null;
  return { layout: 'lightning', identity: { group: parent, run: name } };
};

export const RUN_FOLDER_NAMERS: readonly FolderNamer[] = [sampleFactory, cleanrl, sb3Tensorboard, lightning];

/** Folders a tool names for what they hold (DVCLive's `<run>/dvclive/`): the run is above them. */
export const TOOL_ROLE_FOLDERS: readonly string[] = ['dvclive'];
