/** Mean of the last `window` values, as the curves and GIF names show it. */
export class RunningMean {
  private readonly values: number[] = [];
  private sum = 0;

  constructor(readonly window: number) {}

  push(value: number): number {
    this.values.push(value);
    this.sum += value;
    if (this.values.length > this.window) this.sum -= this.values.shift()!;
    return this.value;
  }

  get value(): number {
    return this.values.length === 0 ? Number.NaN : this.sum / this.values.length;
  }
}
