import { describe, expect, it } from 'vitest';
import { GRID_CELLS_FREE, GridBudgetError, ScalarGridBuilder } from '../src/tensorboard/scalar-grid.js';

describe('the scalar table keeps its memory to the values read', () => {
  it('20,000 tags each at a step of its own: refused early, naming the limit (was 400 million cells)', () => {
    const grid = new ScalarGridBuilder();
    let added = 0;
    const add = () => {
      for (; added < 20_000; added++) grid.add(`tag/${added}`, added, 1.5, 0.5, true);
    };
    expect(add).toThrow(GridBudgetError);
    expect(add).toThrow(
      /^at least \d+ tags over \d+ steps: a table of [\d,]+ cells for \d+ values, more than 64 cells per value past 8,000,000/,
    );
    expect(added * added).toBeLessThan(GRID_CELLS_FREE * 1.01);
  });

  it('a dense table past the free cells is read: 9 tags at 1,000,000 steps', () => {
    const grid = new ScalarGridBuilder();
    for (let step = 0; step < 1_000_000; step++)
      for (let tag = 0; tag < 9; tag++) grid.add(`t${tag}`, step, step, tag, false);
    const table = grid.finish();
    expect(table.steps).toHaveLength(1_000_000);
    expect(table.tags.size).toBe(9);
  });
});
