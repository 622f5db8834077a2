import { InvalidArgumentError } from 'commander';

/** The most bootstrap resamples a command draws: ten times the default, seconds of work, not hours. */
export const MAX_RESAMPLES = 100_000;

/** Option parsers: a bad value is a usage error (exit 2) naming what was expected. */
export function integerOption(min: number, max = Number.MAX_SAFE_INTEGER) {
  return (value: string): number => {
    const number = Number(value);
    if (!/^-?\d+$/.test(value.trim()) || !Number.isSafeInteger(number) || number < min || number > max) {
      throw new InvalidArgumentError(
        `expected an integer from ${min}${max === Number.MAX_SAFE_INTEGER ? ' up' : ` to ${max}`}.`,
      );
    }
    return number;
  };
}

export function listOption(value: string): string[] {
  const items = value
    .split(',')
    .map((item) => item.trim())
    .filter((item) => item !== '');
  if (items.length === 0) throw new InvalidArgumentError('expected a comma-separated list of column names.');
  return items;
}
