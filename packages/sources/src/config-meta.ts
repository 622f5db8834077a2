/**
 * What a run's configuration says of it, by one rule for every layout and store: its environment (the
 * task), algorithm and seed.
 */
import { algoFromPath } from './catalogue/identity.js';
import type { RunMeta } from './model.js';

/**
 * A configuration as run metadata: the environment it names (`env`, `env_id`, `env.id`,
 * `domain_name`+`task_name`, `task`…), its algorithm and its seed.
 */
export function configMeta(value: Record<string, unknown>, configFiles: string[]): RunMeta {
  const meta: RunMeta = { config: value, configFiles };
  const pick = (v: unknown): string | undefined => {
    if (typeof v === 'string' && v.trim() !== '' && v.length <= 100) return v.trim();
    if (v && typeof v === 'object') {
      const o = v as Record<string, unknown>;
      return pick(o.id ?? o.env_id ?? o.name ?? o.env_name ?? o.game);
    }
    return undefined;
  };
  // EPyMARL's `env_args.key` (a Gym or PettingZoo id) and SMAC's `env_args.map_name` name the task within `env`
  const args = (value.env_args ?? {}) as Record<string, unknown>;
  const env = pick(
    args.key ??
      args.map_name ??
      value.env_id ??
      value.env ??
      value.env_name ??
      value.environment ??
      value.gym_id ??
      value.game,
  );
  // dm_control's domain and task; DrQ-v2's `task_name`, DreamerV3's and TD-MPC2's `task` name it alone
  const task = pick(value.task_name ?? value.task);
  if (env) meta.envId = env;
  else if (typeof value.domain_name === 'string' && task) meta.envId = `${value.domain_name}-${task}`;
  else if (task) meta.envId = task;
  // rsl_rl's `algorithm: {class_name: PPO, …}` names it inside its settings
  const algo = value.algo ?? value.algorithm ?? value.algo_name;
  const algoName =
    algo && typeof algo === 'object'
      ? ((algo as Record<string, unknown>).class_name ?? (algo as Record<string, unknown>).name)
      : algo;
  if (typeof algoName === 'string' && algoName.length <= 100) meta.algo = algoName;
  else {
    // PyMARL names its algorithm's config `name: qmix`: a name that is an algorithm's is the algorithm;
    // a Hydra config names the class it builds (DrQ-v2's `agent: {_target_: drqv2.DrQV2Agent}`)
    for (const key of ['name', 'agent', 'agent_name', 'learner', 'method', 'policy', 'exp_name']) {
      const named = value[key];
      const target = named && typeof named === 'object' ? (named as Record<string, unknown>)._target_ : named;
      const found = typeof target === 'string' ? algoFromPath([target]) : null;
      if (found) {
        meta.algo = target === named ? (named as string) : found.value;
        break;
      }
    }
  }
  if (typeof value.seed === 'number') meta.seed = value.seed;
  return meta;
}
