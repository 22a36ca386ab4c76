/**
 * The dark theme's text against every background it sits on (decision 043), as
 * muted-text-contrast.test.ts does for the light one: the screens keep their light classes, so each
 * text colour meets each surface the light theme pairs it with, and WCAG AA asks 4.5:1 for body text.
 */
import { describe, expect, it } from 'vitest';
import { darkPalette, lightValue } from './theme-palette';
import { contrastRatio as contrast, relativeLuminance as luminance } from './utils/contrast-ratio';

const text = (color: string) => darkPalette.text[color] ?? lightValue(color);
const background = (color: string) => darkPalette.bg[color] ?? lightValue(color);

/** The neutral surfaces: the page, cards and dialogs, inputs' fills, bubbles, hovered and selected rows. */
const SURFACES = ['canvas', 'white', 'slate-50', 'slate-100', 'slate-200', 'brand-50', 'brand-100'];
/** Body text, muted text, links and the error and warning texts that sit on those surfaces. */
const BODY_TEXTS = [
  'slate-500',
  'slate-600',
  'slate-700',
  'slate-800',
  'slate-900',
  'brand-600',
  'brand-700',
  'brand-800',
  'red-600',
  'red-700',
];
/** Tinted badges and alerts: their own text on their own tint (`bg-red-50 text-red-800` and so on). */
const TINTS: [string, string][] = [
  ['red-700', 'red-50'],
  ['red-800', 'red-50'],
  ['red-800', 'red-100'],
  ['amber-800', 'amber-50'],
  ['amber-900', 'amber-100'],
  ['emerald-800', 'emerald-50'],
  ['emerald-700', 'emerald-100'],
  ['sky-800', 'sky-100'],
  ['sky-900', 'sky-100'],
  ['orange-900', 'orange-100'],
  ['rose-800', 'rose-100'],
  ['violet-800', 'violet-100'],
  ['teal-800', 'teal-100'],
  ['brand-700', 'brand-50'],
  ['brand-800', 'brand-100'],
];

describe('dark palette contrast', () => {
  it('changes every colour it lists (a light value left in would be a white box or dark text on dark)', () => {
    for (const [utility, entries] of Object.entries(darkPalette)) {
      for (const [color, dark] of Object.entries(entries)) {
        expect(dark.toLowerCase(), `${utility}-${color}`).not.toBe(lightValue(color).toLowerCase());
        expect(dark, `${utility}-${color}`).toMatch(/^#[0-9a-f]{6}$/i);
      }
    }
  });

  it('keeps the surfaces dark and the body texts light', () => {
    for (const surface of SURFACES) expect(luminance(background(surface)), surface).toBeLessThan(0.08);
    for (const color of BODY_TEXTS) expect(luminance(text(color)), color).toBeGreaterThan(0.3);
  });

  it.each(BODY_TEXTS.flatMap((color) => SURFACES.map((surface) => [color, surface] as const)))(
    '%s on %s is at least 4.5:1',
    (color, surface) => {
      expect(contrast(text(color), background(surface))).toBeGreaterThanOrEqual(4.5);
    },
  );

  it.each(TINTS)('%s on %s is at least 4.5:1', (color, tint) => {
    expect(contrast(text(color), background(tint))).toBeGreaterThanOrEqual(4.5);
  });

  it('leaves white text on the brand and red buttons as in the light theme', () => {
    for (const button of ['brand-600', 'red-600']) {
      expect(darkPalette.bg[button]).toBeUndefined();
      expect(contrast('#ffffff', background(button))).toBeGreaterThanOrEqual(4.5);
    }
    expect(darkPalette.text.white).toBeUndefined();
  });
});
