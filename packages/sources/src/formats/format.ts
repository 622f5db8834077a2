/** What a format's module says of it: its id and name, how a table of it is known and read. */
import type { RunMeta } from '../model.js';
import type { RunPart } from '../part.js';
import type { Layout, SourceFormat } from './ids.js';

/** A table of a format as parsed: its numeric columns, where it came from and what was met. */
export interface TableRead {
  columns: Map<string, Float64Array>;
  /** The file relative to the run's path (the series' source) and the file itself (issues name it). */
  source: string;
  file: string;
  meta: RunMeta;
  issues: string[];
}

export interface Format {
  id: SourceFormat;
  /** Its name for people (the discovery's summary, the report's pages, `import`). */
  label: string;
  /**
   * A CSV/TSV is of this format: its header (and name) says so. The registry asks the claims in its
   * CLAIM_ORDER; the first to claim a table has it.
   */
  claim?: (header: readonly string[], name: string) => boolean;
  /** Its claim is asked of a progress file (progress.csv/.tsv/.txt, progress.json), where only such are. */
  progress?: boolean;
  /** Its header names its value and time columns: the table is read whole, whatever columns are wanted. */
  whole?: boolean;
  /** Its table as a part: the x, wall time and y it names. Default: the values decide them. */
  read?: (table: TableRead) => RunPart;
  /** The separator its JSON records' nested keys are flattened with (default '.'). */
  keySeparator?: string;
  /** A folder whose main table is of this format is the layout of its logger's folder. */
  folderLayout?: Layout;
}
