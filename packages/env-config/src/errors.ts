import type { EnvProblem } from './types.js';

/** Thrown by `readEvidenceEnv` with every bad variable at once, not only the first. */
export class EnvConfigError extends Error {
  readonly problems: EnvProblem[];

  constructor(problems: readonly EnvProblem[]) {
    const lines = problems.map((p) => `  ${p.variable}=${JSON.stringify(p.value)}: expected ${p.expected}`);
    const count = problems.length === 1 ? '1 variable' : `${problems.length} variables`;
    super(`Invalid environment configuration (${count}):\n${lines.join('\n')}`);
    this.name = 'EnvConfigError';
    this.problems = problems.map((p) => Object.freeze({ ...p }));
    Object.freeze(this.problems);
  }
}
