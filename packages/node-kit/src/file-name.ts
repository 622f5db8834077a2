/**
 * The one check for every file or folder name built from user input (a mode, a prefix, a metric name):
 * it must name one entry inside its folder, never climb out of it or hide a separator.
 * Returns the value; throws an error naming `what` and the value otherwise.
 */
export function checkNamePart(value: string, what: string): string {
  if (value === '' || value === '.' || value === '..' || /[/\\\x00-\x1f\x7f]/.test(value)) {
    throw new Error(
      `${what} ${JSON.stringify(value)} must be a plain file name part: no "/", "\\", control characters, "." or ".."`,
    );
  }
  return value;
}
