/** `1 run`, `2 runs`, `11,253 values`: an exact count with its noun agreeing. */
export const count = (n: number, noun: string): string =>
  `${n.toLocaleString('en-US')} ${noun}${n === 1 ? '' : 's'}`;
