/** `1 run`, `2 runs`: a count with its noun agreeing. */
export const count = (n: number, noun: string): string => `${n} ${noun}${n === 1 ? '' : 's'}`;
