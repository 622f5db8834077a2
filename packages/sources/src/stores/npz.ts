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

function unzipArchive(
  data: Uint8Array,
  path: string,
  want: (name: string) => boolean,
): Record<string, Uint8Array> {
  try {
    return unzipSync(data, {
      filter: (file) => file.name.endsWith('.npy') && want(file.name.slice(0, -4)),
    });
  } catch (error) {
    throw new Error(`${path}: not a readable .npz (zip: ${(error as Error).message})`);
  }
}
