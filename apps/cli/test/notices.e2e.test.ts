import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { copyFixture, runCli, tempDir } from './helpers.js';

// The pages embed uPlot (script and stylesheet): its MIT notice must be in every page that does.
const require = createRequire(
  fileURLToPath(new URL('../../../packages/report/package.json', import.meta.url)),
);
const uplotLicense = readFileSync(require.resolve('uplot/LICENSE'), 'utf8').trim();
const stores = fileURLToPath(new URL('../../../packages/sources/test/fixtures/stores/', import.meta.url));

describe('generated pages carry the notices of what they embed', () => {
  it("the report page and the runs page hold uPlot's licence text as uPlot ships it", async () => {
    const evidence = copyFixture();
    const report = await runCli(['report', evidence]);
    expect(report.code, report.stderr).toBe(0);
    const out = tempDir('runs-page');
    const runs = await runCli(['runs', join(stores, 'rl-zoo/logs'), '--out', out]);
    expect(runs.code, runs.stderr).toBe(0);
    for (const page of [join(evidence, 'report', 'index.html'), join(out, 'index.html')]) {
      const html = readFileSync(page, 'utf8');
      expect(html, page).toContain('uPlot.min.css, MIT licence');
      expect(html, page).toContain(uplotLicense);
    }
  });
});
