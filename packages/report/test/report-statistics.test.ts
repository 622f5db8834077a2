import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { buildReport } from '../src/index.js';

/** A CartPole-like folder: 50 paired episodes, every one better after training, fewer poles falling. */
function folder(): string {
  const dir = mkdtempSync(join(tmpdir(), 'report-statistics-'));
  const lines = (reward: (i: number) => number, fell: (i: number) => boolean) =>
    `${Array.from({ length: 50 }, (_, i) => JSON.stringify({ seed: 1000 + i, cumulative_reward: reward(i), pole_fell: fell(i) })).join('\n')}\n`;
  writeFileSync(
    join(dir, 'pre_eval.jsonl'),
    lines(
      (i) => 10 + i,
      () => true,
    ),
  );
  writeFileSync(
    join(dir, 'post_eval.jsonl'),
    lines(
      (i) => 400 + (i % 7),
      (i) => i < 3,
    ),
  );
  return dir;
}

it('the page and REPORT.md say every after-episode won instead of "95% CI 1–1", and colour by direction', async () => {
  const dir = folder();
  const result = await buildReport(dir, { charts: false, resamples: 500 });
  const md = readFileSync(result.written.find((f) => f.endsWith('REPORT.md')) as string, 'utf8');
  const html = readFileSync(result.written.find((f) => f.endsWith('index.html')) as string, 'utf8');
  const htmlText = html.replaceAll('&quot;', '"').replaceAll('&#39;', "'").replaceAll('&gt;', '>');
  for (const page of [md, htmlText]) {
    expect(page).toContain('every after-episode beat every before-episode (n = 50 each)');
    expect(page).not.toMatch(/CI 1[–-]1/);
    expect(page).toContain('Before and after are paired: the same "seed" in every pair of episodes.');
    expect(page).toContain("Newcombe's hybrid score interval for paired samples");
    expect(page).toContain('percentile bootstrap over pairs of episodes, 500 resamples, seed 0');
  }
  // pole_fell went down: a better change, coloured as one; each side with its Wilson interval
  expect(md).toMatch(
    /^\| pole_fell \| 1 \[0\.9287, 1\] \| 0\.06 \[0\.02061, 0\.1622\] \| -0\.94 \| \[-0\.9794, -0\.8154\] \| better \|$/m,
  );
  expect(html).toMatch(
    /<td>pole_fell<\/td><td>1 <span class="muted">\[0\.9287, 1\]<\/span><\/td><td>0\.06 .*?<td class="up">-0\.94<\/td>/,
  );
  expect(result.metrics?.verdict.pole_fell).toBe('better');
});

it('a side whose episodes all scored the same says so in words instead of a point interval "500 [500, 500]"', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'report-no-spread-'));
  const lines = (reward: (i: number) => number) =>
    `${Array.from({ length: 50 }, (_, i) => JSON.stringify({ seed: 1000 + i, cumulative_reward: reward(i) })).join('\n')}\n`;
  writeFileSync(
    join(dir, 'pre_eval.jsonl'),
    lines((i) => 10 + (i % 9)),
  );
  writeFileSync(
    join(dir, 'post_eval.jsonl'),
    lines(() => 500),
  );
  writeFileSync(
    join(dir, 'run.json'),
    JSON.stringify({ metrics: { cumulative_reward: { better: 'higher', min: 0, max: 500 } } }),
  );
  const result = await buildReport(dir, { charts: false, resamples: 500 });
  expect(result.metrics?.post_ci95.mean_reward).toEqual([500, 500]); // the data keeps the bootstrap's answer
  const md = readFileSync(result.written.find((f) => f.endsWith('REPORT.md')) as string, 'utf8');
  const html = readFileSync(result.written.find((f) => f.endsWith('index.html')) as string, 'utf8');
  // 1 − 0.05^(1/50) = 5.8 %: what 50 equal episodes cannot rule out
  const words =
    'all 50 equal: no spread to estimate; 50 of 50 at the maximum: a new episode may still fall short, with a chance of up to 5.8%';
  expect(md).toMatch(
    new RegExp(`^\\| Mean reward \\| [^|]+ \\| 500 \\(${words.replace(/[.()]/g, '\\$&')}\\) \\|`, 'm'),
  );
  expect(md).not.toContain('[500, 500]');
  expect(html).toContain(`500 <span class="muted">(${words})</span>`);
  expect(html).not.toContain('[500, 500]');
  // the before side had spread: its interval stays
  expect(md).toMatch(/^\| Mean reward \| 13\.\d+ \[[\d.]+, [\d.]+\] \|/m);
});
