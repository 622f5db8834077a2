#!/usr/bin/env node
import { relative } from 'node:path';
import { EnvConfigError } from '@evidence/env-config';
import { parseConfig, USAGE, UsageError } from './config.js';

async function main(): Promise<number> {
  let config: ReturnType<typeof parseConfig>;
  try {
    const command = ['node', relative(process.cwd(), process.argv[1] ?? 'trainer') || 'trainer'];
    config = parseConfig(process.argv.slice(2), process.env, 'EVIDENCE_', command);
  } catch (error) {
    if (error instanceof UsageError) {
      process.stderr.write(`trainer: ${error.message} (--help lists the options)\n`);
      return 2;
    }
    if (error instanceof EnvConfigError) {
      process.stderr.write(`trainer: ${error.message}\n`);
      return 1;
    }
    throw error;
  }
  if (config === 'help') {
    process.stdout.write(`${USAGE}\n`);
    return 0;
  }
  // loaded only now, so --help and usage errors answer at once without loading canvas and the report
  const [{ train }, { headline }] = await Promise.all([import('./train.js'), import('./headline.js')]);
  const result = await train(config);
  const where = relative(process.cwd(), result.dir) || '.';
  process.stdout.write(`${headline(result, where)}\n`);
  return result.problems.length > 0 ? 1 : 0;
}

main().then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    // one clear line; the stack only with --debug
    const debug = process.argv.includes('--debug');
    const text =
      error instanceof Error ? ((debug ? error.stack : undefined) ?? error.message) : String(error);
    process.stderr.write(`trainer: ${text}\n`);
    process.exitCode = 1;
  },
);
