// One benchmark case, run in a fresh process by run.ts; prints one JSON line.

import { renderTrainingCurve, trainingCurveChart } from '../src/charts/training-curve.js';
import { renderChart } from '../src/render.js';

const [name, arg, out] = process.argv.slice(2) as [string, string, string];
const start = performance.now();
const cpuStart = process.cpuUsage();
let note: string | undefined;

if (name === 'training-curve') {
  await renderTrainingCurve(arg, out); // read + draw + encode PNG
  note = 'read, decimate, draw, PNG encode';
} else if (name === 'training-curve-raw') {
  await renderChart({ ...(await trainingCurveChart(arg)), decimate: false }, out);
  note = 'same, every raw point drawn (baseline)';
} else {
  const n = Number(arg);
  const x = new Float64Array(n);
  const y = new Float64Array(n);
  let walk = 0;
  let seed = 1;
  for (let i = 0; i < n; i++) {
    seed = (seed * 1103515245 + 12345) >>> 0;
    walk += seed / 2 ** 32 - 0.5;
    x[i] = i;
    y[i] = walk;
  }
  const generated = performance.now() - start;
  await renderChart(
    {
      title: `${n.toLocaleString('en')} points`,
      xLabel: 'step',
      panels: [{ series: [{ type: 'line', x, y, color: '#1d4ed8' }] }],
      decimate: name !== 'line-raw',
    },
    out,
  );
  note = `draw + PNG encode, after ${generated.toFixed(0)} ms generating the data${name === 'line-raw' ? '; raw baseline capped at 1M points (10M raw takes minutes)' : ''}`;
}
const ms = performance.now() - start;
const cpu = process.cpuUsage(cpuStart);
const cpuMs = (cpu.user + cpu.system) / 1000;
const rssMB = process.resourceUsage().maxRSS / 1024;
console.log(
  JSON.stringify({
    case: `${name} ${name.startsWith('line') ? Number(arg).toLocaleString('en') : '1,000,000 rows'}`,
    ms,
    cpuMs,
    rssMB,
    note,
  }),
);
