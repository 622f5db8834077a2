import { describe, expect, it } from 'vitest';
import { EnvConfigError, isMainProcess, unknownVariables } from '../src/index.js';

describe('isMainProcess', () => {
  it('is true without a launcher and on rank 0, false elsewhere', () => {
    expect(isMainProcess({ env: {} })).toBe(true);
    expect(isMainProcess({ env: { RANK: '0', WORLD_SIZE: '2' } })).toBe(true);
    expect(isMainProcess({ env: { RANK: '1', WORLD_SIZE: '2' } })).toBe(false);
    expect(isMainProcess({ env: { RANK: ' ' } })).toBe(true);
  });

  it('ignores the evidence variables, so their mistakes do not block it', () => {
    expect(isMainProcess({ env: { RANK: '1', EVIDENCE_ANIMATION_FPS: 'junk' } })).toBe(false);
  });

  it('throws an EnvConfigError for a bad RANK', () => {
    expect(() => isMainProcess({ env: { RANK: 'first' } })).toThrow(EnvConfigError);
    expect(() => isMainProcess({ env: { RANK: '2', WORLD_SIZE: '2' } })).toThrow(/RANK="2"/);
  });
});

describe('unknownVariables', () => {
  it('finds prefixed variables that nothing reads, with the likely intended name', () => {
    const env = {
      EVIDENCE_ANIMATION_EVRY: '5',
      EVIDENCE_animation_fps: '10',
      EVIDENCE_DISABLE_GIFS: '1',
      EVIDENCE_PLOT_DIRS: 'p',
      EVIDENCE_ANIMATION_FPS: '10',
      EVIDENCE_API_TOKEN: 'x',
      RANK: '0',
      OTHER_ANIMATION_EVRY: '5',
    };
    expect(unknownVariables({ env })).toEqual([
      { variable: 'EVIDENCE_ANIMATION_EVRY', suggestion: 'EVIDENCE_ANIMATION_EVERY' },
      { variable: 'EVIDENCE_API_TOKEN', suggestion: null },
      { variable: 'EVIDENCE_DISABLE_GIFS', suggestion: null },
      { variable: 'EVIDENCE_PLOT_DIRS', suggestion: 'EVIDENCE_PLOT_DIR' },
      { variable: 'EVIDENCE_animation_fps', suggestion: 'EVIDENCE_ANIMATION_FPS' },
    ]);
  });

  it('knows every variable readEvidenceEnv reads, under any prefix', () => {
    const env = { OAK_EXAMPLE_DIR: 'x', OAK_EXAMPLE_ALL_RANKS: '1', OAK_EXAMPLE_CURVE_CHECKPOINT_EVERY: '3' };
    expect(unknownVariables({ prefix: 'OAK_EXAMPLE_', env })).toEqual([]);
    expect(unknownVariables({ prefix: 'OAK_EXAMPLE_', env: { OAK_EXAMPLE_RANK: '1' } })).toEqual([
      { variable: 'OAK_EXAMPLE_RANK', suggestion: null },
    ]);
  });
});
