import { afterEach, describe, expect, it, vi } from 'vitest';

describe('zod in the browser', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.resetModules();
  });

  it('builds and parses object schemas without ever calling new Function (refused by the CSP)', async () => {
    const built: string[] = [];
    const RealFunction = Function;
    vi.stubGlobal(
      'Function',
      new Proxy(RealFunction, {
        construct(target, args) {
          built.push(String(args.at(-1)));
          return Reflect.construct(target, args);
        },
      }),
    );
    vi.stubGlobal('document', {});
    (await import('./zod-jitless')).jitlessZodInBrowser();
    const { z } = await import('zod');
    expect(z.object({ name: z.string() }).parse({ name: '<script>' })).toEqual({ name: '<script>' });
    expect(built).toEqual([]);
  });
});
