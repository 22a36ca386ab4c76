export const IN_USE_FILE: string;
export function markDataDirInUse(dataDir: string): () => void;
export function processUsingDataDir(dataDir: string): number | null;
export function leftByKilledProcess(dataDir: string): boolean;
