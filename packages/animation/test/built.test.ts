import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { build } from 'tsup';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeWithOmggif, packageDir, tempDir } from './helpers.js';

// The built package finds its worker next to itself (dist/encode-worker.{js,cjs}); source runs
// are covered by every other test. @evidence/env-config is imported from its own build.
const envConfigBuilt = existsSync(join(packageDir, '../env-config/dist/index.js'));
if (!envConfigBuilt)
  console.warn('SKIPPING built-package tests: build @evidence/env-config first (pnpm turbo run build)');

const script = (load: string) => `
${load}
const recorder = new EpisodeRecorder({ dir: process.argv[1], prefix: 'built', schedule: { every: 1 } });
const frames = Array.from({ length: 9 }, (_, i) => ({ width: 10, height: 8, data: new Uint8Array(240).fill(i * 25) }));
recorder.record({ episode: 2, frames, reward: 4 }).then(async (files) => {
  await recorder.close();
  console.log(JSON.stringify(files));
});
`;

describe.skipIf(!envConfigBuilt)('the built package', () => {
  let outDir = '';
  beforeAll(async () => {
    // inside the package, so the build resolves gifenc and @evidence/env-config from its node_modules
    outDir = mkdtempSync(join(packageDir, '.built-test-'));
    await build({
      entry: [join(packageDir, 'src/index.ts'), join(packageDir, 'src/encode-worker.ts')],
      format: ['esm', 'cjs'],
      outDir,
      platform: 'node',
      target: 'node20',
      shims: true,
      dts: false,
      silent: true,
      config: false,
    });
  });
  afterAll(() => rmSync(outDir, { recursive: true, force: true }));

  for (const [format, load] of [
    [
      'ESM',
      (dir: string) => `const { EpisodeRecorder } = await import(${JSON.stringify(join(dir, 'index.js'))});`,
    ],
    [
      'CommonJS',
      (dir: string) => `const { EpisodeRecorder } = require(${JSON.stringify(join(dir, 'index.cjs'))});`,
    ],
  ] as const) {
    it(`runs its worker from the ${format} build, also under --stack-trace-limit=50 --trace-gc`, () => {
      expect(readdirSync(outDir)).toEqual(
        expect.arrayContaining(['index.js', 'index.cjs', 'encode-worker.js', 'encode-worker.cjs']),
      );
      for (const flags of [[], ['--stack-trace-limit=50', '--trace-gc']]) runBuilt(flags);
    });

    function runBuilt(flags: string[]): void {
      const dir = tempDir();
      const args = [...flags, format === 'ESM' ? '--input-type=module' : '--input-type=commonjs', '-e'];
      const output = execFileSync(process.execPath, [...args, script(load(outDir)), dir], {
        encoding: 'utf8',
        cwd: packageDir,
      });
      const files = JSON.parse(output.trim().split('\n').pop() as string) as { gif: string; json: string };
      expect(files.gif).toBe(join(dir, 'built_episode_0002_reward_4_avg_4.gif'));
      const decoded = decodeWithOmggif(files.gif);
      expect(decoded.frames).toHaveLength(9);
      expect(decoded.frames[8]?.[0]).toBe(200);
    }
  }
});
