import { buildReport, type ReportResult } from '@evidence/report';

/** The report from the evidence folder: metrics with CIs, every chart, index.html and REPORT.md. */
export function writeReport(
  dir: string,
  options: { seed: number; log: (line: string) => void },
): Promise<ReportResult> {
  return buildReport(dir, { log: options.log }); // the report's default bootstrap seed, as `evidence report` uses
}
