/** A function over the line budget: its file (under the folder checked), name, first line and length. */
export interface LongFunction {
  file: string;
  name: string;
  line: number;
  lines: number;
}
export function sourceFiles(dir: string): string[];
export function longFunctions(dir: string, limit?: number): LongFunction[];
export function importCycles(dir: string): string[][];
