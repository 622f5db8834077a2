import { discoverRuns } from '@evidence/sources';

const d = await discoverRuns(process.argv[2], JSON.parse(process.argv[3] || '{}'));
for (const r of d.runs) console.log(JSON.stringify(r.id), r.path, r.format, r.layout, r.series.length);
console.log('skipped', d.skipped);
