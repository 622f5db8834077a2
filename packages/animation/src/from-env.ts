import { join } from 'node:path';
import { readEvidenceEnv } from '@evidence/env-config';
import { checkNamePart } from '@evidence/node-kit';
import { EpisodeRecorder, type EpisodeRecorderOptions } from './episode-recorder.js';

export interface RecorderFromEnvOptions
  extends Partial<Omit<EpisodeRecorderOptions, 'dir' | 'prefix' | 'schedule'>> {
  /** variable-name prefix, default `EVIDENCE_` */
  prefix?: string;
  /** the variables to read, default `process.env` */
  env?: Record<string, string | undefined>;
}

/**
 * The recorder the EVIDENCE_* variables ask for (see @evidence/env-config), writing to `<ANIMATION_DIR>/<mode>`
 * with file names `<mode>_episode_…`; null when animations are disabled or this is not the main
 * rank. Bad variables throw an EnvConfigError naming them; a mode that is not a plain name (`..`,
 * `a/b`) throws before anything is read or created.
 */
export function animationRecorderFromEnv(
  mode: string,
  options: RecorderFromEnvOptions = {},
): EpisodeRecorder | null {
  checkNamePart(mode, 'animation mode');
  const { prefix, env, ...recorderOptions } = options;
  const settings = readEvidenceEnv({ prefix, env });
  const animations = settings.animations;
  if (!animations.enabled) return null;
  if (!settings.isMainProcess && !animations.allRanks) return null;
  return new EpisodeRecorder({
    fps: animations.fps,
    maxFrames: animations.maxFrames,
    ...recorderOptions,
    dir: join(animations.dir, mode),
    prefix: mode,
    schedule: { episodes: animations.episodes, every: animations.every, last: animations.last },
  });
}
