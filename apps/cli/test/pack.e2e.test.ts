import { execFile } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { documentedCommands, documentedWorkspace } from './documented-commands.js';
import { cliRoot, copyFixture, PNG_SIGNATURE, tempDir } from './helpers.js';

const exec = promisify(execFile);
const repoRoot = join(cliRoot, '..', '..');

/** The CLI and every @evidence package it needs, found through the workspace's package.json files. */
function workspaceClosure(): string[] {
  const folders = new Map<string, string>();
  for (const parent of ['apps', 'packages']) {
    for (const name of readdirSync(join(repoRoot, parent))) {
      const file = join(repoRoot, parent, name, 'package.json');
      if (existsSync(file))
        folders.set(
          (JSON.parse(readFileSync(file, 'utf8')) as { name: string }).name,
          join(repoRoot, parent, name),
        );
    }
  }
  const seen = new Set<string>();
  const visit = (name: string) => {
    if (seen.has(name)) return;
    seen.add(name);
    const folder = folders.get(name);
    if (!folder) throw new Error(`${name} is not a workspace package`);
    const { dependencies = {} } = JSON.parse(readFileSync(join(folder, 'package.json'), 'utf8')) as {
      dependencies?: Record<string, string>;
    };
    for (const dep of Object.keys(dependencies)) if (dep.startsWith('@evidence/')) visit(dep);
  };
  visit('@evidence/cli');
  return [...seen].map((name) => folders.get(name) as string);
}

/**
 * Why the npm registry cannot serve the install, or null when it can. A slow answer is waited for (30 s,
 * as npm itself waits far longer), so only a registry that refuses, fails or stays silent skips the test.
 */
async function registryProblem(): Promise<string | null> {
  const url = 'https://registry.npmjs.org/commander';
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(30_000), method: 'HEAD' });
    return response.ok ? null : `the npm registry answered ${response.status} for ${url}`;
  } catch (error) {
    const cause = (error as Error & { cause?: { code?: string } }).cause?.code;
    if ((error as Error).name === 'TimeoutError') return `the npm registry did not answer ${url} within 30 s`;
    return `the npm registry is unreachable (${cause ?? (error as Error).message})`;
  }
}

/** Bytes of every file under `dir` (symbolic links not followed). */
function bytesUnder(dir: string): number {
  let total = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) total += bytesUnder(path);
    else if (entry.isFile()) total += statSync(path).size;
  }
  return total;
}

const problem = await registryProblem();
const runIt = problem === null || process.env.CI === 'true';
if (!runIt) console.warn(`skipped: the pack-and-install test installs from npm, and ${problem}`);

describe('packed and installed with npm', () => {
  it.skipIf(!runIt)(
    'pnpm pack + npm install into an empty folder gives a working `npx evidence`',
    async () => {
      const tarballs = tempDir('tarballs');
      for (const folder of workspaceClosure()) {
        if (!existsSync(join(folder, 'dist')))
          throw new Error(`${folder}/dist is missing: build the CLI and its dependencies first`);
        await exec('pnpm', ['pack', '--pack-destination', tarballs], { cwd: folder });
      }
      const files = readdirSync(tarballs).filter((name) => name.endsWith('.tgz'));
      expect(files.length).toBe(workspaceClosure().length);

      const app = tempDir('npm-app');
      writeFileSync(
        join(app, 'package.json'),
        JSON.stringify({ name: 'evidence-pack-check', private: true }),
      );
      await exec(
        'npm',
        [
          'install',
          '--no-audit',
          '--no-fund',
          '--loglevel=error',
          ...files.map((file) => join(tarballs, file)),
        ],
        {
          cwd: app,
          timeout: 240_000,
        },
      );

      // What npm put on disk, as the install-size test measures it from the workspace: at most 50 MB,
      // without the sql.js package (the MLflow store ships its Node build alone)
      expect(existsSync(join(app, 'node_modules', 'sql.js'))).toBe(false);
      expect(bytesUnder(join(app, 'node_modules')) / 1e6).toBeLessThanOrEqual(50);

      // Only the fonts the charts draw with are installed (the DejaVu family is 12 MB; two faces are used).
      const fonts = (
        await exec('find', [join(app, 'node_modules'), '-name', '*.[ot]tf', '-o', '-name', '*.woff*'])
      ).stdout
        .trim()
        .split('\n')
        .map((path) => path.split('/').pop())
        .sort();
      expect(fonts).toEqual(['DejaVuSans-Bold.ttf', 'DejaVuSans.ttf']);

      const help = await exec('npx', ['--no-install', 'evidence', '--help'], { cwd: app });
      expect(help.stdout).toContain('Usage: evidence');
      expect(help.stdout).toMatch(/^\s+report\b/m);

      const evidence = copyFixture();
      await exec(
        'npx',
        [
          '--no-install',
          'evidence',
          'plot',
          join(evidence, 'training_log.csv'),
          '-o',
          join(app, 'curve.png'),
        ],
        { cwd: app },
      );
      expect(readFileSync(join(app, 'curve.png')).subarray(0, 8).equals(PNG_SIGNATURE)).toBe(true);

      // Every command the documents give a Python user, as written: `npx @evidence/cli …` (--no-install:
      // the packed tarballs, never the registry's copy), each in a folder holding what it presumes.
      const commands = documentedCommands();
      expect(commands.length).toBeGreaterThanOrEqual(10);
      const failures: string[] = [];
      let next = 0;
      const worker = async () => {
        while (next < commands.length) {
          const k = next++;
          const { where, args } = commands[k] as (typeof commands)[number];
          const cwd = join(app, `documented-${k}`); // below the project: npx finds the installed package
          documentedWorkspace(cwd);
          await exec('npx', ['--no-install', '@evidence/cli', ...args], { cwd }).catch(
            (error: { stderr?: string }) => failures.push(`${where}: ${args.join(' ')}: ${error.stderr}`),
          );
        }
      };
      await Promise.all([worker(), worker(), worker()]);
      expect(failures).toEqual([]);
    },
    300_000,
  );

  it.skipIf(!runIt)(
    'every public package packed and installed: ESM import, CommonJS require and strict tsc all work',
    async () => {
      const tarballs = tempDir('tarballs-all');
      const names: string[] = [];
      for (const parent of ['packages', 'apps'])
        for (const dir of readdirSync(join(repoRoot, parent))) {
          const folder = join(repoRoot, parent, dir);
          if (!existsSync(join(folder, 'package.json'))) continue;
          const pkg = JSON.parse(readFileSync(join(folder, 'package.json'), 'utf8'));
          if (pkg.private) continue;
          if (!existsSync(join(folder, 'dist'))) throw new Error(`${folder}/dist is missing: build first`);
          await exec('pnpm', ['pack', '--pack-destination', tarballs], { cwd: folder });
          names.push(pkg.name);
        }
      expect(names).toEqual(
        expect.arrayContaining(['@evidence/csv-log', '@evidence/report', '@evidence/cli']),
      );

      const app = tempDir('npm-consumer');
      writeFileSync(join(app, 'package.json'), JSON.stringify({ name: 'consumer', private: true }));
      const files = readdirSync(tarballs).map((file) => join(tarballs, file));
      await exec(
        'npm',
        ['install', '--no-audit', '--no-fund', '--loglevel=error', ...files, '@types/node@20'],
        {
          cwd: app,
          timeout: 240_000,
        },
      );

      // Each package's exports, counted from ESM and from CommonJS: the same names either way.
      const exported = `Object.keys(m).filter((k) => k !== 'default').sort()`;
      writeFileSync(
        join(app, 'esm.mjs'),
        names.map((name, i) => `import * as m${i} from '${name}';`).join('\n') +
          `\nconst out = {};\n` +
          names.map((name, i) => `{ const m = m${i}; out['${name}'] = ${exported}; }`).join('\n') +
          `\nconsole.log(JSON.stringify(out));\n`,
      );
      writeFileSync(
        join(app, 'cjs.cjs'),
        `const out = {};\n` +
          names.map((name) => `{ const m = require('${name}'); out['${name}'] = ${exported}; }`).join('\n') +
          `\nconsole.log(JSON.stringify(out));\n`,
      );
      const esm = JSON.parse((await exec(process.execPath, ['esm.mjs'], { cwd: app })).stdout);
      const cjs = JSON.parse((await exec(process.execPath, ['cjs.cjs'], { cwd: app })).stdout);
      for (const name of names) expect(esm[name].length, name).toBeGreaterThan(0);
      expect(cjs).toEqual(esm);

      // A strict TypeScript consumer (Node 16+ resolution, both module kinds) type-checks against the types.
      writeFileSync(
        join(app, 'consumer.mts'),
        names.map((name, i) => `import * as m${i} from '${name}';`).join('\n') +
          `\nexport const all: object[] = [${names.map((_, i) => `m${i}`).join(', ')}];\n`,
      );
      writeFileSync(
        join(app, 'consumer.cts'),
        names.map((name, i) => `import m${i} = require('${name}');`).join('\n') +
          `\nexport const all: object[] = [${names.map((_, i) => `m${i}`).join(', ')}];\n`,
      );
      const tsc = join(repoRoot, 'node_modules', 'typescript', 'bin', 'tsc');
      const flags = [
        '--strict',
        '--noEmit',
        '--module',
        'node16',
        '--moduleResolution',
        'node16',
        '--types',
        'node',
      ];
      for (const file of ['consumer.mts', 'consumer.cts']) {
        const result = await exec(process.execPath, [tsc, ...flags, file], { cwd: app }).catch(
          (error) => error,
        );
        expect(`${result.stdout ?? ''}${result.stderr ?? ''}`, file).toBe('');
      }
    },
    300_000,
  );
});
