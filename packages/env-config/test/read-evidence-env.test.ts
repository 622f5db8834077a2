import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { EnvConfigError, type EvidenceEnv, readEvidenceEnv, VARIABLE_KEYS } from '../src/index.js';

/** The reading of one variable in the result, for table-driven checks. */
const FIELD: Record<(typeof VARIABLE_KEYS)[number], (env: EvidenceEnv) => unknown> = {
  DIR: (e) => e.dir,
  DISABLE_ANIMATIONS: (e) => !e.animations.enabled,
  ANIMATION_DIR: (e) => e.animations.dir,
  ANIMATION_EPISODES: (e) => e.animations.episodes,
  ANIMATION_EVERY: (e) => e.animations.every,
  ANIMATION_LAST: (e) => e.animations.last,
  ANIMATION_FPS: (e) => e.animations.fps,
  ANIMATION_MAX_FRAMES: (e) => e.animations.maxFrames,
  DISABLE_CURVES: (e) => !e.curves.enabled,
  CURVE_DIR: (e) => e.curves.dir,
  PLOT_DIR: (e) => e.curves.dir,
  CURVE_CHECKPOINT_EVERY: (e) => e.curves.checkpointEvery,
  ALL_RANKS: (e) => e.animations.allRanks,
  RANK: (e) => e.distributed.rank,
  LOCAL_RANK: (e) => e.distributed.localRank,
  WORLD_SIZE: (e) => e.distributed.worldSize,
};

const UNPREFIXED = new Set(['RANK', 'LOCAL_RANK', 'WORLD_SIZE']);
const nameOf = (key: string, prefix = 'EVIDENCE_') => (UNPREFIXED.has(key) ? key : prefix + key);

/** Per variable: a valid value with what it reads as, junk values, and what the error says is allowed. */
const CASES: Record<
  (typeof VARIABLE_KEYS)[number],
  { valid: [string, unknown]; junk: string[]; expected: RegExp }
> = {
  DIR: { valid: ['runs/a b', 'runs/a b'], junk: ['a\0b', '\0'], expected: /NUL/ },
  DISABLE_ANIMATIONS: {
    valid: ['YES', true],
    junk: ['2', 'y', 'disable', 'truee', '-1', ' YES '],
    expected: /1\/true/,
  },
  ANIMATION_DIR: { valid: ['/tmp/gifs', '/tmp/gifs'], junk: ['gifs\0'], expected: /NUL/ },
  ANIMATION_EPISODES: {
    valid: ['50, 0,10,0', [0, 10, 50]],
    junk: ['0,,10', '1-5', '-1', '2.5', 'all', '0;10', '10abc'],
    expected: /comma-separated/,
  },
  ANIMATION_EVERY: {
    valid: ['0', 0],
    junk: ['10abc', '1e3', '2.5', '-1', 'never', ' 5 '],
    expected: />= 0/,
  },
  ANIMATION_LAST: { valid: ['007', 7], junk: ['-1', '1.0', 'one', '0x1'], expected: />= 0/ },
  ANIMATION_FPS: {
    valid: ['100', 100],
    junk: ['0', '101', '30fps', '29.97', '-30', '1e2'],
    expected: /from 1 to 100/,
  },
  ANIMATION_MAX_FRAMES: { valid: ['0', 0], junk: ['-1', 'none', 'inf', '4e2'], expected: />= 0/ },
  DISABLE_CURVES: { valid: ['On', true], junk: ['disabled', '10', 'nope'], expected: /1\/true/ },
  CURVE_DIR: { valid: ['c', 'c'], junk: ['c\0'], expected: /NUL/ },
  PLOT_DIR: { valid: ['p', 'p'], junk: ['\0p'], expected: /NUL/ },
  CURVE_CHECKPOINT_EVERY: { valid: ['1', 1], junk: ['0', '-5', '5s', '1.5'], expected: />= 1/ },
  ALL_RANKS: { valid: ['true', true], junk: ['all', '2', 'yess'], expected: /1\/true/ },
  RANK: { valid: ['0', 0], junk: ['-1', 'zero', '1.0'], expected: />= 0/ },
  LOCAL_RANK: { valid: ['3', 3], junk: ['-1', 'x', '0.5'], expected: />= 0/ },
  WORLD_SIZE: { valid: ['8', 8], junk: ['0', '-2', 'eight', '8 gpus'], expected: />= 1/ },
};

describe('readEvidenceEnv: defaults', () => {
  it('gives DESIGN.md defaults for an empty environment', () => {
    expect(readEvidenceEnv({ env: {} })).toEqual({
      prefix: 'EVIDENCE_',
      dir: 'evidence',
      animations: {
        enabled: true,
        dir: join('evidence', 'animations'),
        episodes: [],
        every: 100,
        last: 1,
        fps: 30,
        maxFrames: 400,
        allRanks: false,
      },
      curves: { enabled: true, dir: join('evidence', 'curves'), checkpointEvery: 10 },
      distributed: { rank: 0, localRank: 0, worldSize: 1 },
      isMainProcess: true,
    });
  });

  it('treats an empty or blank value as the default, for every variable', () => {
    const defaults = readEvidenceEnv({ env: {} });
    for (const blank of ['', ' ', '\t\n']) {
      const env = Object.fromEntries(VARIABLE_KEYS.map((key) => [nameOf(key), blank]));
      expect(readEvidenceEnv({ env })).toEqual(defaults);
    }
  });

  it('derives ANIMATION_DIR and CURVE_DIR from DIR', () => {
    const env = readEvidenceEnv({ env: { EVIDENCE_DIR: '/runs/42' } });
    expect(env.animations.dir).toBe(join('/runs/42', 'animations'));
    expect(env.curves.dir).toBe(join('/runs/42', 'curves'));
  });
});

describe('readEvidenceEnv: every variable', () => {
  for (const key of VARIABLE_KEYS) {
    const { valid, junk, expected } = CASES[key];
    it(`${key}: reads ${JSON.stringify(valid[0])}`, () => {
      const env = readEvidenceEnv({ env: { [nameOf(key)]: valid[0] } });
      expect(FIELD[key](env)).toEqual(valid[1]);
    });
    it(`${key}: rejects junk, naming the variable, its value and what is allowed`, () => {
      for (const value of junk) {
        const error = catchError(() => readEvidenceEnv({ env: { [nameOf(key)]: value } }));
        expect(error.problems).toEqual([
          { variable: nameOf(key), value, expected: expect.stringMatching(expected) },
        ]);
        expect(error.message).toContain(`${nameOf(key)}=${JSON.stringify(value)}: expected `);
      }
    });
  }
});

describe('readEvidenceEnv: errors', () => {
  it('lists every bad variable at once, in table order', () => {
    const error = catchError(() =>
      readEvidenceEnv({
        env: {
          EVIDENCE_ANIMATION_FPS: '0',
          EVIDENCE_ANIMATION_EVERY: '10abc',
          EVIDENCE_DISABLE_CURVES: 'maybe',
          WORLD_SIZE: '0',
        },
      }),
    );
    expect(error).toBeInstanceOf(EnvConfigError);
    expect(error.name).toBe('EnvConfigError');
    expect(error.problems.map((p) => p.variable)).toEqual([
      'EVIDENCE_ANIMATION_EVERY',
      'EVIDENCE_ANIMATION_FPS',
      'EVIDENCE_DISABLE_CURVES',
      'WORLD_SIZE',
    ]);
    expect(error.message).toBe(
      [
        'Invalid environment configuration (4 variables):',
        '  EVIDENCE_ANIMATION_EVERY="10abc": expected an integer >= 0 (digits only)',
        '  EVIDENCE_ANIMATION_FPS="0": expected an integer from 1 to 100 (digits only)',
        '  EVIDENCE_DISABLE_CURVES="maybe": expected a boolean: 1/true/yes/on or 0/false/no/off (any case)',
        '  WORLD_SIZE="0": expected an integer >= 1 (digits only)',
      ].join('\n'),
    );
  });

  it('reports exactly the bad variables of any mix of good and bad values', () => {
    const keys = VARIABLE_KEYS.filter((k) => k !== 'PLOT_DIR' && k !== 'RANK' && k !== 'LOCAL_RANK');
    const choice = fc.record(
      Object.fromEntries(
        keys.map((key) => [
          key,
          fc.option(fc.oneof(fc.constant(CASES[key].valid[0]), fc.constantFrom(...CASES[key].junk))),
        ]),
      ),
    );
    fc.assert(
      fc.property(choice, (picked) => {
        const env: Record<string, string> = {};
        const bad: string[] = [];
        for (const key of keys) {
          const value = picked[key];
          if (value === null || value === undefined) continue;
          env[nameOf(key)] = value;
          if (CASES[key].junk.includes(value)) bad.push(nameOf(key));
        }
        const run = () => readEvidenceEnv({ env });
        if (bad.length === 0) expect(run).not.toThrow();
        else expect(catchError(run).problems.map((p) => p.variable)).toEqual(bad);
      }),
    );
  });

  it('freezes the problems it reports', () => {
    const error = catchError(() => readEvidenceEnv({ env: { EVIDENCE_ANIMATION_FPS: 'x' } }));
    expect(Object.isFrozen(error.problems)).toBe(true);
    expect(Object.isFrozen(error.problems[0])).toBe(true);
  });
});

describe('readEvidenceEnv: PLOT_DIR alias', () => {
  it('uses PLOT_DIR when CURVE_DIR is unset or empty', () => {
    expect(readEvidenceEnv({ env: { EVIDENCE_PLOT_DIR: 'plots' } }).curves.dir).toBe('plots');
    expect(readEvidenceEnv({ env: { EVIDENCE_PLOT_DIR: 'plots', EVIDENCE_CURVE_DIR: '' } }).curves.dir).toBe(
      'plots',
    );
  });

  it('lets CURVE_DIR win when both are set, without checking the ignored alias', () => {
    const env = { EVIDENCE_PLOT_DIR: 'plots\0', EVIDENCE_CURVE_DIR: 'curves' };
    expect(readEvidenceEnv({ env }).curves.dir).toBe('curves');
  });

  it('names PLOT_DIR when its value is the bad one', () => {
    const error = catchError(() => readEvidenceEnv({ env: { EVIDENCE_PLOT_DIR: 'a\0' } }));
    expect(error.problems).toEqual([
      { variable: 'EVIDENCE_PLOT_DIR', value: 'a\0', expected: expect.any(String) },
    ]);
  });
});

describe('readEvidenceEnv: prefix', () => {
  it('reads a trainer’s own prefix and ignores the default one', () => {
    const env = readEvidenceEnv({
      prefix: 'OAK_EXAMPLE_',
      env: {
        OAK_EXAMPLE_DIR: 'oak',
        OAK_EXAMPLE_ANIMATION_FPS: '12',
        EVIDENCE_ANIMATION_FPS: '99',
        RANK: '0',
      },
    });
    expect(env.prefix).toBe('OAK_EXAMPLE_');
    expect(env.dir).toBe('oak');
    expect(env.animations.fps).toBe(12);
    expect(env.animations.dir).toBe(join('oak', 'animations'));
  });

  it('names prefixed variables in errors, and RANK without the prefix', () => {
    const error = catchError(() =>
      readEvidenceEnv({ prefix: 'OAK_EXAMPLE_', env: { OAK_EXAMPLE_ANIMATION_LAST: '-1', RANK: 'x' } }),
    );
    expect(error.problems.map((p) => p.variable)).toEqual(['OAK_EXAMPLE_ANIMATION_LAST', 'RANK']);
  });

  it('reads every variable under any valid prefix', () => {
    fc.assert(
      fc.property(
        fc.stringMatching(/^[A-Z][A-Z0-9_]{0,12}$/),
        fc.integer({ min: 1, max: 100 }),
        (prefix, fps) => {
          const env = readEvidenceEnv({ prefix, env: { [`${prefix}ANIMATION_FPS`]: String(fps) } });
          expect(env.animations.fps).toBe(fps);
        },
      ),
    );
  });

  it('refuses a prefix that cannot name an environment variable', () => {
    expect(() => readEvidenceEnv({ prefix: 'MY-APP_', env: {} })).toThrow(TypeError);
    expect(() => readEvidenceEnv({ prefix: 'A B', env: {} })).toThrow(/prefix/);
  });
});

describe('readEvidenceEnv: distributed runs', () => {
  it('is the main process when not distributed or on rank 0', () => {
    expect(readEvidenceEnv({ env: {} }).isMainProcess).toBe(true);
    expect(readEvidenceEnv({ env: { RANK: '0', LOCAL_RANK: '0', WORLD_SIZE: '4' } }).isMainProcess).toBe(
      true,
    );
  });

  it('switches recorders off on other ranks unless ALL_RANKS is on', () => {
    const worker = readEvidenceEnv({ env: { RANK: '3', LOCAL_RANK: '1', WORLD_SIZE: '4' } });
    expect(worker.isMainProcess).toBe(false);
    expect(worker.distributed).toEqual({ rank: 3, localRank: 1, worldSize: 4 });
    expect(worker.animations.enabled).toBe(false);
    expect(worker.curves.enabled).toBe(false);

    const everyRank = readEvidenceEnv({ env: { RANK: '3', WORLD_SIZE: '4', EVIDENCE_ALL_RANKS: 'on' } });
    expect(everyRank.isMainProcess).toBe(false);
    expect(everyRank.animations.enabled).toBe(true);
    expect(everyRank.curves.enabled).toBe(true);
  });

  it('keeps DISABLE_* authoritative on every rank', () => {
    fc.assert(
      fc.property(
        fc.nat({ max: 7 }),
        fc.boolean(),
        fc.boolean(),
        fc.boolean(),
        (rank, allRanks, noGifs, noCurves) => {
          const env = readEvidenceEnv({
            env: {
              RANK: String(rank),
              WORLD_SIZE: '8',
              EVIDENCE_ALL_RANKS: String(allRanks),
              EVIDENCE_DISABLE_ANIMATIONS: String(noGifs),
              EVIDENCE_DISABLE_CURVES: String(noCurves),
            },
          });
          const here = rank === 0 || allRanks;
          expect(env.isMainProcess).toBe(rank === 0);
          expect(env.animations.enabled).toBe(here && !noGifs);
          expect(env.curves.enabled).toBe(here && !noCurves);
        },
      ),
    );
  });

  it('rejects a RANK or LOCAL_RANK that WORLD_SIZE cannot hold', () => {
    const error = catchError(() => readEvidenceEnv({ env: { RANK: '4', LOCAL_RANK: '4', WORLD_SIZE: '4' } }));
    expect(error.problems).toEqual([
      { variable: 'RANK', value: '4', expected: 'an integer from 0 to 3 (WORLD_SIZE is 4)' },
      { variable: 'LOCAL_RANK', value: '4', expected: 'an integer from 0 to 3 (WORLD_SIZE is 4)' },
    ]);
  });
});

describe('readEvidenceEnv: result', () => {
  it('is deeply frozen', () => {
    const env = readEvidenceEnv({ env: { EVIDENCE_ANIMATION_EPISODES: '1,2' } });
    expect(Object.isFrozen(env)).toBe(true);
    expect(Object.isFrozen(env.animations)).toBe(true);
    expect(Object.isFrozen(env.animations.episodes)).toBe(true);
    expect(Object.isFrozen(env.curves)).toBe(true);
    expect(Object.isFrozen(env.distributed)).toBe(true);
    expect(() => {
      (env.animations.episodes as number[]).push(3);
    }).toThrow(TypeError);
  });

  it('does not read process.env when given an env', () => {
    const before = process.env.EVIDENCE_ANIMATION_FPS;
    process.env.EVIDENCE_ANIMATION_FPS = 'junk';
    try {
      expect(readEvidenceEnv({ env: {} }).animations.fps).toBe(30);
      expect(() => readEvidenceEnv()).toThrow(EnvConfigError);
    } finally {
      if (before === undefined) delete process.env.EVIDENCE_ANIMATION_FPS;
      else process.env.EVIDENCE_ANIMATION_FPS = before;
    }
  });

  it('reads any valid environment into matching settings', () => {
    const settings = fc.record({
      dir: fc.stringMatching(/^[a-z0-9/ ._-]{1,20}$/).filter((s) => s.trim() !== ''),
      episodes: fc.array(fc.nat({ max: 10_000 })),
      every: fc.nat({ max: 1e6 }),
      last: fc.nat({ max: 1e6 }),
      fps: fc.integer({ min: 1, max: 100 }),
      maxFrames: fc.nat({ max: 1e6 }),
      checkpointEvery: fc.integer({ min: 1, max: 1e6 }),
    });
    fc.assert(
      fc.property(settings, (s) => {
        const env = readEvidenceEnv({
          env: {
            EVIDENCE_DIR: s.dir,
            EVIDENCE_ANIMATION_EPISODES: s.episodes.join(','),
            EVIDENCE_ANIMATION_EVERY: String(s.every),
            EVIDENCE_ANIMATION_LAST: String(s.last),
            EVIDENCE_ANIMATION_FPS: String(s.fps),
            EVIDENCE_ANIMATION_MAX_FRAMES: String(s.maxFrames),
            EVIDENCE_CURVE_CHECKPOINT_EVERY: String(s.checkpointEvery),
          },
        });
        expect(env.dir).toBe(s.dir);
        expect(env.animations.dir).toBe(join(s.dir, 'animations'));
        expect(env.animations.episodes).toEqual([...new Set(s.episodes)].sort((a, b) => a - b));
        expect(env.animations).toMatchObject({
          every: s.every,
          last: s.last,
          fps: s.fps,
          maxFrames: s.maxFrames,
        });
        expect(env.curves.checkpointEvery).toBe(s.checkpointEvery);
      }),
    );
  });
});

function catchError(run: () => unknown): EnvConfigError {
  try {
    run();
  } catch (error) {
    if (error instanceof EnvConfigError) return error;
    throw error;
  }
  throw new Error('expected an EnvConfigError, nothing was thrown');
}
