import { readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import * as fromSource from './bundle-fixture';
import { bundleEntries, type Bundles } from './bundle.mjs';

const FIXTURE = 'scripts/lib/bundle-fixture.ts';

describe('bundleEntries', () => {
  let bundles: Bundles | undefined;
  afterAll(() => bundles?.remove());

  it('bundles the workspace, keeps packages external where Node finds them, and keeps each file its own URL', async () => {
    bundles = await bundleEntries({ fixture: FIXTURE });
    const file = bundles.files.fixture!;
    const text = readFileSync(file, 'utf8');
    // @kora/contracts is inside; zod is imported from the file Node itself would load.
    expect(text).not.toMatch(/from ["']@kora\//);
    expect(text).not.toMatch(/from "[^"]*\.tsx?"/); // Node could not load TypeScript from a bundle
    expect(text).toContain(`from "${path.dirname(fromSource.zodFile)}/`);
    const bundled = (await import(pathToFileURL(file).href)) as typeof fromSource;
    expect(bundled.ownUrl).toBe(pathToFileURL(path.resolve(FIXTURE)).href);
    expect(bundled.zodFile).toBe(fromSource.zodFile);
    expect(bundled.greeting).toBe(fromSource.greeting);
    expect(readFileSync(`${file}.map`, 'utf8')).toContain('bundle-fixture.ts');
  });
});
