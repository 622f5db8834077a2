/**
 * A run's task and group when its layout does not name them: the task from an environment id in its
 * path (Gym `Name-vN`, Atari `ALE/Name-v5`, dm_control `domain-task` / `dmc_domain_task`, suite-prefixed
 * names like `atari_pong`) or its metadata; the group from an algorithm token in its path, or from its
 * configuration minus the seed. Each decision is named, for the one-line summary.
 */

/** dm_control suite domains, longest first so `ball_in_cup` is found before `cup`. */
const DMC_DOMAINS = [
  'ball_in_cup',
  'humanoid_CMU',
  'point_mass',
  'manipulator',
  'quadruped',
  'cartpole',
  'humanoid',
  'acrobot',
  'cheetah',
  'pendulum',
  'reacher',
  'stacker',
  'swimmer',
  'walker',
  'finger',
  'hopper',
  'dog',
  'fish',
  'lqr',
].map((d) => d.toLowerCase());

/** Benchmark suites whose task names carry the suite as a prefix (`atari_pong`, `crafter_reward`). */
const SUITES =
  /^(atari|atari100k|procgen|crafter|dmlab|minecraft|memmaze|memorymaze|minigrid|metaworld|mw|minatar|bsuite|loconav|pinpad|myo|robosuite|babyai|nethack|minihack|craftax|brax|mujoco)[_-]([a-z0-9][a-z0-9_-]*)$/i;

/** Gym / Gymnasium ids: `CartPole-v1`, `MiniGrid-Empty-5x5-v0`, `PongNoFrameskip-v4`, `ALE/Pong-v5`. */
const GYM =
  /(?:^|[^A-Za-z0-9])((?:[A-Za-z][A-Za-z0-9]*\/)?[A-Za-z][A-Za-z0-9]*(?:-[A-Za-z0-9]+)*-v\d+)(?![A-Za-z0-9])/;

/**
 * `env=…`, `env_id=…`, `task=…` (dotted or not) in a folder name of overrides: at its start, after a
 * comma, or after the `_` that follows a number (`120010_task=…`, Ray Tune's `…_00000_0_env=…`).
 */
const OVERRIDE_ENV =
  /(?:^|,|(?<=\d)_)(?:[A-Za-z_]+\.)*(?:env|env_id|env_name|environment|task|task_name|game)=([^,=\s/]+?)(?=,|$|\s|_\d{4}-\d\d-\d\d)/;

/**
 * A name that says which run, not what: `0`, `seed_1`, `s2`, `run-3` (jaxrl's `<seed>.txt`, TD-MPC2's
 * `<task>/<seed>/<exp>/` folder).
 */
export const isRunIdName = (name: string): boolean => /^(seed|s|run|trial)?[_-]?\d+$/i.test(name);

export interface Found {
  value: string;
  why: string;
}

/** The environment id a path names, searching from its deepest segment up. */
export function envFromPath(segments: readonly string[]): Found | null {
  for (let i = segments.length - 1; i >= 0; i--) {
    // a file is named for its task as a folder is: `pong.json` names Pong
    const segment = (segments[i] as string).replace(/\.(json|jsonl|csv|tsv|txt|log|npy|npz|md)$/i, '');
    const withParent = i > 0 ? `${segments[i - 1]}/${segment}` : segment;
    // `ALE/Pong-v5`, `seals/CartPole-v0`: a namespace folder above the id
    const namespaced = /^([A-Za-z][A-Za-z0-9]*)\/([A-Za-z][A-Za-z0-9]*(?:-[A-Za-z0-9]+)*-v\d+)$/.exec(
      withParent,
    );
    if (
      namespaced &&
      /^[A-Z]/.test(namespaced[1] as string) &&
      namespaced[1] === namespaced[1]?.toUpperCase() &&
      // an algorithm's folder above the id (`PPO/Hopper-v2`) is no namespace
      !algoFromPath([namespaced[1] as string])
    )
      return { value: withParent, why: 'path (Gym id)' };
    // a folder named by its overrides (Hydra's `task=walker_walk,seed=1`, a Ray Tune trial's
    // `env=Pendulum-v1,lr=0.001`): the value of the key that names the environment
    const named = OVERRIDE_ENV.exec(segment)?.[1];
    if (named)
      return {
        value: dmControl(named) ?? ATARI.get(named.toLowerCase()) ?? named,
        why: 'path (env= override)',
      };
    const gym = GYM.exec(segment);
    if (gym)
      return {
        value: gym[1] as string,
        why: /NoFrameskip|^ALE\//.test(gym[1] as string) ? 'path (Atari id)' : 'path (Gym id)',
      };
    const dmc = dmControl(segment);
    if (dmc) return { value: dmc, why: 'path (dm_control domain-task)' };
    const game = ATARI.get(stripRunSuffix(segment).toLowerCase());
    if (game && /^[A-Z]?[a-z]+([A-Z][a-z]+)*$|^[a-z]+$/.test(stripRunSuffix(segment)))
      return { value: game, why: 'path (Atari game)' };
    const suite = SUITES.exec(stripRunSuffix(segment));
    if (suite)
      return {
        value: stripRunSuffix(segment).toLowerCase(),
        why: `path (${(suite[1] as string).toLowerCase()} task)`,
      };
  }
  return null;
}

/** The 57 games of the Atari benchmark, named bare (Dopamine's `game_name`, Atari 100k tables): `Pong`, `pong`. */
const ATARI = new Map(
  (
    'Alien Amidar Assault Asterix Asteroids Atlantis BankHeist BattleZone BeamRider Berzerk Bowling Boxing ' +
    'Breakout Centipede ChopperCommand CrazyClimber Defender DemonAttack DoubleDunk Enduro FishingDerby Freeway ' +
    'Frostbite Gopher Gravitar Hero IceHockey Jamesbond Kangaroo Krull KungFuMaster MontezumaRevenge MsPacman ' +
    'NameThisGame Phoenix Pitfall Pong PrivateEye Qbert Riverraid RoadRunner Robotank Seaquest Skiing Solaris ' +
    'SpaceInvaders StarGunner Surround Tennis TimePilot Tutankham UpNDown Venture VideoPinball WizardOfWor ' +
    'YarsRevenge Zaxxon'
  )
    .split(' ')
    .map((game) => [game.toLowerCase(), game] as const),
);

/** `walker_walk_seed1` → `walker_walk`: a trailing seed or run number is not part of a task. */
const stripRunSuffix = (segment: string): string =>
  segment.replace(/([_-](seed|s|run|trial)?[_-]?\d+)+$/i, '');

/** `walker-walk`, `walker_walk`, `dmc_walker_walk`, `dm_control-cheetah-run` → `walker-walk`. */
function dmControl(segment: string): string | null {
  const lower = segment.toLowerCase().replace(/^(dmc|dm_control|dmcontrol)[_-]/, '');
  for (const domain of DMC_DOMAINS) {
    if (!lower.startsWith(domain)) continue;
    const rest = lower.slice(domain.length);
    const task = /^[_-]([a-z][a-z_]*?)(?:[_-](?:seed|s|run)?\d+.*)?$/.exec(rest)?.[1];
    if (task && DMC_TASKS.has(task)) return `${domain}-${task}`;
  }
  return null;
}

const DMC_TASKS = new Set([
  'walk',
  'run',
  'stand',
  'swingup',
  'swingup_sparse',
  'balance',
  'balance_sparse',
  'two_poles',
  'three_poles',
  'catch',
  'spin',
  'turn_easy',
  'turn_hard',
  'upright',
  'swim',
  'hop',
  'easy',
  'hard',
  'bring_ball',
  'bring_peg',
  'insert_ball',
  'insert_peg',
  'reach_top',
  'reach_site',
  'escape',
  'fetch',
  'trot',
  'stack_2',
  'stack_4',
  'swimmer6',
  'swimmer15',
  'lqr_2_1',
  'lqr_6_2',
  'fly',
]);

/** Algorithm names as tokens of a path (`ppo_3`, `CartPole-v1_sac`, `dreamer/`, `PPO_1`). */
const ALGOS = new Set(
  (
    'ppo ppo2 ppo1 appo a2c a3c acer acktr trpo dqn ddqn qrdqn c51 iqn rainbow r2d2 apex impala sac td3 ddpg ' +
    'her tqc ars crossq redq droq dreamer dreamerv1 dreamerv2 dreamerv3 planet muzero efficientzero drq drqv2 ' +
    'curl rad cql iql bc bcq awac td3bc td3_bc mpo vmpo dmpo d4pg pets mbpo tdmpc tdmpc2 gail airl reinforce vpg ' +
    'es cem qmix mappo ippo sqil grpo dpo rloo orpo kto sac_discrete spr bbf dr3 simple recurrent_ppo ppo_lstm ' +
    'maskable_ppo sacd rnd ngu agent57 alphazero'
  ).split(' '),
);

/**
 * The algorithm a path names: a token of a segment (split on `_ - . space`) that is an algorithm's name.
 * `variant` is the whole segment less its run number, file extension and environment id
 * (`PPO_SimHash` → `ppo_simhash`, `modified_td3_s3` → `modified_td3`): the experiment, when it is more
 * than the algorithm.
 */
export function algoFromPath(segments: readonly string[]): (Found & { variant: string }) | null {
  for (let i = segments.length - 1; i >= 0; i--) {
    const segment = (segments[i] as string).toLowerCase();
    if (ALGOS.has(segment)) return { value: segment, variant: segment, why: 'algorithm in path' };
    for (const token of segment.split(/[_\-.\s]+/))
      if (ALGOS.has(token))
        return { value: token, variant: variantOf(segments[i] as string), why: 'algorithm in path' };
  }
  return null;
}

function variantOf(segment: string): string {
  const gym = GYM.exec(segment)?.[1];
  const bare = (gym ? segment.replace(gym, '') : segment).replace(/\.[a-z]{2,5}$/i, '');
  return stripRunSuffix(bare)
    .replace(/^[_\-.\s]+|[_\-.\s]+$/g, '')
    .replace(/[_\-.\s]{2,}/g, '_')
    .toLowerCase();
}

/** Keys that differ between seeds of one configuration: never a group. */
const RUN_SPECIFIC =
  /(^|[._/])(seed|seeds|random_seed|run|run_name|run_id|runid|name|exp_name|experiment_name|id|uuid|time|timestamp|date|datetime|start_time|dir|path|logdir|log_dir|log_path|save_dir|save_path|output_dir|outdir|out_dir|log_folder|\w+_log|(\w+_)?(project|project_name|entity)|host|hostname|pid|device|cuda|gpu|gpus|cwd|git\w*|commit|checkpoint\w*|verbose|wall_time\w*|elapsed\w*|duration\w*|runtime|(started|finished|ended|created|updated)_at|status|command|cmd|argv|versions?)$/i;

/** A JSON-quoted path: absolute, home- or dot-relative, or segments without spaces holding a file name. */
function isLocation(value: string): boolean {
  return /^"(\/|~\/|\.{1,2}\/|[A-Za-z]:\\\\|[^\s/"]+\/[^\s"]*\.[A-Za-z0-9]{1,5}")/.test(value);
}

/** A value longer than this (JSON-quoted) is free text, not a setting. */
const FREE_TEXT = 200;

const REPR = /^<.* at 0x[0-9a-f]+>$/i;

/** A configuration flattened to dotted keys of scalar values. */
export function flatConfig(
  value: Record<string, unknown>,
  prefix = '',
  out = new Map<string, string>(),
): Map<string, string> {
  for (const [key, item] of Object.entries(value)) {
    // a Python object's repr as a key (`<Logger object at 0x7f…>`) names an address, not a setting
    if (REPR.test(key)) continue;
    const name = prefix + key;
    if (item !== null && typeof item === 'object' && !Array.isArray(item))
      flatConfig(item as Record<string, unknown>, `${name}.`, out);
    else out.set(name, JSON.stringify(item ?? null));
  }
  return out;
}

/**
 * The keys that tell runs of one base group apart, but the seed and run-specific keys: what makes two
 * configurations different experiments. Empty when they differ only by seed.
 */
/**
 * The keys whose values differ between the runs' configurations, less those that differ between seeds
 * of one setting: `settings` name groups; `perRun` holds values distinct in every one of three runs or
 * more (a seed, a start time, a count of steps the run took, a sampled value): no group of runs shares
 * them, so they would leave every run a group of one.
 */
export function varyingKeys(
  configs: readonly Map<string, string>[],
  all: readonly Map<string, string>[] = configs,
): {
  settings: string[];
  perRun: string[];
} {
  const settings: string[] = [];
  const perRun: string[] = [];
  if (configs.length < 2) return { settings, perRun };
  const keys = new Set(configs.flatMap((c) => [...c.keys()]));
  for (const key of keys) {
    if (RUN_SPECIFIC.test(key) || /(^|[._])(env|env_id|env_name|environment|task|game)$/i.test(key)) continue;
    const values = new Set(configs.map((c) => c.get(key) ?? 'undefined'));
    // free text (W&B notes, a description) and an unresolved `${…}` are no setting: never a group's name
    if (values.size < 2 || [...values].some((v) => v.length > FREE_TEXT || v.includes('${'))) continue;
    // where a run wrote or read its files is no setting (`"runs/ppo_3"`, `"/tmp/agent.zip"`)
    if ([...values].some(isLocation)) continue;
    // a value each run has its own, over the whole tree (a time, a host), or one some runs lack (a
    // key logged by one version of the trainer) is the run's, never a group's
    const everywhere = new Set(all.map((c) => c.get(key)));
    const own = everywhere.size === all.length && all.length >= 3;
    if (own || configs.some((c) => !c.has(key))) perRun.push(key);
    else settings.push(key);
  }
  return { settings: settings.sort(), perRun: perRun.sort() };
}

/**
 * A flattened configuration compared without case: a key one run spells `Optimizer` and another
 * `optimizer` is one key, `"Adam"` and `"adam"` one value. The first spelling met is kept, so runs that
 * agree get one label.
 */
export function foldCase(configs: readonly Map<string, string>[]): Map<string, string>[] {
  const spelling = new Map<string, string>();
  const fold = (text: string): string => {
    const key = text.toLowerCase();
    if (!spelling.has(key)) spelling.set(key, text);
    return spelling.get(key) as string;
  };
  return configs.map((config) => {
    const out = new Map<string, string>();
    for (const [key, value] of config) {
      const folded = fold(key);
      // a configuration that holds both spellings keeps both: they are two settings there
      out.set(out.has(folded) ? key : folded, value.startsWith('"') ? fold(value) : value);
    }
    return out;
  });
}

/** `lr=0.001,clip=0.2` from a flattened configuration. */
export function configLabel(config: Map<string, string>, keys: readonly string[]): string {
  return keys.map((key) => `${key}=${unquote(config.get(key) ?? '?')}`).join(',');
}

const unquote = (text: string): string =>
  text.startsWith('"') && text.endsWith('"') ? text.slice(1, -1) : text;
