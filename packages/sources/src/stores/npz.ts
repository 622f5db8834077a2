/**
 * NumPy's `.npz` (`np.savez`, `np.savez_compressed`): a zip of `<name>.npy` entries, stored or deflated,
 * each with a zip64 local header (numpy forces it). Unzipped by fflate: small, dependency-free, and it
 * reads zip64 and deflate. Its directory is read first (names, declared sizes); the entries are then
 * inflated a slice at a time, so one whose data inflates past what the directory declares is stopped
 * there, not inflated to its end (issue 40: gigabytes of zeros behind a declared kilobyte).
 */

import { readFile } from 'node:fs/promises';
import { openInput } from '@evidence/node-kit';
import { Unzip, UnzipInflate, unzipSync } from 'fflate';
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
  const declared = npyDirectory(await readFile(path), path);
  return [...declared.keys()].map((entry) => entry.slice(0, -4));
}

/** Every array of an .npz, by name (`timesteps`, `results`…); an error names the file and the entry. */
export async function readNpz(path: string): Promise<Map<string, NpyArray>> {
  const data = await readFile(path);
  const declared = npyDirectory(data, path);
  checkDeclaredTotal(declared, path, data.length);
  const files = inflateDeclared(data, path, declared);
  const out = new Map<string, NpyArray>();
  for (const entry of declared.keys()) {
    const bytes = files.get(entry);
    if (!bytes) throw new Error(`${path}: ${entry} is in its zip directory but not in the archive; not read`);
    out.set(entry.slice(0, -4), parseNpy(bytes, `${path}: ${entry}`));
  }
  return out;
}

/**
 * The most an archive's entries may inflate to. A deflated entry of zeros is a thousandth of its size:
 * a 1.5 MB .npz may say 1.6 GB. The sizes its directory declares are checked before anything is
 * inflated, and no entry is inflated past its declared size, so this bounds what is inflated.
 */
export const NPZ_INFLATED_MAX = 128 * 2 ** 20;

/**
 * Compressed bytes handed to the inflater at a time: deflate's best ratio is 1032:1, so a slice inflates
 * to at most ~16 MiB before the running size is checked against the declared one.
 */
const SLICE = 16 * 1024;

/** The `.npy` entries the zip's central directory lists, each with its declared inflated size. */
function npyDirectory(data: Uint8Array, path: string): Map<string, number> {
  const declared = new Map<string, number>();
  try {
    unzipSync(data, {
      filter: (file) => {
        if (file.name.endsWith('.npy')) declared.set(file.name, file.originalSize);
        return false; // nothing inflated here
      },
    });
  } catch (error) {
    throw new Error(`${path}: not a readable .npz (zip: ${(error as Error).message})`);
  }
  return declared;
}

function checkDeclaredTotal(declared: Map<string, number>, path: string, fileSize: number): void {
  let total = 0;
  for (const [entry, size] of declared) {
    total += size;
    if (total > NPZ_INFLATED_MAX)
      throw new Error(
        `${path}: its arrays would inflate to more than ${NPZ_INFLATED_MAX / 2 ** 20} MiB (${entry} alone ${(size / 2 ** 20).toFixed(0)} MiB, from ${(fileSize / 2 ** 20).toFixed(1)} MiB; a zip bomb?); not read`,
      );
  }
}

/**
 * The entries the directory declares, inflated from the archive's local entries a slice at a time;
 * stopped at the first entry whose data inflates past (or short of) its declared size, or is unreadable.
 * Entries the directory does not list are not inflated.
 */
function inflateDeclared(
  data: Uint8Array,
  path: string,
  declared: Map<string, number>,
): Map<string, Uint8Array> {
  const files = new Map<string, Uint8Array>();
  let refused: Error | undefined;
  const refuse = (why: string) => {
    refused ??= new Error(`${path}: ${why}; not read`);
  };
  const unzip = new Unzip((file) => {
    const size = declared.get(file.name);
    if (size === undefined || refused) return;
    if (files.has(file.name)) return refuse(`${file.name} is in the archive twice`);
    const chunks: Uint8Array[] = [];
    let inflated = 0;
    file.ondata = (error, chunk, final) => {
      if (refused) return;
      if (error) return refuse(`${file.name}: not readable (zip: ${error.message})`);
      inflated += chunk.length;
      if (inflated > size)
        return refuse(
          `${file.name} inflates to more than the ${size.toLocaleString('en')} bytes its zip directory declares (a zip bomb?); stopped there`,
        );
      chunks.push(chunk);
      if (!final) return;
      if (inflated < size)
        return refuse(
          `${file.name} inflates to ${inflated.toLocaleString('en')} bytes, its zip directory declares ${size.toLocaleString('en')}`,
        );
      files.set(file.name, concat(chunks, size));
    };
    file.start();
  });
  unzip.register(UnzipInflate);
  try {
    for (let at = 0; at < data.length && !refused; at += SLICE)
      unzip.push(data.subarray(at, at + SLICE), at + SLICE >= data.length);
  } catch (error) {
    refuse(`not a readable .npz (zip: ${(error as Error).message})`);
  }
  if (refused) throw refused;
  return files;
}

function concat(chunks: Uint8Array[], size: number): Uint8Array {
  if (chunks.length === 1 && chunks[0]) return chunks[0];
  const out = new Uint8Array(size);
  let at = 0;
  for (const chunk of chunks) {
    out.set(chunk, at);
    at += chunk.length;
  }
  return out;
}
