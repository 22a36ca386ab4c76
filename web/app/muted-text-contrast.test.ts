/**
 * Muted text (slate-500) against every background it sits on: white cards, slate-50/100/200 (comment
 * bubbles, hovered rows, table heads) and the page canvas. WCAG AA asks 4.5:1 for body text; see
 * docs/accessibility.md for the 4.34:1 handle this guards against.
 */
import { describe, expect, it } from 'vitest';
import config from '../tailwind.config';
import { contrastRatio as contrast } from './utils/contrast-ratio';

type Palette = Record<string, string | Record<string, string>>;

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
