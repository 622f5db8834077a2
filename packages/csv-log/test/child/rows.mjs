// The rows child processes append, as a pure function of the step, so a test can check every row
// read back against what was appended without the child telling it.

export const COLUMNS = ['step', 'epoch', 'loss', 'reward', 'note', 'flag', 'wall_time_s'];

export function expectedRow(step) {
  return {
    step,
    epoch: step / 7,
    loss: (Math.sin(step) * 1000) / 3,
    reward: step % 11 === 0 ? Number.NaN : step % 13 === 0 ? Number.NEGATIVE_INFINITY : 1 / (step + 1),
    note: `row "${step}", with a comma\nand a newline é`,
    flag: step % 2 === 0,
  };
}
