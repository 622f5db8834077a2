import { appendFileSync, linkSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { copyFixture, finished, startCli, tempDir, waitForOutput } from './helpers.js';

describe('evidence watch --poll', () => {
  it('checks the logs on a timer, for mounts where file events never arrive', async () => {
    const dir = copyFixture();
    const chart = join(dir, 'report', 'training_curve.png');
    const child = startCli(['watch', dir, '--poll', '100', '--debounce', '50']);
    await waitForOutput(child, (out) => out.stderr.includes('checking every 100 ms'));
    const firstDraw = statSync(chart).mtimeMs;
    const count = (text: string) => text.split('training_curve.png').length - 1;
    const before = count(child.output.stdout);
    appendFileSync(join(dir, 'training_log.csv'), '301,3.01,0.1,1.5,0.2,0.01,0.5,1e-6,600\n');
    await waitForOutput(child, (out) => count(out.stdout) > before);
    expect(statSync(chart).mtimeMs).toBeGreaterThan(firstDraw);
    // one change, one redraw: nothing more once the log is still
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect(count(child.output.stdout)).toBe(before + 1);
    child.kill('SIGINT');
    expect((await finished(child)).code).toBe(0);
  });

  it('without --poll, a change whose file event never arrives is still seen by the slow check', async () => {
    const dir = copyFixture();
    // Written through a hard link in another folder, the log changes without an event in `dir`
    // (inotify reports a change to the folder it came through), as on a network or container mount.
    const elsewhere = join(tempDir('elsewhere'), 'training_log.csv');
    linkSync(join(dir, 'training_log.csv'), elsewhere);
    const child = startCli(['watch', dir, '--debounce', '50']);
    await waitForOutput(child, (out) => out.stderr.includes('by file events'));
    const count = (text: string) => text.split('training_curve.png').length - 1;
    const before = count(child.output.stdout);
    appendFileSync(elsewhere, '301,3.01,0.1,1.5,0.2,0.01,0.5,1e-6,600\n');
    await waitForOutput(child, (out) => count(out.stdout) > before);
    child.kill('SIGINT');
    expect((await finished(child)).code).toBe(0);
  });
});
