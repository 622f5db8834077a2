import { readdir } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { parseJsonLimited, readInputText } from '@evidence/node-kit';
import type { Chart } from '@evidence/plots';
import type { ReportIssue } from '../eval-files.js';
import type { EmbeddedOverlay } from '../page/index.js';

/** A picture of the report: `file` is a relative link (from the evidence folder, or from the page once in the model). */
export interface Picture {
  title: string;
  file: string;
  /** its path in the evidence folder, for captions */
  label?: string;
  /** a line chart the page draws itself: its id, description (with data), and log (link and label) */
  interactive?: { id: string; chart: Chart; data: string; dataLabel?: string };
  /** one metric across many runs, drawn in the page as an overlay (the runs' files hold every row) */
  overlay?: { id: string; data: EmbeddedOverlay };
}

export interface RecordedEpisode {
  mode: string;
  /** the GIF, or null when only its .json exists (e.g. no frames were captured) */
  gif: string | null;
  json: string | null;
  episode: number | null;
  reward: number | null;
  avgReward: number | null;
  solved: boolean | null;
  steps: number | null;
  /** frames in the GIF, and frames left out by the recorder's maxFrames */
  frameCount: number | null;
  framesDropped: number | null;
  warning: string | null;
  /** the GIF's path in the evidence folder, for captions */
  label?: string | null;
}

const toPosix = (path: string): string => path.split('\\').join('/');

async function subfolders(root: string): Promise<string[]> {
  try {
    const entries = await readdir(root, { withFileTypes: true });
    return entries
      .filter((e) => e.isDirectory())
      .map((e) => e.name)
      .sort();
  } catch {
    return [];
  }
}

async function files(dir: string): Promise<string[]> {
  try {
    const entries = await readdir(dir, { withFileTypes: true });
    return entries
      .filter((e) => e.isFile())
      .map((e) => e.name)
      .sort();
  } catch {
    return [];
  }
}

/** curves/<mode>/*: the PNG of each chart, or its SVG when there is no PNG. */
export async function findCurves(root: string, curvesRoot: string): Promise<Picture[]> {
  const pictures: Picture[] = [];
  for (const mode of await subfolders(curvesRoot)) {
    const names = await files(join(curvesRoot, mode));
    const stems = new Set(
      names.filter((n) => /\.(png|svg)$/i.test(n)).map((n) => n.replace(/\.(png|svg)$/i, '')),
    );
    for (const stem of stems) {
      const name = names.includes(`${stem}.png`) ? `${stem}.png` : `${stem}.svg`;
      pictures.push({
        title: `${mode}: ${stem.replace(/_/g, ' ')}`,
        file: toPosix(relative(root, join(curvesRoot, mode, name))),
      });
    }
  }
  return pictures;
}

const numberOrNull = (value: unknown): number | null => (typeof value === 'number' ? value : null);

/** animations/<mode>/*.gif with the facts of the .json beside each (episode, reward, …). */
export async function findAnimations(
  root: string,
  animationsRoot: string,
  issues: ReportIssue[],
): Promise<RecordedEpisode[]> {
  const episodes: RecordedEpisode[] = [];
  for (const mode of await subfolders(animationsRoot)) {
    const dir = join(animationsRoot, mode);
    const names = await files(dir);
    const stems = new Set(
      names.filter((n) => /\.(gif|json)$/i.test(n)).map((n) => n.replace(/\.(gif|json)$/i, '')),
    );
    for (const stem of stems) {
      const gif = names.includes(`${stem}.gif`) ? toPosix(relative(root, join(dir, `${stem}.gif`))) : null;
      const jsonName = names.includes(`${stem}.json`) ? join(dir, `${stem}.json`) : null;
      let meta: Record<string, unknown> = {};
      if (jsonName) {
        try {
          const parsed: unknown = parseJsonLimited(await readInputText(jsonName));
          if (parsed && typeof parsed === 'object' && !Array.isArray(parsed))
            meta = parsed as Record<string, unknown>;
          else
            issues.push({ file: jsonName, line: 1, reason: 'expected a JSON object describing the episode' });
        } catch (error) {
          issues.push({ file: jsonName, line: 1, reason: `not valid JSON: ${(error as Error).message}` });
        }
      }
      // Without a usable .json, the file name still tells episode and reward: <mode>_episode_0100_reward_146_avg_148
      const fromName = /_episode_(\d+)_reward_(-?[\d.]+)(?:_avg_(-?[\d.]+))?$/.exec(stem);
      episodes.push({
        mode,
        gif,
        json: jsonName ? toPosix(relative(root, jsonName)) : null,
        episode: numberOrNull(meta.episode) ?? (fromName ? Number(fromName[1]) : null),
        reward:
          numberOrNull(meta.episode_reward) ??
          numberOrNull(meta.reward) ??
          (fromName ? Number(fromName[2]) : null),
        avgReward:
          numberOrNull(meta.avg_reward) ?? (fromName?.[3] !== undefined ? Number(fromName[3]) : null),
        solved: typeof meta.solved === 'boolean' ? meta.solved : null,
        steps: numberOrNull(meta.step_count) ?? numberOrNull(meta.frame_count),
        frameCount: numberOrNull(meta.frame_count),
        framesDropped: numberOrNull(meta.frames_dropped),
        warning: typeof meta.warning === 'string' ? meta.warning : null,
      });
    }
  }
  return episodes.sort((a, b) => a.mode.localeCompare(b.mode) || (a.episode ?? 0) - (b.episode ?? 0));
}
