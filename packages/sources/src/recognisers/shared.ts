/** What several recognisers share: the last-line rule of a file, a source for one file. */
import { join } from 'node:path';
import { lastLineRule } from '../catalogue/last-line.js';
import type { Folder } from '../catalogue/types.js';
import type { TableOptions } from '../readers.js';

/** The last-line rule of a file of the folder (by how recently it was written), with its shape. */
export async function tableOptions(folder: Folder, name: string, own = false): Promise<TableOptions> {
  const sniff = await folder.sniff(name);
  const rule = lastLineRule(sniff, folder.ctx.now, own);
  return {
    ...rule,
    ...(sniff.table?.delimiter ? { delimiter: sniff.table.delimiter } : {}),
  };
}

export const abs = (folder: Folder, name: string): string => join(folder.abs, name);

/** A file name without its extension. */
export const stem = (name: string): string => name.replace(/\.[^./]+$/, '');

export { isRunIdName } from '../catalogue/identity.js';
