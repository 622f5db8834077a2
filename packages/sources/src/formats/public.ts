/** What the package exports of each format's own readers (index.ts gives them under these names). */
export { MONITOR_SUFFIX, readSb3Monitor } from '../sb3-monitor.js';
export { type WandbSeries, wandbSeries } from '../wandb-csv.js';
