import { buildReport } from '../src/index.js';

const dir = process.argv[2] as string;
const phases: string[] = [];
let c = process.cpuUsage();
await buildReport(dir, {
  onProgress: (_d, _t, what) => {
    const u = process.cpuUsage(c);
    phases.push(`${what} ${((u.user + u.system) / 1000).toFixed(0)}ms`);
    c = process.cpuUsage();
  },
});
console.log(phases.join(', '));
