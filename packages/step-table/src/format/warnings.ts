/**
 * Where Python would raise, the formatter prints a safe general form instead (a training loop must not
 * die over a format spec) and says so once per spec and reason: loudly, but not once per row.
 */
export type FormatWarningHandler = (message: string) => void;

const defaultHandler: FormatWarningHandler = (message) => {
  process.emitWarning(message, { type: 'FormatWarning', code: 'EVIDENCE_FORMAT' });
};

let handler: FormatWarningHandler = defaultHandler;
const warned = new Set<string>();

/** Sends format warnings elsewhere (for example to the run log). `null` restores the default. */
export function setFormatWarningHandler(next: FormatWarningHandler | null): FormatWarningHandler {
  const previous = handler;
  handler = next ?? defaultHandler;
  return previous;
}

/** Forgets which warnings were given (tests; a new run in the same process). */
export function resetFormatWarnings(): void {
  warned.clear();
}

export function warnOnce(key: string, message: string): void {
  if (warned.has(key)) return;
  warned.add(key);
  try {
    handler(message);
  } catch {
    // A broken warning handler must not break formatting either.
  }
}
