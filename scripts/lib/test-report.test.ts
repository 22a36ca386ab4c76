import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { formatFailedTests, readReport } from './test-report.mjs';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kora-report-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

function writeReport(name: string, report: unknown) {
  const file = path.join(dir, name);
  fs.writeFileSync(file, JSON.stringify(report));
  return file;
}

describe('readReport', () => {
  it('counts the tests and names each failed one with the first lines of its error, colours removed', () => {
    const file = writeReport('real.json', {
      numPassedTests: 7,
      numFailedTests: 1,
      numPendingTests: 2,
      numTodoTests: 1,
      testResults: [
        {
          name: '/repo/services/posts/src/feed.test.ts',
          status: 'failed',
          assertionResults: [
            { status: 'passed', fullName: 'feed pages' },
            {
              status: 'failed',
              fullName: 'feed shows friends',
              failureMessages: [
                '\u001b[31mAssertionError: expected 1 to be 2\u001b[39m\n\n    at a.ts:1\n    at b.ts:2\n    at c.ts:3\n    at d.ts:4',
              ],
            },
          ],
        },
      ],
    });
    expect(readReport(file, '/repo')).toEqual({
      passed: 7,
      failed: 1,
      skipped: 3,
      failedTests: [
        {
          file: 'services/posts/src/feed.test.ts',
          name: 'feed shows friends',
          error: 'AssertionError: expected 1 to be 2\n    at a.ts:1\n    at b.ts:2\n    at c.ts:3',
        },
      ],
    });
  });

  it('names a file that failed without a failed test (an import or hook error)', () => {
    const file = writeReport('broken.json', {
      numPassedTests: 0,
      numFailedTests: 0,
      testResults: [{ name: '/repo/a.test.ts', status: 'failed', message: 'Error: Cannot find module x', assertionResults: [] }],
    });
    expect(readReport(file, '/repo')?.failedTests).toEqual([
      { file: 'a.test.ts', name: '(the file itself)', error: 'Error: Cannot find module x' },
    ]);
  });

  it('answers null when the run wrote no report', () => {
    expect(readReport(path.join(dir, 'missing.json'), '/repo')).toBeNull();
  });
});

describe('formatFailedTests', () => {
  it('puts the stage, the file and the name on one line and indents the error under it', () => {
    expect(formatFailedTests([{ stage: 'real', file: 'a.test.ts', name: 'x > y', error: 'Error: boom\n    at a.ts:1' }])).toBe(
      '  real: a.test.ts > x > y\n      Error: boom\n          at a.ts:1',
    );
  });
});
