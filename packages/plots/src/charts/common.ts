import { basename as pathBasename } from 'node:path';

export const basename = (path: string) => pathBasename(path);

/** 0, 1, 2, … for logs without a step column. */
export function indexColumn(n: number): Float64Array {
  const out = new Float64Array(n);
  for (let i = 0; i < n; i++) out[i] = i;
  return out;
}

/** Why a panel is empty: no rows at all, or no such column. */
export function missingMessage(file: string, rows: number, column: string): string {
  return rows === 0 ? `no data: ${file} has no rows yet` : `no data: ${file} has no values in "${column}"`;
}

export function hasFinite(a: ArrayLike<number> | null | undefined): a is ArrayLike<number> {
  if (!a) return false;
  for (let i = 0; i < a.length; i++) if (Number.isFinite(a[i] as number)) return true;
  return false;
}
