export interface InstalledPackage {
  name: string;
  bytes: number;
  workspace: boolean;
}
export function installSize(cliDir: string): { bytes: number; packages: InstalledPackage[] };
