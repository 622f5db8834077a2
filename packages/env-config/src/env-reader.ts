import type { ParseResult } from './parsers.js';
import type { EnvProblem, EnvSource, EnvVariableDescription } from './types.js';
import { VARIABLES, type VariableKey } from './variables.js';

type Env = Record<string, string | undefined>;

/**
 * Reads variables one by one, remembering for each where its value came from and whether it was
 * valid, so that one pass yields the configuration, every problem, and the rows of `describeEnv()`.
 * An invalid value falls back to the default so that reading can go on and report the rest.
 */
export class EnvReader {
  readonly problems: EnvProblem[] = [];
  private readonly rows = new Map<VariableKey, EnvVariableDescription>();

  constructor(
    readonly prefix: string,
    private readonly env: Env,
  ) {}

  /** the full name of a variable: prefixed, except RANK, LOCAL_RANK and WORLD_SIZE */
  nameOf(key: VariableKey): string {
    return VARIABLES[key].prefixed ? this.prefix + key : key;
  }

  /** the value as given, or null when unset or blank (a blank value means the default) */
  given(key: VariableKey): string | null {
    const value = this.env[this.nameOf(key)];
    return value === undefined || value.trim() === '' ? null : value;
  }

  /**
   * The parsed value of `key` (or of `alias` when `key` is unset), or `fallback` when neither is
   * given or the value is invalid. `show` formats the value in use for `describeEnv()`.
   */
  read<T>(
    key: VariableKey,
    parse: (text: string) => ParseResult<T>,
    fallback: T,
    { alias, show = String }: { alias?: VariableKey; show?: (value: T) => string } = {},
  ): T {
    let from = key;
    let value = this.given(key);
    let source: EnvSource = 'environment';
    if (value === null && alias !== undefined && this.given(alias) !== null) {
      from = alias;
      value = this.given(alias);
      source = 'alias';
    }
    if (value === null) {
      this.record(key, { value: null, source: 'default', effective: show(fallback) });
      return fallback;
    }
    const result = parse(value);
    if (!result.ok) {
      this.problems.push({ variable: this.nameOf(from), value, expected: result.expected });
      this.record(key, { value, source, effective: null, problem: result.expected });
      return fallback;
    }
    this.record(key, { value, source, effective: show(result.value) });
    return result.value;
  }

  /** Marks a value that parsed but contradicts another variable (e.g. RANK >= WORLD_SIZE). */
  reject(key: VariableKey, expected: string): void {
    const row = this.rows.get(key);
    const value = this.given(key);
    if (row === undefined || value === null) throw new Error(`reject(${key}) before a value was read`);
    this.problems.push({ variable: this.nameOf(key), value, expected });
    this.rows.set(key, { ...row, effective: null, problem: expected });
  }

  /** Records a row that reading did not produce itself (an alias, say). */
  record(key: VariableKey, row: Omit<EnvVariableDescription, 'variable' | 'default' | 'description'>): void {
    const spec = VARIABLES[key];
    this.rows.set(key, {
      variable: this.nameOf(key),
      default: spec.default(this.prefix),
      description: spec.description,
      ...row,
    });
  }

  row(key: VariableKey): EnvVariableDescription | undefined {
    return this.rows.get(key);
  }
}
