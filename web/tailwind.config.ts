import type { Config } from 'tailwindcss';
import colors from 'tailwindcss/colors';

export default {
  content: ['./app/**/*.{ts,tsx}'],
  theme: {
    extend: {
      colors: {
        // Kora green; 600 is the brand colour and passes AA for white text (contrast ≈ 5.2:1).
        brand: {
          50: '#e8f5ef',
          100: '#c9e8da',
          200: '#97d2b7',
          300: '#5fb891',
          400: '#2f9d6e',
          500: '#138a5b',
          600: '#0a7d4f',
          700: '#086640',
          800: '#075134',
          900: '#06422b',
        },
        canvas: '#f0f2f5',
        // Muted text is slate-500, and it sits on white, slate-50/100/200 (comment bubbles, hovered rows)
        // and the canvas. Tailwind's #64748b gives 4.34:1 on slate-100; this one keeps every pairing at or
        // above 4.5:1 (4.69:1 on slate-200, 5.16:1 on the canvas); docs/accessibility.md.
        slate: { ...colors.slate, 500: '#586779' },
      },
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
  plugins: [],
} satisfies Config;
