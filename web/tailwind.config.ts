import type { Config } from 'tailwindcss';
import plugin from 'tailwindcss/plugin';
import { lightColors, paletteVariables, themedColors } from './app/theme-palette';

/** The dark theme's CSS variables (app/theme-palette.ts) and the colour scheme of form controls and scrollbars. */
const themeVariables = plugin((api) => {
  const dark = { ...paletteVariables('dark'), colorScheme: 'dark' };
  api.addBase({
    ':root': { ...paletteVariables('light'), colorScheme: 'light' },
    ':root.dark': dark,
    '@media (prefers-color-scheme: dark)': { ':root[data-theme="system"]': dark },
  });
});

export default {
  content: ['./app/**/*.{ts,tsx}'],
  // Decision 043: `dark` on <html> is the Dark theme; System (data-theme="system") follows the device.
  darkMode: ['variant', ['&:is(.dark *)', '@media (prefers-color-scheme: dark) { &:is([data-theme="system"] *) }']],
  theme: {
    // Focus rings' default offset takes the surface's colour, so it is no white halo in the dark theme.
    ringOffsetColor: (utils) => ({ ...(utils.theme('colors') as Record<string, unknown>), DEFAULT: 'rgb(var(--kora-bg-white))' }),
    extend: {
      colors: {
        // Kora green; 600 is the brand colour and passes AA for white text (contrast ≈ 5.2:1).
        brand: lightColors.brand,
        canvas: lightColors.canvas,
        // Muted text is slate-500, and it sits on white, slate-50/100/200 (comment bubbles, hovered rows)
        // and the canvas. Tailwind's #64748b gives 4.34:1 on slate-100; this one keeps every pairing at or
        // above 4.5:1 (4.69:1 on slate-200, 5.16:1 on the canvas); docs/accessibility.md.
        slate: lightColors.slate,
        // White in both themes: marks drawn over photos and video (story progress, buttons on black).
        paper: '#ffffff',
      },
      // The colours that change with the theme, one set per kind of utility (app/theme-palette.ts).
      backgroundColor: themedColors('bg'),
      textColor: themedColors('text'),
      borderColor: themedColors('border'),
      divideColor: themedColors('border'),
      ringColor: { white: 'rgb(var(--kora-bg-white) / <alpha-value>)' },
      ringOffsetColor: { white: 'rgb(var(--kora-bg-white) / <alpha-value>)' },
      fontFamily: {
        sans: [
          'system-ui',
          '-apple-system',
          '"Segoe UI"',
          'Roboto',
          '"Helvetica Neue"',
          'Arial',
          '"Noto Sans"',
          'sans-serif',
          '"Apple Color Emoji"',
          '"Segoe UI Emoji"',
        ],
      },
      boxShadow: {
        card: '0 1px 2px rgba(16, 24, 40, 0.06), 0 1px 3px rgba(16, 24, 40, 0.08)',
      },
      keyframes: {
        'slide-in-left': { from: { transform: 'translateX(-100%)' }, to: { transform: 'translateX(0)' } },
        'fade-in': { from: { opacity: '0' }, to: { opacity: '1' } },
        'toast-in': { from: { transform: 'translateY(100%)', opacity: '0' }, to: { transform: 'translateY(0)', opacity: '1' } },
        'toast-out': { from: { opacity: '1' }, to: { transform: 'translateX(100%)', opacity: '0' } },
      },
      animation: {
        'slide-in-left': 'slide-in-left 200ms ease-out',
        'fade-in': 'fade-in 150ms ease-out',
        'toast-in': 'toast-in 200ms ease-out',
        'toast-out': 'toast-out 150ms ease-in forwards',
      },
    },
  },
  plugins: [themeVariables],
} satisfies Config;
