/**
 * The live per-step table: columns declared as data, one line per step, widths in display columns,
 * cells never cut (a cut number lies: the column grows and the header is printed again).
 */
import { createColors } from 'picocolors';
import { colorByDefault } from '../console/color.js';
import { cachedSpec, formatWithSpec } from '../format/format-value.js';
import { type FormatSpec, FormatSpecError } from '../format/spec.js';
import { type CsvMirror, type CsvMirrorOptions, openCsvMirror } from './csv-mirror.js';
import { type CellAlign, displayWidth, pad } from './display-width.js';
import { escapeControls } from './escape-controls.js';

export interface ColumnSpec {
  /** The key of the value in `row(cells)`, and the CSV column name. */
  key: string;
  /** Minimum width in display columns; the header's width when larger. */
  width?: number;
  /** Default: the key. May hold wide or combining characters (`rew_s↑`, `μ`). */
  header?: string;
  /** Python format spec, e.g. `.4f`, `+.2e`, `,d`, `.1%`, `frac`. Default `''`. */
  format?: string;
  /** One line for the legend. */
  description?: string;
  /** `false` leaves the column out of the console view (it stays in the CSV mirror). Default `true`. */
  when?: boolean;
  /** Default `right`. */
  align?: CellAlign;
}

export interface StepTableOptions {
  columns: readonly ColumnSpec[];
  /** Print the header again every N rows; 0 = only once. Default: the terminal's rows, else 40. */
  repeatHeaderEvery?: number;
  /** Default: `FORCE_COLOR` set (not `0`), else the stream is a terminal and `NO_COLOR` is not set. */
  color?: boolean;
  /** A CSV path (or options) that receives every row with all columns. */
  mirrorCsv?: string | CsvMirrorOptions;
  /** Between columns. Default two spaces. */
  separator?: string;
  /** The stream the table is printed on, for the defaults of `color` and `repeatHeaderEvery`. Default stdout. */
  stream?: NodeJS.WriteStream | { isTTY?: boolean; rows?: number };
  /** Where a CSV mirror failure is reported (once). Default: a process warning. */
  onError?: (error: Error) => void;
}

interface Column {
  readonly key: string;
  readonly header: string;
  readonly headerWidth: number;
  readonly spec: FormatSpec;
  readonly description: string;
  readonly align: CellAlign;
  /** The separator before the cell ('' for the first column). */
  readonly lead: string;
  width: number;
}

export class StepTable {
  /** The columns shown, in order. */
  readonly columns: readonly Readonly<ColumnSpec>[];
  readonly repeatHeaderEvery: number;
  readonly color: boolean;
  private readonly shown: Column[];
  private readonly separator: string;
  private readonly paint: ReturnType<typeof createColors>;
  private readonly mirror: CsvMirror | null;
  private rowsSinceHeader = -1;
  private grew = false;

  constructor(options: StepTableOptions) {
    const { columns } = options;
    if (!Array.isArray(columns) || columns.length === 0) {
      throw new TypeError('StepTable: `columns` must be a non-empty array of { key, ... }');
    }
    const seen = new Set<string>();
    columns.forEach((c, i) => {
      if (typeof c?.key !== 'string' || c.key === '') {
        throw new TypeError(`StepTable: column ${i} has no key (expected a non-empty string)`);
      }
      if (seen.has(c.key)) throw new TypeError(`StepTable: column ${i} repeats the key "${c.key}"`);
      seen.add(c.key);
    });
    const stream = options.stream ?? process.stdout;
    const isTTY = stream.isTTY === true;
    this.color = options.color ?? colorByDefault(isTTY);
    this.paint = createColors(this.color);
    this.repeatHeaderEvery =
      options.repeatHeaderEvery ?? (isTTY && stream.rows && stream.rows > 3 ? stream.rows - 2 : 40);
    this.separator = options.separator ?? '  ';
    this.columns = columns.filter((c) => c.when !== false);
    this.shown = this.columns.map((c, i) => {
      const parsed = cachedSpec(c.format ?? '');
      if (parsed instanceof FormatSpecError) {
        throw new FormatSpecError(parsed.spec, `${parsed.message} (column ${i} "${c.key}")`);
      }
      const header = escapeControls(c.header ?? c.key);
      const headerWidth = displayWidth(header);
      return {
        key: c.key,
        header,
        headerWidth,
        spec: parsed,
        description: c.description ?? '',
        align: c.align ?? 'right',
        lead: i === 0 ? '' : this.separator,
        width: Math.max(c.width ?? 0, headerWidth),
      };
    });
    const onError =
      options.onError ??
      ((error: Error) =>
        process.emitWarning(
          `step-table: the CSV mirror failed, rows are no longer mirrored: ${error.message}`,
        ));
    const mirror = options.mirrorCsv;
    this.mirror =
      mirror === undefined
        ? null
        : openCsvMirror(
            typeof mirror === 'string' ? { path: mirror } : mirror,
            columns.map((c) => c.key),
            onError,
          );
  }

  /** The header line (resets the count towards the next repeated header). */
  header(): string {
    this.rowsSinceHeader = 0;
    this.grew = false;
    const cells = this.shown.map((c) => pad(c.header, c.headerWidth, c.width, c.align));
    const line = cells.join(this.separator);
    return this.color ? this.paint.bold(line) : line;
  }

  /**
   * One line for the step, preceded by the header (on its own line) when one is due: first row, every
   * `repeatHeaderEvery` rows, or after a column grew to fit a wide cell. Also appends to the CSV mirror.
   */
  row(cells: Record<string, unknown>): string {
    this.mirror?.append(cells);
    let line = '';
    for (const c of this.shown) line += c.lead + this.cell(c, cells[c.key]);
    const due =
      this.rowsSinceHeader < 0 ||
      this.grew ||
      (this.repeatHeaderEvery > 0 && this.rowsSinceHeader >= this.repeatHeaderEvery);
    if (due) {
      const header = this.header();
      this.rowsSinceHeader = 1;
      return header + '\n' + line;
    }
    this.rowsSinceHeader++;
    return line;
  }

  /**
   * Column `c`'s cell: what `formatValue` prints (control characters escaped), padded to the column,
   * which grows (and the header is printed again) when the text is wider: a cut number would lie.
   */
  private cell(c: Column, value: unknown): string {
    const formatted = formatWithSpec(value, c.spec);
    // Only text, and numbers printed as characters (`c`), can hold control characters.
    const text = typeof value === 'number' && c.spec.type !== 'c' ? formatted : escapeControls(formatted);
    const width = displayWidth(text);
    if (width > c.width) {
      c.width = width;
      this.grew = true;
    }
    const cell = pad(text, width, c.width, c.align);
    return this.color && isNonFinite(text) ? this.paint.yellow(cell) : cell;
  }

  /** One line per shown column, in order: the header and its description. */
  legend(): string {
    const width = Math.max(...this.shown.map((c) => c.headerWidth));
    return this.shown
      .map((c) => {
        const name = pad(c.header, c.headerWidth, width, 'left');
        return (this.color ? this.paint.bold(name) : name) + '  ' + c.description;
      })
      .join('\n')
      .replace(/ +$/gm, '');
  }

  /** The CSV mirror's path, or null. */
  get mirrorPath(): string | null {
    return this.mirror?.path ?? null;
  }

  /** Flushes and closes the CSV mirror. */
  async close(): Promise<void> {
    await this.mirror?.close();
  }
}

function isNonFinite(text: string): boolean {
  const t = text.trim();
  return t === 'nan' || t === 'inf' || t === '-inf' || t === '+inf' || t === '+nan' || t === '-nan';
}
