// Types for test-stages.mjs (its test is TypeScript).
export const STAGES: string[];
export function stageOrder(order?: string[], picked?: string[]): string[];
