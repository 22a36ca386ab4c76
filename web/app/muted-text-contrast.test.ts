/**
 * Muted text (slate-500) against every background it sits on: white cards, slate-50/100/200 (comment
 * bubbles, hovered rows, table heads) and the page canvas. WCAG AA asks 4.5:1 for body text; see
 * docs/accessibility.md for the 4.34:1 handle this guards against.
 */
import { describe, expect, it } from 'vitest';
import config from '../tailwind.config';

type Palette = Record<string, string | Record<string, string>>;

function channel(value: number): number {
  const c = value / 255;
  return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
}

function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((start) => channel(parseInt(hex.slice(start, start + 2), 16)));
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
}

function contrast(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (light! + 0.05) / (dark! + 0.05);
}

const colors = config.theme.extend.colors as Palette;
const slate = colors.slate as Record<string, string>;

describe('muted text contrast', () => {
  it('measures the pairing that failed before', () => {
    expect(contrast('#64748b', '#f1f5f9')).toBeCloseTo(4.34, 2);
  });

  it.each([
    ['white', '#ffffff'],
    ['slate-50', slate['50']!],
    ['slate-100', slate['100']!],
    ['slate-200', slate['200']!],
    ['canvas', colors.canvas as string],
    ['brand-50', (colors.brand as Record<string, string>)['50']!],
  ])('slate-500 on %s is at least 4.5:1', (_name, background) => {
    expect(contrast(slate['500']!, background)).toBeGreaterThanOrEqual(4.5);
  });
});
