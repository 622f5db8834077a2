// The live data file an open page re-loads (written by `evidence watch`); shared by the page script and
// the code that writes the file.

/** File name of the live data beside the page, re-loaded while the page is open from disk. */
export const LIVE_DATA_FILE = 'report-data.js';

/** Name of the function `report-data.js` calls with `{ charts: { id: EmbeddedChart } }`. */
export const LIVE_DATA_CALLBACK = 'evidenceLiveData';

/** How often an open page re-loads `report-data.js` (ms). */
export const LIVE_POLL_MS = 2000;
