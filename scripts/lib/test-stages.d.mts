// Types for test-stages.mjs (its test is TypeScript).
export const STAGES: string[];
export const PLAN: (string | string[])[][];
export function stagePlan(picked?: string[], options?: { oneAtATime?: boolean }): string[][][];
