export type { CliIo, OutputStream } from './io.js';
export { createProgram, EXIT_BAD_INPUT, EXIT_BAD_USAGE, EXIT_OK, run } from './run.js';
