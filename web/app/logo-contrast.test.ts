/**
 * The logo's two drawings against the surfaces they sit on: the light one on the light top bar,
 * drawer and page canvas, the dark one on the same surfaces in the dark theme (decision 043). The
 * wordmark is text (AA: 4.5:1); the mark is a graphic that must stand out from the bar (3:1).
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { darkPalette, lightValue } from './theme-palette';
import { contrastRatio } from './utils/contrast-ratio';

const drawing = (name: string) => readFileSync(new URL(`../public/images/${name}`, import.meta.url), 'utf8');

/** The fills of the logo's parts: the rounded square behind the K, and the wordmark's text. */
function logoColours(svg: string): { mark: string; wordmark: string } {
  const mark = /<rect [^>]*fill="(#[0-9a-f]{6})"/i.exec(svg)?.[1];
  const wordmark = /<text [^>]*fill="(#[0-9a-f]{6})"[^>]*>kora<\/text>/i.exec(svg)?.[1];
  if (!mark || !wordmark) throw new Error('the logo has no mark or no wordmark fill');
  return { mark, wordmark };
}

/** Where the logo sits: the top bar and the drawer (`bg-white`) and the standalone pages (`bg-canvas`). */
const SURFACES = { light: [lightValue('white'), lightValue('canvas')], dark: [darkPalette.bg.white!, darkPalette.bg.canvas!] };

describe('the logo', () => {
  it.each([
    ['logo.svg', 'light'],
    ['logo-dark.svg', 'dark'],
  ] as const)('%s reads on every %s surface it sits on', (file, theme) => {
    const { mark, wordmark } = logoColours(drawing(file));
    for (const surface of SURFACES[theme]) {
      expect(contrastRatio(wordmark, surface), `wordmark ${wordmark} on ${surface}`).toBeGreaterThanOrEqual(4.5);
      expect(contrastRatio(mark, surface), `mark ${mark} on ${surface}`).toBeGreaterThanOrEqual(3);
    }
  });

  it('draws the same shapes in both themes, only in other colours', () => {
    const shapes = (svg: string) => svg.replace(/fill="#[0-9a-f]{6}"/gi, 'fill');
    expect(shapes(drawing('logo-dark.svg'))).toBe(shapes(drawing('logo.svg')));
    // The light drawing's wordmark would not do on the dark bar: the reason the dark one exists.
    expect(contrastRatio(logoColours(drawing('logo.svg')).wordmark, darkPalette.bg.white!)).toBeLessThan(4.5);
  });
});
