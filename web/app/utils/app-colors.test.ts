import { describe, expect, it } from 'vitest';
import config from '../../tailwind.config';
import { darkPalette } from '../theme-palette';
import { BACKGROUND_COLOR, DARK_THEME_COLOR, THEME_COLOR } from './app-colors';

const colors = config.theme.extend.colors as { brand: Record<string, string>; canvas: string };

describe('app colours', () => {
  it('are the brand colour and the page canvas of the stylesheet', () => {
    expect(THEME_COLOR).toBe(colors.brand['600']);
    expect(BACKGROUND_COLOR).toBe(colors.canvas);
  });

  it("the dark theme's bar colour is the dark top bar's surface", () => {
    // The top bar is `bg-white`, which the dark palette turns into this.
    expect(DARK_THEME_COLOR).toBe(darkPalette.bg.white);
  });
});
