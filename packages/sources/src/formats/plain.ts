/** Files of no one tool, known by their shape: tables, JSON, arrays, console lines. */
import type { Format } from './format.js';

export const wideTable: Format = { id: 'wide-table', label: 'table with a column per seed' };
export const csv: Format = { id: 'csv', label: 'CSV/TSV log' };
export const json: Format = { id: 'json', label: 'JSON records' };
export const jsonArrays: Format = { id: 'json-arrays', label: 'JSON arrays by metric' };
export const npy: Format = { id: 'npy', label: 'NumPy arrays by metric' };
export const jsonl: Format = { id: 'jsonl', label: 'JSON Lines' };
export const consoleLog: Format = { id: 'console-log', label: 'console log (key: value lines)' };
