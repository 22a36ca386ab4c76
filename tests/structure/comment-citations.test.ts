import { describe, expect, it } from 'vitest';
import { citationsIn, citationsInFiles, commentsOf, proseOf, trackedFiles } from './source-comments';

/** Where the rule is held, as git pathspecs: the whole tree. */
const COVERED = ['.'];

// Every covered file is parsed: a few seconds on a quiet machine, far more on a busy one.
const TIMEOUT_MS = 180_000;

// What the rule refuses, as data: put together here so that this file's own lines cite nothing.
const SECTION_SIGN = '\u00a7';
const SPEC_SECTION = `spec ${SECTION_SIGN}9`;

describe('comments and docs', () => {
  it('are read by the parser: no comment inside a string, a regular expression or a template', () => {
    const source = [
      "const url = 'https://example.test/a'; // a trailing note",
      'const pattern = /\\/\\/not-a-comment/;',
      'const text = `// nor this ${url}`;',
      '/** A leading block. */',
      'export function f() {',
      '  return [pattern, text]; /* inside */',
      '  // before the brace',
      '}',
      '// at the end',
    ].join('\n');
    expect(commentsOf('sample.ts', source)).toEqual([
      { line: 1, text: '// a trailing note' },
      { line: 4, text: '/** A leading block. */' },
      { line: 6, text: '/* inside */' },
      { line: 7, text: '// before the brace' },
      { line: 9, text: '// at the end' },
    ]);
    const sql = [
      'const ddl = `',
      '  -- why the table',
      '  create table t (id int); -- a trailing note',
      '  select ${ddl} -- after a value',
      '`;',
    ];
    expect(commentsOf('sql.ts', [...sql, "const flag = '-- not in a template';", 'const cli = `run --no-sandbox`;'].join('\n'))).toEqual([
      { line: 2, text: '-- why the table' },
      { line: 3, text: '-- a trailing note' },
      { line: 4, text: '-- after a value' },
    ]);
    expect(commentsOf('sample.tsx', 'export const A = () => <div>{/* in JSX */}</div>;')).toEqual([{ line: 1, text: '/* in JSX */' }]);
    expect(proseOf(`Text\n\`\`\`\n${SPEC_SECTION}\n\`\`\`\nMore`)).toEqual([
      { line: 1, text: 'Text' },
      { line: 5, text: 'More' },
    ]);
  });

  it('name the documents a newcomer cannot open', () => {
    const cited = (text: string) => citationsIn(text).map((citation) => citation.cited);
    expect(cited(`// Page sizes (${SPEC_SECTION}): 10, 20, 50, 100.`)).toEqual([`// Page sizes (${SPEC_SECTION}): 10, 20`, 'spec']);
    expect(cited('/** As the spec says. */')).toEqual(['spec']);
    expect(cited("// The spec's texts.")).toEqual(['spec']);
    const [n10, n16, n17] = [10, 16, 17];
    expect(cited(`// Names (issue ${n17}) and reports (Issue #${n16}), for issues ${n10}–${n17}.`)).toEqual([
      `issue ${n17}`,
      `Issue #${n16}`,
      `issues ${n10}`,
    ]);
    expect(cited('// Not a tag (see the specification).')).toEqual(['specification']);
    // What is in the repository, a public standard, code and other words pass.
    expect(cited('// gzip (RFC 9110, section 12.5.3); decision 024; docs/product/admin.md.')).toEqual([]);
    expect(cited('// `defineLocalServer(spec)` takes the `spec`; the most specific rule wins; kafkajs#1556.')).toEqual([]);
    expect(cited('// an issue with 3 retries')).toEqual([]);
  });

  it(
    'cite nothing outside the repository in the covered files',
    () => {
      const files = trackedFiles(COVERED);
      expect(files).toContain('shared/contracts/src/api/admin-texts.ts');
      expect(files).toContain('docs/product/README.md');
      expect(citationsInFiles(files).map(({ where, cited }) => `${where}: ${cited}`)).toEqual([]);
    },
    TIMEOUT_MS,
  );
});
