import { describe, expect, it } from 'vitest';
import { shortNameOf, webManifest } from './web-manifest';

describe('webManifest', () => {
  it('opens the whole site from / in a window of its own, in the brand colours', () => {
    const manifest = webManifest('Kora');
    expect(manifest).toMatchObject({
      name: 'Kora',
      short_name: 'Kora',
      start_url: '/',
      scope: '/',
      display: 'standalone',
      theme_color: '#0a7d4f',
      background_color: '#f0f2f5',
    });
  });

  it('lists PNG icons of 192 and 512 pixels, and a maskable one', () => {
    const { icons } = webManifest('Kora');
    const any = icons.filter((icon) => icon.purpose === 'any').map((icon) => icon.sizes);
    expect(any).toEqual(expect.arrayContaining(['192x192', '512x512']));
    expect(icons.some((icon) => icon.purpose === 'maskable' && icon.sizes === '512x512')).toBe(true);
    for (const icon of icons) {
      expect(icon.type).toBe('image/png');
      expect(icon.src).toMatch(/^\/icons\/[\w-]+\.png$/);
    }
  });

  it('falls back to the default name for a blank site name', () => {
    expect(webManifest('  ').name).toBe('Kora');
  });
});

describe('shortNameOf', () => {
  it('keeps a short name, else takes its first word, else cuts it', () => {
    expect(shortNameOf('Kora Lagos')).toBe('Kora Lagos');
    expect(shortNameOf('Kora Community Network')).toBe('Kora');
    expect(shortNameOf('Konnektivitaetsnetz Lagos')).toBe('Konnektivita');
  });
});
