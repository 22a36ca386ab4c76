// Types for chromium.mjs (browser tests and benches use it).
export const CHROMIUM_ARGS: string[];
export function ensureChromium(options?: { full?: boolean }): Promise<string>;
