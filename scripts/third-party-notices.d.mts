/** A third-party package whose code a build bundled into dist/. */
export interface BundledPackage {
  name: string;
  version: string;
  license: string;
  /** The text of its LICENSE file. */
  text: string;
}
export function bundledFiles(distDir: string): string[];
export function bundledPackages(distDir: string): BundledPackage[];
export function writeThirdPartyNotices(packageDir: string): BundledPackage[];
