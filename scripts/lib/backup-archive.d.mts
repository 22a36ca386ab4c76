export const MANIFEST_FORMAT: string;
export const MANIFEST_VERSION: number;
export class BackupError extends Error {}

export interface FolderFile {
  path: string;
  size: number;
  sha256: string;
}
export interface FolderDescription {
  directories: string[];
  files: FolderFile[];
  totalBytes: number;
  checksum: string;
}
export interface BackupManifest extends FolderDescription {
  format: string;
  formatVersion: number;
  koraVersion: string;
  pgliteVersion: string;
  createdAt: string;
}

export function describeFolder(dataDir: string): FolderDescription;
export function createBackup(options: { dataDir: string; out: string; now?: Date }): Promise<BackupManifest>;
export function unpackAndCheck(file: string, into: string): Promise<{ manifest: BackupManifest; data: string }>;
export function restoreBackup(options: {
  file: string;
  dataDir: string;
  now?: Date;
}): Promise<{ manifest: BackupManifest; keptAside: string | null }>;
