// The reference Python trainer's exact columns, so its evidence folders and ours are interchangeable.
const columns = (names: string): readonly string[] => Object.freeze(names.split(' '));

/** `training_log.csv`: one row per optimiser step. */
export const TRAINING_LOG_COLUMNS = columns(
  'step epoch loss reward reward_std kl grad_norm learning_rate wall_time_s',
);

/** `reward_components.csv`: one row per rollout batch. */
export const REWARD_COMPONENTS_COLUMNS = columns(
  'step n mean_cumulative mean_terminal mean_step_shaping discovered_rate mass_correct_rate channel_correct_rate spin_correct_rate parsed_rate mean_n_steps',
);

/** `checkpoint_evals.csv`: one row per checkpoint evaluation. */
export const CHECKPOINT_EVALS_COLUMNS = columns(
  'step fraction_done episodes mean_reward success_rate mass_acc channel_acc',
);
