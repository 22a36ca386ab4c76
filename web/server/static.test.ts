import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { cacheControlFor, resolveStaticPath } from './static';

const root = path.resolve('/srv/web/build/client');

describe('resolveStaticPath', () => {
  it('maps URL paths to files inside the client folder', () => {
    expect(resolveStaticPath(root, '/assets/root-abc.js')).toBe(path.join(root, 'assets/root-abc.js'));
    expect(resolveStaticPath(root, '/images/logo%20x.svg')).toBe(path.join(root, 'images/logo x.svg'));
  });

  it.each(['/', '/../secret', '/assets/%2e%2e/%2e%2e/x', '/.vite/manifest.json', '/a%00b', '/a%5c..%5cb', '/%E0%A4%A'])(
    'refuses %s',
    (urlPath) => {
      expect(resolveStaticPath(root, urlPath)).toBeNull();
    },
  );
});

describe('cacheControlFor', () => {
  it('caches hashed assets forever and the rest briefly', () => {
    expect(cacheControlFor('/assets/root-abc.js')).toMatch(/immutable/);
    expect(cacheControlFor('/images/logo.svg')).not.toMatch(/immutable/);
  });
});
