import { EvidencePaths } from '@evidence/csv-log';
import type { BeforeAfterMetrics, ReportResult } from '@evidence/report';
import { AGENT_SHAPE, Agent } from './agent.js';
import type { TrainerConfig } from './config.js';
import { type EpisodeTrace, playEpisode } from './episode.js';
import { type EvaluationSummary, evaluate } from './evaluate.js';
import { archivePreviousRun } from './evidence/archive.js';
import { RunView } from './evidence/console.js';
import { EpisodeCurves } from './evidence/curves.js';
import { EpisodeFilms } from './evidence/gifs.js';
import { openRunLogs, writeEvalJsonl } from './evidence/logs.js';
import { writeReport } from './evidence/report.js';
import { type RunProgress, writeRunFile } from './evidence/run-file.js';
import { DEFAULT_PPO, PpoLearner, type UpdateStats } from './ppo.js';
import { deriveSeed, Random } from './random.js';
import { RunningMean } from './running-mean.js';

/** episodes in the running mean shown in curves and GIF names */
export const AVERAGE_WINDOW = 20;

export interface TrainResult {
  dir: string;
  pre: { meanReward: number; successRate: number; episodes: number };
  post: { meanReward: number; successRate: number; episodes: number };
  /** before/after statistics from the report (null with --no-report or when the report failed) */
  metrics: BeforeAfterMetrics | null;
  report: ReportResult | null;
  /** the previous run's files were moved here, if there were any */
  archived: string | null;
  trainingEpisodes: number;
  updates: number;
  /** seconds from start to the end of the report */
  wallTimeS: number;
  /** logging problems surfaced during the run (each reported once) */
  problems: string[];
  runLog: string;
}

/**
 * A whole run: evaluate the untrained policy, train with PPO while logging every update, evaluate
 * again on the same start states, then build the report. Logging problems are surfaced once each
 * and never stop training.
 */
export async function train(config: TrainerConfig): Promise<TrainResult> {
  const started = performance.now();
  const { seed, updates, episodesPerUpdate: perUpdate, maxSteps } = config;
  const totalEpisodes = updates * perUpdate;
  const dir = config.evidence.dir;
  const prefix = config.evidence.prefix;

  const archived = archivePreviousRun(dir);
  const paths = await new EvidencePaths(dir).ensure();
  const runProgress: RunProgress = { startedAt: new Date(), steps: null, wallTimeS: null, status: 'running' };
  let trainingSteps = 0;
  const view = new RunView({
    runId: `cartpole_seed${seed}`,
    dir,
    totalUpdates: updates,
    quiet: config.quiet,
  });
  try {
    const problems: string[] = [];
    const onError = (error: Error): void => {
      const message = error.message;
      if (problems.includes(message)) return;
      problems.push(message);
      view.warn(message);
    };

    view.info(
      `CartPole-v1 · PPO · seed ${seed} · ${updates} updates × ${perUpdate} episodes · evidence in ${dir}`,
    );
    if (archived) view.info(`the previous run in ${dir} was moved to ${archived}`);
    await guardAsync(onError, 'run.json', () => writeRunFile(dir, config, runProgress));

    const agent = new Agent(AGENT_SHAPE, new Random(deriveSeed(seed, 'init')));
    const ppo = config.ppo ?? DEFAULT_PPO;
    const learner = new PpoLearner(agent, ppo);
    const minibatchRandom = new Random(deriveSeed(seed, 'minibatches'));
    const evalOptions = { seed, stream: 'eval', episodes: config.evalEpisodes, maxSteps };

    const pre = evaluate(agent, evalOptions);
    await writeEvalJsonl(paths.preEval, pre.records, onError);
    view.info(
      `before training: mean reward ${pre.meanReward.toFixed(1)} over ${config.evalEpisodes} episodes`,
    );

    const logs = openRunLogs(paths, onError);
    const curves = config.evidence.curves.enabled
      ? EpisodeCurves.fromEnv({ env: config.env, prefix, averageWindow: AVERAGE_WINDOW })
      : null;
    const films = config.evidence.animations.enabled
      ? EpisodeFilms.fromEnv({ env: config.env, prefix, maxSteps, onError })
      : null;
    const running = new RunningMean(AVERAGE_WINDOW);
    const trainStart = performance.now();

    const checkpoint = (update: number): void => {
      const result = evaluate(agent, {
        seed,
        stream: 'checkpoint',
        episodes: config.checkpointEpisodes,
        maxSteps,
      });
      logs.checkpointEvals.append({
        step: update,
        fraction_done: round(update / updates, 4),
        episodes: config.checkpointEpisodes,
        mean_reward: result.meanReward,
        success_rate: result.successRate,
      });
    };

    try {
      checkpoint(0);
      view.begin();
      for (let update = 1; update <= updates; update++) {
        const batch: EpisodeTrace[] = [];
        for (let b = 0; b < perUpdate; b++) {
          const episode = (update - 1) * perUpdate + b;
          const trace = playEpisode(agent, {
            resetSeed: deriveSeed(seed, 'train', 'reset', episode),
            actionSeed: deriveSeed(seed, 'train', 'action', episode),
            maxSteps,
          });
          batch.push(trace);
          trainingSteps += trace.steps;
          const avg = running.push(trace.return);
          guard(onError, 'curves', () =>
            curves?.log(episode, trace.return, avg, { entropy: trace.meanEntropy }),
          );
          if (films) {
            await guardAsync(onError, 'GIFs', () => films.film(episode, totalEpisodes, trace, avg));
          }
        }
        const lrScale = 1 - (update - 1) / updates;
        const stats = learner.update(batch, minibatchRandom, lrScale);
        const wall = (performance.now() - trainStart) / 1000;
        const returns = summarise(batch);
        logs.trainingLog.append({
          step: update,
          epoch: round(update / updates, 4),
          loss: stats.loss,
          policy_loss: stats.policyLoss,
          value_loss: stats.valueLoss,
          entropy: stats.entropy,
          kl: stats.kl,
          clip_fraction: stats.clipFraction,
          grad_norm: stats.gradNorm,
          learning_rate: ppo.policyLr * lrScale,
          reward: returns.mean,
          reward_std: returns.std,
          wall_time_s: round(wall, 3),
        });
        logs.rewardComponents.append(rewardComponentsRow(update, batch, returns));
        if (update % config.checkpointEvery === 0 || update === updates) checkpoint(update);
        view.row(tableRow(update, update * perUpdate, returns, stats, ppo.policyLr * lrScale, wall));
      }
    } finally {
      // closed however training ends, so every row accepted so far is on disk
      await logs.close();
      if (films) await guardAsync(onError, 'GIFs', () => films.close());
    }
    if (curves) await guardAsync(onError, 'curves', () => curves.save());

    const post = evaluate(agent, evalOptions);
    await writeEvalJsonl(paths.postEval, post.records, onError);
    view.info(
      `after training: mean reward ${post.meanReward.toFixed(1)} over ${config.evalEpisodes} episodes`,
    );

    await guardAsync(onError, 'run.json', () =>
      writeRunFile(dir, config, {
        ...runProgress,
        steps: trainingSteps,
        wallTimeS: (performance.now() - started) / 1000,
        status: 'finished',
      }),
    );
    let report: ReportResult | null = null;
    if (config.report) {
      try {
        report = await writeReport(dir, { seed, log: (line) => view.info(line) });
        for (const skipped of report.skipped) view.warn(`report: skipped ${skipped.what}: ${skipped.why}`);
      } catch (error) {
        onError(new Error(`report: ${(error as Error).message}`));
      }
    }
    return {
      dir,
      pre: side(pre, config.evalEpisodes),
      post: side(post, config.evalEpisodes),
      metrics: report?.metrics ?? null,
      report,
      archived,
      trainingEpisodes: totalEpisodes,
      updates,
      wallTimeS: (performance.now() - started) / 1000,
      problems,
      runLog: view.logPath,
    };
  } finally {
    await view.close();
  }
}

interface Returns {
  mean: number;
  std: number;
  solvedRate: number;
  meanSteps: number;
}

function summarise(batch: readonly EpisodeTrace[]): Returns {
  const n = batch.length;
  const mean = batch.reduce((s, e) => s + e.return, 0) / n;
  const variance = batch.reduce((s, e) => s + (e.return - mean) ** 2, 0) / n;
  return {
    mean,
    std: Math.sqrt(variance),
    solvedRate: batch.filter((e) => e.ending === 'time').length / n,
    meanSteps: batch.reduce((s, e) => s + e.steps, 0) / n,
  };
}

/**
 * CartPole's reward is +1 per step survived and nothing else: there is no terminal-vs-shaping split
 * and nothing is "discovered", so those columns stay empty with the ones about masses, channels, spins
 * and parsing (a report draws no line for them). Filled: the batch size, mean return and mean length.
 */
function rewardComponentsRow(update: number, batch: readonly EpisodeTrace[], returns: Returns) {
  return {
    step: update,
    n: batch.length,
    mean_cumulative: returns.mean,
    mean_n_steps: returns.meanSteps,
  };
}

function tableRow(
  update: number,
  episodes: number,
  returns: Returns,
  stats: UpdateStats,
  lr: number,
  wall: number,
) {
  return {
    update,
    episodes,
    reward: returns.mean,
    reward_std: returns.std,
    solved: returns.solvedRate,
    loss: stats.loss,
    kl: stats.kl,
    grad_norm: stats.gradNorm,
    entropy: stats.entropy,
    lr,
    time: wall,
  };
}

function side(summary: EvaluationSummary, episodes: number) {
  return { meanReward: summary.meanReward, successRate: summary.successRate, episodes };
}

function round(value: number, digits: number): number {
  const f = 10 ** digits;
  return Math.round(value * f) / f;
}

function guard(onError: (error: Error) => void, what: string, fn: () => void): void {
  try {
    fn();
  } catch (error) {
    onError(new Error(`${what}: ${(error as Error).message}`));
  }
}

async function guardAsync(
  onError: (error: Error) => void,
  what: string,
  fn: () => Promise<unknown>,
): Promise<void> {
  try {
    await fn();
  } catch (error) {
    onError(new Error(`${what}: ${(error as Error).message}`));
  }
}
