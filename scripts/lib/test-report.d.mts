// Types for test-report.mjs, for its tests.
export interface FailedTest {
  file: string;
  name: string;
  error: string;
}
export function readReport(
  file: string,
  root: string,
): { passed: number; failed: number; skipped: number; failedTests: FailedTest[] } | null;
export function formatFailedTests(failed: (FailedTest & { stage: string })[]): string;
