// Types for public-url.mjs (the embedded launcher is TypeScript).
export function publicUrlFor(port: number, env?: Record<string, string | undefined>): string;
