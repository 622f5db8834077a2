/**
 * SB3 / baselines Monitor files (`#{"t_start": …, "env_id": …}` first line, then `r,l,t`), whatever
 * their name: all of a folder's are one run (one per VecEnv worker), joined by end time as SB3's
 * `load_results` does.
 */
import { join } from 'node:path';
import { lastLineRule } from '../catalogue/last-line.js';
import { type Folder, JOIN_RANK, type Recogniser, type Source } from '../catalogue/types.js';
import { readMonitorPart } from '../readers.js';

const isMonitor = async (folder: Folder, name: string): Promise<boolean> => {
  const sniff = await folder.sniff(name);
  return sniff.head.startsWith('#{') && /"t_start"/.test(sniff.head.slice(0, 400));
};

export const monitor: Recogniser = {
  name: 'monitor',
  async recognise(folder) {
    const monitors: string[] = [];
    for (const name of folder.files) if (await isMonitor(folder, name)) monitors.push(name);
    if (monitors.length === 0) return [];
    const rules = new Map<string, ReturnType<typeof lastLineRule>>();
    for (const name of monitors)
      rules.set(join(folder.abs, name), lastLineRule(await folder.sniff(name), folder.ctx.now));
    const rule = (file: string) => rules.get(file) ?? { lastLine: 'torn' as const };
    const source = (names: string[]): Source => ({
      role: 'join',
      layout: 'sb3-monitor',
      rank: JOIN_RANK.episodes,
      files: names.map((f) => folder.path(f)),
      read: async () => [
        await readMonitorPart(
          names.map((m) => join(folder.abs, m)),
          names.length === 1 ? join(folder.abs, names[0] as string) : folder.abs,
          names.length === 1 ? (names[0] as string) : '*monitor.csv',
          rule,
        ),
      ],
    });
    const all = source(monitors);
    if (monitors.length > 1)
      all.split = () =>
        monitors.map((name) => ({
          ...source([name]),
          role: 'own' as const,
          abs: join(folder.abs, name),
          id: folder.path(name),
        }));
    return [all];
  },
};
