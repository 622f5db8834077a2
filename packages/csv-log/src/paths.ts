import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { checkNamePart } from '@evidence/node-kit';

/** Every standard path of an evidence folder (file names of the reference trainer). */
export class EvidencePaths {
  readonly root: string;
  readonly trainingLog: string;
  readonly rewardComponents: string;
  readonly checkpointEvals: string;
  readonly preEval: string;
  readonly postEval: string;
  readonly trainingCurvePng: string;
  readonly rewardComponentsPng: string;
  readonly checkpointProgressionPng: string;
  readonly beforeAfterSummaryPng: string;
  readonly rewardDistributionPng: string;
  readonly beforeAfterMetrics: string;
  readonly sampleTrajectories: string;
  readonly indexHtml: string;
  readonly reportMd: string;
  readonly curvesRoot: string;
  readonly animationsRoot: string;

  constructor(root: string) {
    this.root = root;
    this.trainingLog = join(root, 'training_log.csv');
    this.rewardComponents = join(root, 'reward_components.csv');
    this.checkpointEvals = join(root, 'checkpoint_evals.csv');
    this.preEval = join(root, 'pre_eval.jsonl');
    this.postEval = join(root, 'post_eval.jsonl');
    this.trainingCurvePng = join(root, 'training_curve.png');
    this.rewardComponentsPng = join(root, 'reward_components.png');
    this.checkpointProgressionPng = join(root, 'checkpoint_progression.png');
    this.beforeAfterSummaryPng = join(root, 'before_after_summary.png');
    this.rewardDistributionPng = join(root, 'reward_distribution.png');
    this.beforeAfterMetrics = join(root, 'before_after_metrics.json');
    this.sampleTrajectories = join(root, 'sample_trajectories.md');
    this.indexHtml = join(root, 'index.html');
    this.reportMd = join(root, 'REPORT.md');
    this.curvesRoot = join(root, 'curves');
    this.animationsRoot = join(root, 'animations');
  }

  /** `curves/<mode>/` */
  curvesDir(mode: string): string {
    return join(this.curvesRoot, checkNamePart(mode, 'EvidencePaths: mode'));
  }

  /** `animations/<mode>/` */
  animationsDir(mode: string): string {
    return join(this.animationsRoot, checkNamePart(mode, 'EvidencePaths: mode'));
  }

  /** Creates the root, `curves/` and `animations/` folders (like `mkdir -p`). */
  async ensure(): Promise<this> {
    await mkdir(this.root, { recursive: true });
    await Promise.all([
      mkdir(this.curvesRoot, { recursive: true }),
      mkdir(this.animationsRoot, { recursive: true }),
    ]);
    return this;
  }
}
