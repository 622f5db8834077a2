/**
 * NumPy's `.npz` (`np.savez`, `np.savez_compressed`): a zip of `<name>.npy` entries, stored or deflated,
 * each with a zip64 local header (numpy forces it). Unzipped by fflate: small, dependency-free, synchronous,
 * and it reads zip64 and deflate.
 */

import { readFile } from 'node:fs/promises';
import { openInput } from '@evidence/node-kit';
import { unzipSync } from 'fflate';
import { type NpyArray, parseNpy } from './npy.js';

const ZIP_MAGIC = [0x50, 0x4b, 0x03, 0x04]; // PK\3\4: a zip's first local file header

/** Whether the file starts like a zip (an .npz is one). */
export async function startsLikeZip(path: string): Promise<boolean> {
  const handle = await openInput(path).catch(() => null);
  if (!handle) return false;
  try {
    const head = Buffer.alloc(4);
    const { bytesRead } = await handle.read(head, 0, 4, 0);
    return bytesRead === 4 && ZIP_MAGIC.every((b, i) => head[i] === b);
  } finally {
    await handle.close();
  }
}

/** The names of an .npz's arrays (its `.npy` entries without the suffix), read from the zip's directory. */
export async function npzNames(path: string): Promise<string[]> {
  const names: string[] = [];
  unzipArchive(await readFile(path), path, (name) => {
    names.push(name);
    return false;
  });
  return names;
}

/** Every array of an .npz, by name (`timesteps`, `results`…); an error names the file and the entry. */
export async function readNpz(path: string): Promise<Map<string, NpyArray>> {
  const files = unzipArchive(await readFile(path), path, () => true);
  const out = new Map<string, NpyArray>();
  for (const [entry, bytes] of Object.entries(files))
    if (entry.endsWith('.npy')) out.set(entry.slice(0, -4), parseNpy(bytes, `${path}: ${entry}`));
  return out;
}

/**
 * The most an archive's wanted entries may inflate to. A deflated entry of zeros is a thousandth of its
 * size: a 1.5 MB .npz may say 1.6 GB. The sizes its directory declares are checked before anything is
 * inflated (fflate inflates each entry into a buffer of its declared size, never past it).
 */
export const NPZ_INFLATED_MAX = 128 * 2 ** 20;

class TooLargeError extends Error {}

function unzipArchive(
  data: Uint8Array,
  path: string,
  want: (name: string) => boolean,
): Record<string, Uint8Array> {
  let total = 0;
  try {
    return unzipSync(data, {
      filter: (file) => {
        if (!file.name.endsWith('.npy') || !want(file.name.slice(0, -4))) return false;
        total += file.originalSize;
        if (total > NPZ_INFLATED_MAX)
          throw new TooLargeError(
            `${path}: its arrays would inflate to more than ${NPZ_INFLATED_MAX / 2 ** 20} MiB (${file.name} alone ${(file.originalSize / 2 ** 20).toFixed(0)} MiB, from ${(data.length / 2 ** 20).toFixed(1)} MiB; a zip bomb?); not read`,
          );
        return true;
      },
    });
  } catch (error) {
    if (error instanceof TooLargeError) throw error;
    throw new Error(`${path}: not a readable .npz (zip: ${(error as Error).message})`);
  }
}
