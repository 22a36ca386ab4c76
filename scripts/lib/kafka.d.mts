// Types for the parts of kafka.mjs that TypeScript code (its tests) uses.
export function newClusterId(random?: () => Buffer): string;
