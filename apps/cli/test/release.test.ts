/**
 * scripts/check-release.mjs (run by .ci/run): a dry `changeset version` passes on the repository as it is,
 * and fails, naming the cause, on each change that once blocked a release.
 */
import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cliRoot, tempDir } from './helpers.js';

const repoRoot = join(cliRoot, '..', '..');
const script = join(repoRoot, 'scripts', 'check-release.mjs');

function checkRelease(dir: string) {
  const run = spawnSync(process.execPath, [script, dir], { encoding: 'utf8' });
  return { code: run.status, stdout: run.stdout, stderr: run.stderr };
}

/** The repository's files (as git would commit them) in a fresh git work tree, sharing node_modules. */
function repoCopy(): string {
  const copy = join(tempDir('release'), 'repo');
  const files = spawnSync('git', ['ls-files', '--cached', '--others', '--exclude-standard', '-z'], {
    cwd: repoRoot,
    encoding: 'utf8',
  }).stdout.split('\0');
  for (const file of files.filter(Boolean)) {
    try {
      cpSync(join(repoRoot, file), join(copy, file));
    } catch {} // deleted in the work tree, not yet in the index
  }
  symlinkSync(join(repoRoot, 'node_modules'), join(copy, 'node_modules'));
  expect(spawnSync('git', ['init', '-q'], { cwd: copy }).status).toBe(0);
  return copy;
}

const changeset = (releases: Record<string, string>) =>
  `---\n${Object.entries(releases)
    .map(([name, bump]) => `"${name}": ${bump}`)
    .join('\n')}\n---\n\nA change.\n`;

describe('scripts/check-release.mjs', () => {
  it('passes on the repository: every public package bumps, no private one does', () => {
    const result = checkRelease(repoRoot);
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/@evidence\/csv-log 0\.0\.0 → 0\.1\.0/);
    expect(result.stdout).toMatch(/@evidence\/cli 0\.0\.0 → 0\.1\.0/);
    expect(result.stdout).not.toContain('@evidence/trainer');
    expect(result.stdout).not.toContain('@evidence/node-kit');
  });

  it('fails on a changeset naming a private package beside public ones', () => {
    const copy = repoCopy();
    writeFileSync(
      join(copy, '.changeset', 'mixed.md'),
      changeset({ '@evidence/report': 'patch', '@evidence/trainer': 'patch' }),
    );
    const result = checkRelease(copy);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('Found mixed changeset mixed');
    expect(result.stderr).toContain('@evidence/trainer');
  });

  it('fails on a changeset naming only a private package (changesets would keep it forever)', () => {
    const copy = repoCopy();
    writeFileSync(join(copy, '.changeset', 'trainer-only.md'), changeset({ '@evidence/trainer': 'minor' }));
    const result = checkRelease(copy);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('.changeset/trainer-only.md was not used');
  });

  it('fails on a hand-written "Unreleased" section in a CHANGELOG', () => {
    const copy = repoCopy();
    writeFileSync(
      join(copy, 'packages', 'csv-log', 'CHANGELOG.md'),
      '# @evidence/csv-log\n\n## Unreleased\n\n- Something.\n',
    );
    const result = checkRelease(copy);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(
      'packages/csv-log/CHANGELOG.md keeps a hand-written section: "## Unreleased"',
    );
  });

  it('fails on a new public package that no changeset names', () => {
    const copy = repoCopy();
    mkdirSync(join(copy, 'packages', 'brand-new'));
    const pkg = JSON.parse(readFileSync(join(copy, 'packages', 'env-config', 'package.json'), 'utf8'));
    writeFileSync(
      join(copy, 'packages', 'brand-new', 'package.json'),
      JSON.stringify({ ...pkg, name: '@evidence/brand-new', dependencies: {} }),
    );
    const result = checkRelease(copy);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('@evidence/brand-new would be published as 0.0.0');
  });
});
