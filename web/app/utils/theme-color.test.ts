import { describe, expect, it } from 'vitest';
import { DARK_THEME_COLOR, THEME_COLOR } from './app-colors';
import { themeColorMetas } from './theme-color';
import { webManifest } from './web-manifest';

describe('themeColorMetas', () => {
  it('gives Light the brand colour and Dark the dark bar, one meta each', () => {
    expect(themeColorMetas('light')).toEqual([{ content: THEME_COLOR }]);
    expect(themeColorMetas('dark')).toEqual([{ content: DARK_THEME_COLOR }]);
  });

  it('gives System one meta per device preference', () => {
    expect(themeColorMetas('system')).toEqual([
      { content: THEME_COLOR, media: '(prefers-color-scheme: light)' },
      { content: DARK_THEME_COLOR, media: '(prefers-color-scheme: dark)' },
    ]);
  });

  it("keeps the manifest's one theme colour the light theme's", () => {
    // The manifest is the same for everyone; a page's own meta takes over once it loads.
    expect(webManifest('Kora').theme_color).toBe(themeColorMetas('light')[0]!.content);
    expect(themeColorMetas('system').find((meta) => meta.media?.includes('light'))?.content).toBe(webManifest('Kora').theme_color);
  });
});
