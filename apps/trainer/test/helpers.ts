import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseConfig, type TrainerConfig } from '../src/config.js';

/** A fresh temporary folder for one test's evidence. */
export function tempDir(name: string): string {
  return mkdtempSync(join(tmpdir(), `trainer-${name}-`));
}

/**
 * A config from flags as the CLI would parse them, with an environment that holds no EVIDENCE_*
 * variables from the machine running the tests (so only the flags given here apply).
 */
export function smallConfig(out: string, flags: string[] = []): TrainerConfig {
  const env = Object.fromEntries(Object.entries(process.env).filter(([k]) => !k.startsWith('EVIDENCE_')));
  const config = parseConfig(
    [
      '--out',
      out,
      '--updates',
      '3',
      '--batch',
      '4',
      '--eval-episodes',
      '6',
      '--checkpoint-every',
      '2',
      '--checkpoint-episodes',
      '3',
      '--quiet',
      ...flags,
    ],
    env,
  );
  if (config === 'help') throw new Error('unexpected help');
  return config;
}
