/**
 * Whether to colour by default, as Node itself decides: `FORCE_COLOR` set (to anything but `0` or
 * `false`) colours even a pipe and outranks `NO_COLOR`; `FORCE_COLOR=0` turns colour off; otherwise a
 * terminal, unless `NO_COLOR` is set to anything non-empty (no-color.org) or `TERM=dumb`.
 */
export function colorByDefault(
  isTTY: boolean | undefined,
  env: Record<string, string | undefined> = process.env,
): boolean {
  const force = env.FORCE_COLOR;
  if (force !== undefined) return force !== '0' && force.toLowerCase() !== 'false';
  return isTTY === true && !env.NO_COLOR && env.TERM !== 'dumb';
}
