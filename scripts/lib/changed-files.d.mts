// Types for changed-files.mjs (its test is TypeScript).
export function changedFiles(root: string, ref?: string): string[];
