import { EnvConfigError } from '@evidence/env-config';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DEFAULTS, parseConfig, type TrainerConfig, UsageError } from '../src/config.js';

const parse = (argv: string[], env: Record<string, string> = {}): TrainerConfig => {
  const config = parseConfig(argv, env);
  if (config === 'help') throw new Error('unexpected help');
  return config;
};

describe('parseConfig', () => {
  it('defaults: 30 updates of 10 episodes into ./evidence, GIFs every 100 and the last', () => {
    const config = parse([]);
    expect(config.updates).toBe(DEFAULTS.updates);
    expect(config.episodesPerUpdate).toBe(DEFAULTS.episodesPerUpdate);
    expect(config.evidence.dir).toBe('evidence');
    expect(config.evidence.animations.every).toBe(100);
    expect(config.evidence.animations.last).toBe(1);
    expect(config.report).toBe(true);
  });

  it('reads EVIDENCE_* variables, and a flag wins over its variable', () => {
    const env = { EVIDENCE_DIR: 'from-env', EVIDENCE_ANIMATION_EVERY: '7', EVIDENCE_ANIMATION_LAST: '2' };
    expect(parse([], env).evidence.dir).toBe('from-env');
    expect(parse([], env).evidence.animations.every).toBe(7);
    const flagged = parse(['--out', 'from-flag', '--animation-every', '3'], env);
    expect(flagged.evidence.dir).toBe('from-flag');
    expect(flagged.evidence.animations.every).toBe(3);
    expect(flagged.evidence.animations.last).toBe(2);
    expect(parse(['--animation-episodes', '0,4,9']).evidence.animations.episodes).toEqual([0, 4, 9]);
    expect(parse(['--no-animations']).evidence.animations.enabled).toBe(false);
    expect(parse(['--no-curves']).evidence.curves.enabled).toBe(false);
  });

  it('--episodes sets the number of updates from the batch size', () => {
    expect(parse(['--episodes', '95', '--batch', '10']).updates).toBe(10);
    expect(() => parse(['--episodes', '10', '--updates', '2'])).toThrow(/one of them/);
  });

  it('bad flags are usage errors naming the flag', () => {
    expect(() => parse(['--updates', 'ten'])).toThrow(UsageError);
    expect(() => parse(['--updates', '0'])).toThrow(/--updates: expected a whole number ≥ 1, got "0"/);
    expect(() => parse(['--seed', '1.5'])).toThrow(/--seed/);
    expect(() => parse(['--bogus'])).toThrow(UsageError);
    expect(parseConfig(['--help'], {})).toBe('help');
  });

  it('a bad variable is an EnvConfigError naming it; a bad flag standing for one names the flag', () => {
    expect(() => parse([], { EVIDENCE_ANIMATION_EVERY: 'often' })).toThrow(EnvConfigError);
    expect(() => parse([], { EVIDENCE_ANIMATION_FPS: '0' })).toThrow(/EVIDENCE_ANIMATION_FPS="0": expected/);
    expect(() => parse(['--animation-fps', '0'])).toThrow(UsageError);
    expect(() => parse(['--animation-fps', '0'])).toThrow(/^--animation-fps: expected .*, got "0"$/);
  });
});

describe('parseConfig properties', () => {
  it('any whole number in range round-trips through its flag; anything else is a usage error', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 1_000_000 }),
        fc.integer({ min: 0, max: 2 ** 32 - 1 }),
        (n, seed) => {
          const config = parse(['--updates', String(n), '--seed', String(seed), '--batch', String(n)]);
          expect(config.updates).toBe(n);
          expect(config.seed).toBe(seed);
          expect(config.episodesPerUpdate).toBe(n);
        },
      ),
    );
    fc.assert(
      fc.property(
        fc.string().filter((s) => !/^\s*\d+\s*$/.test(s) && !s.startsWith('-')),
        (text) => {
          expect(() => parse(['--updates', text])).toThrow(UsageError);
        },
      ),
    );
  });

  it('--episodes always gives enough updates to cover the episodes, and no more', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 100_000 }),
        fc.integer({ min: 1, max: 500 }),
        (episodes, batch) => {
          const { updates } = parse(['--episodes', String(episodes), '--batch', String(batch)]);
          expect(updates * batch).toBeGreaterThanOrEqual(episodes);
          expect((updates - 1) * batch).toBeLessThan(episodes);
        },
      ),
    );
  });
});
