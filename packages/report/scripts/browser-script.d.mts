import type { Plugin } from 'esbuild';

export function bundleBrowserScript(entry: string): Promise<string>;
export const esbuildBrowserScript: Plugin;
export const viteBrowserScript: {
  name: string;
  enforce: 'pre';
  resolveId(specifier: string, importer: string | undefined): string | null;
  load(id: string): Promise<string | null>;
};
