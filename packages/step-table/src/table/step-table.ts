/**
 * The live per-step table: columns declared as data, one line per step, widths in display columns,
 * cells never cut (a cut number lies: the column grows and the header is printed again).
 */
import { createColors } from 'picocolors';
import { compileFormatter } from '../format/compile';
import { cachedSpec } from '../format/format-value';
import { type FormatSpec, FormatSpecError } from '../format/spec';
import { type CellAppender, compileCellAppender } from './cell-appender';
import { type CsvMirror, type CsvMirrorOptions, openCsvMirror } from './csv-mirror';
import { type CellAlign, displayWidth, pad, spaces } from './display-width';
import { compileRowRenderer, type RowRenderer } from './row-renderer';

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
  /** Default: the stream is a terminal and `NO_COLOR` is not set. */
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
  readonly format: (value: unknown) => string;
  readonly description: string;
  readonly align: CellAlign;
  /** The separator before the cell ('' for the first column). */
  readonly lead: string;
  /** `lead` followed by n spaces, for n ≤ 64: a right-aligned cell is one concatenation. */
  readonly leads: readonly string[];
  /**
   * A number prints as printable ASCII under this spec (digits, sign, point, exponent, `%`, grouping,
   * `nan`/`inf`, or the general fallback form, plus the fill), so its width is its length: true unless
   * the fill is not printable ASCII or the type is `c` (a number printed as its character).
   */
  readonly asciiNumbers: boolean;
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
  private readonly render: RowRenderer;
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
    this.color = options.color ?? (isTTY && !process.env.NO_COLOR);
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
      const header = c.header ?? c.key;
      const headerWidth = displayWidth(header);
      const lead = i === 0 ? '' : this.separator;
      return {
        key: c.key,
        header,
        headerWidth,
        spec: parsed,
        format: compileFormatter(parsed),
        description: c.description ?? '',
        align: c.align ?? 'right',
        lead,
        leads: Array.from({ length: 65 }, (_, n) => lead + spaces(n)),
        asciiNumbers: parsed.type !== 'c' && isPrintableAscii(parsed.fill),
        width: Math.max(c.width ?? 0, headerWidth),
      };
    });
    this.render = compileRowRenderer(
      this.shown.map((c) => c.key),
      this.shown.map((c) => this.appender(c)),
    );
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
    const line = this.render(cells);
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
   * Appends column `c`'s cell to a line: right-aligned columns take the direct path for the numbers their
   * spec formats from tables (see cell-appender.ts), everything else formats the text and fits it.
   */
  private appender(c: Column): CellAppender {
    const format = c.format;
    const fit = this.fitter(c);
    const fallback: CellAppender = (line, value) => line + fit(format(value), typeof value === 'number');
    return c.align === 'right' ? compileCellAppender(c.spec, c, c.leads, fallback) : fallback;
  }

  /**
   * Column `c`'s cell for a formatted text: padded to the column, which grows when the text is wider.
   * One closure per column, specialised for colour and right alignment (the common case: one table read
   * and one concatenation).
   */
  private fitter(c: Column): (text: string, isNumber: boolean) => string {
    const ascii = c.asciiNumbers;
    const widthOf = (text: string, isNumber: boolean): number => {
      const w = isNumber && ascii ? text.length : displayWidth(text);
      if (w > c.width) {
        c.width = w;
        this.grew = true;
      }
      return w;
    };
    if (this.color) {
      return (text, isNumber) => {
        const cell = pad(text, widthOf(text, isNumber), c.width, c.align);
        return c.lead + (isNonFinite(text) ? this.paint.yellow(cell) : cell);
      };
    }
    if (c.align === 'right') {
      const leads = c.leads;
      return (text, isNumber) => {
        const w = widthOf(text, isNumber); // first: it may grow the column
        const gap = c.width - w;
        return gap <= 64 ? leads[gap]! + text : c.lead + spaces(gap) + text;
      };
    }
    return (text, isNumber) => c.lead + pad(text, widthOf(text, isNumber), c.width, c.align);
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

function isPrintableAscii(fill: string): boolean {
  const code = fill.charCodeAt(0);
  return fill.length === 1 && code >= 0x20 && code < 0x7f;
}

function isNonFinite(text: string): boolean {
  const t = text.trim();
  return t === 'nan' || t === 'inf' || t === '-inf' || t === '+inf' || t === '+nan' || t === '-nan';
}
