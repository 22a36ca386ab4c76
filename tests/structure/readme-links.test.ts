import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from './import-graph';

/** Every README.md of the repository (not of its dependencies). */
function readmes(dir = ROOT): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    if (entry.name === 'node_modules' || entry.name.startsWith('.')) return [];
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return readmes(full);
    return entry.name === 'README.md' ? [full] : [];
  });
}

/** Markdown link targets that are files: web addresses and in-page anchors left out. */
function fileLinks(markdown: string): string[] {
  return [...markdown.matchAll(/\]\(([^)\s]+)\)/g)]
    .map((match) => match[1]!.split('#')[0]!)
    .filter((target) => target !== '' && !/^[a-z][a-z0-9+.-]*:/i.test(target));
}

describe('README links', () => {
  it('finds the file links of a README', () => {
    expect(fileLinks('[a](docs/x.md) [b](https://example.test/) [c](#top) [d](../shared/A.md#part)')).toEqual([
      'docs/x.md',
      '../shared/A.md',
    ]);
  });

  it('point at files inside the repository, and those files exist', () => {
    const files = readmes();
    expect(files.map((file) => path.relative(ROOT, file))).toContain('README.md');
    const bad = files.flatMap((file) =>
      fileLinks(fs.readFileSync(file, 'utf8'))
        .filter((target) => {
          const resolved = path.resolve(path.dirname(file), target);
          return target.startsWith('/') || path.relative(ROOT, resolved).startsWith('..') || !fs.existsSync(resolved);
        })
        .map((target) => `${path.relative(ROOT, file)}: ${target}`),
    );
    expect(bad).toEqual([]);
  });
});
