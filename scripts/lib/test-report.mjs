// Reads a vitest JSON report into the harness's totals, and names each failed test with the first
// lines of its error. CI shows only the tail of a run's output, so the names must be printed last,
// next to the totals, or a failure on CI cannot be told from the log.
import fs from 'node:fs';
import path from 'node:path';

const ERROR_LINES = 4;

/**
 * @param {string} file the report vitest wrote
 * @param {string} root paths in the failures are made relative to it
 * @returns {{ passed: number, failed: number, skipped: number, failedTests: { file: string, name: string, error: string }[] } | null}
 *   null when there is no report (the run crashed before writing it)
 */
export function readReport(file, root) {
  if (!fs.existsSync(file)) return null;
  const report = JSON.parse(fs.readFileSync(file, 'utf8'));
  const failedTests = [];
  for (const suite of report.testResults ?? []) {
    const relative = path.relative(root, suite.name);
    const failedInSuite = (suite.assertionResults ?? []).filter((t) => t.status === 'failed');
    for (const test of failedInSuite) {
      failedTests.push({ file: relative, name: test.fullName ?? test.title, error: firstLines(test.failureMessages?.[0]) });
    }
    // A file that failed to load (or whose hooks threw) has no failed test of its own to name.
    if (suite.status === 'failed' && failedInSuite.length === 0) {
      failedTests.push({ file: relative, name: '(the file itself)', error: firstLines(suite.message) });
    }
  }
  return {
    passed: report.numPassedTests ?? 0,
    failed: report.numFailedTests ?? 0,
    skipped: (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0),
    failedTests,
  };
}

/** One block per failed test: "stage: file > name" then its error, indented. */
export function formatFailedTests(failed) {
  return failed.map(({ stage, file, name, error }) => `  ${stage}: ${file} > ${name}${error ? `\n${indent(error)}` : ''}`).join('\n');
}

function firstLines(text) {
  if (!text) return '';
  // Colour codes make the CI log hard to read.
  // eslint-disable-next-line no-control-regex
  const plain = String(text).replace(/\u001b\[[0-9;]*m/g, '');
  return plain
    .split('\n')
    .filter((l) => l.trim())
    .slice(0, ERROR_LINES)
    .join('\n');
}

const indent = (text) =>
  text
    .split('\n')
    .map((l) => `      ${l}`)
    .join('\n');
