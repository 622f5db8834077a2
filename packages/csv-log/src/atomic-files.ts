import * as kit from '@evidence/node-kit';

// Public API of this package, written once in the private node-kit (bundled). Declared here, not
// re-exported, so the published types do not name a package that is never published.

/**
 * Writes `data` to `path` so that readers see either the old file or the whole new one, never a part:
 * a temp file in the same folder (exclusive, random name), flushed to disk, then renamed into place.
 * Creates the parent folders.
 */
export function writeFileAtomic(path: string, data: string | Uint8Array): Promise<void> {
  return kit.writeFileAtomic(path, data);
}

/** Synchronous {@link writeFileAtomic}. */
export function writeFileAtomicSync(path: string, data: string | Uint8Array): void {
  kit.writeFileAtomicSync(path, data);
}
