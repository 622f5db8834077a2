#!/usr/bin/env node
/**
 * Dry run of `changeset version` in a temporary copy of the repository, so a release can never be
 * blocked by what CI did not notice (a changeset naming a private package beside public ones, a
 * hand-written "Unreleased" section, a public package that would be published as 0.0.0).
 *
 *   node scripts/check-release.mjs [REPO_DIR]     exit 0 when a release would work, 1 (with reasons) if not
 */
import { spawnSync } from 'node:child_process';
import {
  cpSync,
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  realpathSync,
  rmSync,
  symlinkSync,
} from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const repo = resolve(process.argv[2] ?? join(dirname(fileURLToPath(import.meta.url)), '..'));
const changesetBin = createRequire(join(repo, 'package.json')).resolve('@changesets/cli/bin.js');

/** Every workspace package: folder, name, version, private. */
function workspacePackages(root) {
  const out = [];
  for (const parent of ['packages', 'apps']) {
    if (!existsSync(join(root, parent))) continue;
    for (const name of readdirSync(join(root, parent))) {
      const file = join(root, parent, name, 'package.json');
      if (!existsSync(file)) continue;
      const pkg = JSON.parse(readFileSync(file, 'utf8'));
      out.push({ dir: `${parent}/${name}`, name: pkg.name, version: pkg.version, private: !!pkg.private });
    }
  }
  return out;
}

const pendingChangesets = (root) =>
  readdirSync(join(root, '.changeset')).filter((name) => name.endsWith('.md') && name !== 'README.md');

// The files git would commit (tracked, and new ones not ignored): what a clean clone plus this work holds.
const listed = spawnSync('git', ['ls-files', '--cached', '--others', '--exclude-standard', '-z'], {
  cwd: repo,
  encoding: 'utf8',
});
if (listed.status !== 0) {
  console.error(`check-release: ${repo} is not a git work tree: ${listed.stderr.trim()}`);
  process.exit(2);
}
const copy = mkdtempSync(join(tmpdir(), 'evidence-release-'));
const problems = [];
try {
  for (const file of listed.stdout.split('\0').filter(Boolean)) {
    // A node_modules symlink is not a folder to .gitignore's `node_modules/`; deleted files are listed too.
    if (file !== 'node_modules' && existsSync(join(repo, file))) cpSync(join(repo, file), join(copy, file));
  }
  symlinkSync(realpathSync(join(repo, 'node_modules')), join(copy, 'node_modules'));

  const before = workspacePackages(copy);
  const changesets = pendingChangesets(copy);
  const run = spawnSync(process.execPath, [changesetBin, 'version'], { cwd: copy, encoding: 'utf8' });
  if (run.status !== 0) {
    const reason = `${run.stdout}\n${run.stderr}`
      .split('\n')
      .map((line) => line.replace(/^🦋\s+(error\s+)?/u, '').trim())
      .filter((line) => line && !line.startsWith('at '))
      .join('\n  ');
    problems.push(`changeset version fails:\n  ${reason}`);
  } else {
    const after = new Map(workspacePackages(copy).map((pkg) => [pkg.name, pkg]));
    const left = pendingChangesets(copy);
    for (const name of left)
      problems.push(
        `.changeset/${name} was not used: it names only private packages (privatePackages.version is ` +
          'false), so changesets would keep it forever. Describe private changes in their README or commit.',
      );
    for (const pkg of before) {
      const now = after.get(pkg.name);
      if (pkg.private) {
        if (now.version !== pkg.version)
          problems.push(`${pkg.name} is private but was bumped to ${now.version}`);
        continue;
      }
      if (now.version === '0.0.0')
        problems.push(
          `${pkg.name} would be published as 0.0.0: no changeset names it (add one: pnpm changeset)`,
        );
      if (now.version === pkg.version) continue;
      const changelog = readFileSync(join(copy, pkg.dir, 'CHANGELOG.md'), 'utf8');
      const firstSection = /^## (.+)$/m.exec(changelog)?.[1];
      if (firstSection !== now.version)
        problems.push(
          `${pkg.dir}/CHANGELOG.md: its first section is "${firstSection}", not the new version ${now.version}`,
        );
      const stale = /^#+ .*unreleased.*$/im.exec(changelog);
      if (stale) problems.push(`${pkg.dir}/CHANGELOG.md keeps a hand-written section: "${stale[0]}"`);
    }
    if (problems.length === 0) {
      const bumped = before
        .filter((pkg) => !pkg.private)
        .map((pkg) => `${pkg.name} ${pkg.version} → ${after.get(pkg.name).version}`);
      console.log(`check-release: ${changesets.length} changesets; changeset version would release:`);
      for (const line of bumped) console.log(`  ${line}`);
    }
  }
} finally {
  rmSync(copy, { recursive: true, force: true });
}
if (problems.length > 0) {
  console.error(`check-release: a release would not work:\n- ${problems.join('\n- ')}`);
  process.exit(1);
}
