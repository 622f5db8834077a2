// Streams the numeric columns a chart needs out of a CSV log, straight from bytes into Float64Arrays.
// Hand-written because a chart of a 1,000,000-row log must read in well under a second and 250 MB:
// a general row parser materialises every cell of every row as a string first. Quoted cells (RFC 4180)
// are handled; cell values follow DESIGN.md (empty/nan → NaN, inf → ±Infinity, True/False → 1/0).
import { open } from 'node:fs/promises';

export interface NumericColumns {
  path: string;
  header: string[];
  rowCount: number;
  columns: Record<string, Float64Array>;
}

const COMMA = 44;
const LF = 10;
const CR = 13;
const QUOTE = 34;

const WORDS: Record<string, number> = {
  '': Number.NaN,
  nan: Number.NaN,
  NaN: Number.NaN,
  NAN: Number.NaN,
  inf: Number.POSITIVE_INFINITY,
  '+inf': Number.POSITIVE_INFINITY,
  '-inf': Number.NEGATIVE_INFINITY,
  Infinity: Number.POSITIVE_INFINITY,
  '+Infinity': Number.POSITIVE_INFINITY,
  '-Infinity': Number.NEGATIVE_INFINITY,
  True: 1,
  true: 1,
  False: 0,
  false: 0,
};

function cellToNumber(text: string): number {
  const word = WORDS[text.trim()];
  if (word !== undefined) return word;
  const v = Number(text);
  return Number.isNaN(v) ? Number.NaN : v; // text in a numeric column is a missing value for a chart
}

/**
 * Reads `wanted` columns (all columns when omitted) of the CSV at `path` as numbers. Blank lines are
 * skipped; a last line without its newline and with too few cells (a torn write) is ignored.
 */
export async function readNumericColumns(
  path: string,
  wanted?: readonly string[],
  options: { ignoreMissing?: boolean } = {},
): Promise<NumericColumns> {
  // chunked async reads: the event loop (a training loop's appends) never waits for a whole file
  const file = await open(path, 'r');
  try {
    const chunk = Buffer.allocUnsafe(1 << 20);
    let header: string[] | null = null;
    const headerCells: string[] = [];
    let slots = new Int32Array(0); // column index → output slot, or -1
    let names: string[] = [];
    let outputs: Float64Array[] = [];
    let rowValues = new Float64Array(0);
    let rows = 0;
    let capacity = 1024;

    let col = 0;
    let lineHasContent = false;
    let inQuotes = false;
    let quoted = false; // the current cell was quoted: its text is in `carry`
    let carry = ''; // text of the current cell collected so far (across chunks or from quotes)
    let cellStart = 0;

    const endCell = (text: string) => {
      if (header === null) headerCells.push(col === 0 ? text.replace(/^\uFEFF/, '') : text);
      else if (col < slots.length && (slots[col] as number) >= 0)
        rowValues[slots[col] as number] = cellToNumber(text);
      col++;
    };

    const endRecord = () => {
      if (header === null) {
        header = headerCells.slice();
        if (wanted && options.ignoreMissing) wanted = wanted.filter((name) => header?.includes(name));
        for (const name of wanted ?? header) {
          if (!header.includes(name)) {
            throw new Error(`${path}: no column "${name}" in the header (columns: ${header.join(', ')})`);
          }
        }
        names = [...(wanted ?? header)];
        slots = new Int32Array(header.length).fill(-1);
        names.forEach((name, i) => {
          slots[(header as string[]).indexOf(name)] = i;
        });
        outputs = names.map(() => new Float64Array(capacity));
        rowValues = new Float64Array(names.length).fill(Number.NaN);
      } else {
        if (rows === capacity) {
          capacity *= 2;
          outputs = outputs.map((o) => {
            const grown = new Float64Array(capacity);
            grown.set(o);
            return grown;
          });
        }
        for (let k = 0; k < outputs.length; k++) (outputs[k] as Float64Array)[rows] = rowValues[k] as number;
        rows++;
        rowValues.fill(Number.NaN);
      }
      col = 0;
    };

    const wants = () => header === null || (col < slots.length && (slots[col] as number) >= 0);

    for (;;) {
      const { bytesRead: n } = await file.read(chunk, 0, chunk.length, null);
      if (n === 0) break;
      cellStart = 0;
      for (let i = 0; i < n; i++) {
        const b = chunk[i] as number;
        if (inQuotes) {
          if (b === QUOTE) {
            if (wants()) carry += chunk.toString('utf8', cellStart, i);
            if (i + 1 < n && chunk[i + 1] === QUOTE) {
              if (wants()) carry += '"';
              i++;
              cellStart = i + 1;
            } else {
              inQuotes = false;
              cellStart = i + 1;
            }
          }
          continue;
        }
        if (b === COMMA || b === LF) {
          if (b === LF && !lineHasContent) {
            cellStart = i + 1; // blank line
            continue;
          }
          let end = i;
          if (b === LF && end > cellStart && chunk[end - 1] === CR) end--;
          const text = wants() ? (quoted ? carry : carry + chunk.toString('latin1', cellStart, end)) : '';
          endCell(header === null ? (quoted ? carry : carry + chunk.toString('utf8', cellStart, end)) : text);
          carry = '';
          quoted = false;
          cellStart = i + 1;
          if (b === LF) {
            endRecord();
            lineHasContent = false;
          }
        } else if (b === QUOTE && i === cellStart && carry === '' && !quoted) {
          inQuotes = true;
          quoted = true;
          lineHasContent = true;
          cellStart = i + 1;
        } else if (b !== CR) {
          lineHasContent = true;
        }
      }
      // a cell that continues into the next chunk
      if (!quoted && cellStart < n && wants()) carry += chunk.toString('latin1', cellStart, n);
      else if (quoted && inQuotes && cellStart < n && wants()) carry += chunk.toString('utf8', cellStart, n);
    }
    // a final line without its newline counts only when it is complete
    if (lineHasContent && (header === null || col === (header as string[]).length - 1)) {
      endCell(carry.replace(/\r$/, ''));
      endRecord();
    }
    if (header === null) return { path, header: [], rowCount: 0, columns: {} };
    const columns: Record<string, Float64Array> = {};
    names.forEach((name, k) => {
      columns[name] = (outputs[k] as Float64Array).slice(0, rows);
    });
    return { path, header, rowCount: rows, columns };
  } finally {
    await file.close();
  }
}
