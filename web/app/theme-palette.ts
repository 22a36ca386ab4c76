/**
 * The dark palette (decision 043). Screens keep their light classes (`bg-white`, `text-slate-600`,
 * `border-slate-200`…); each colour listed here is a CSS variable for that kind of utility, holding
 * the light value normally and the dark one when the dark theme is on. So a background, a text and
 * a border of the same Tailwind colour may move differently: `text-white` on a brand button stays
 * white while `bg-white` cards turn dark. Colours not listed (brand-600 buttons, black overlays)
 * are the same in both themes.
 */
import colors from 'tailwindcss/colors';

export type Utility = 'bg' | 'text' | 'border';

/** The light theme's own colours that differ from Tailwind's: decision 025 and docs/accessibility.md. */
export const lightColors = {
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
  // Muted text sits on white, slate-50/100/200 and the canvas; Tailwind's #64748b gives less than
  // AA on slate-100 (docs/accessibility.md).
  slate: { ...colors.slate, 500: '#586779' },
} as const;

/** Each themed colour's dark value, by the utility it is used in (`white` and `canvas` have no shade). */
export const darkPalette: Record<Utility, Record<string, string>> = {
  bg: {
    canvas: '#0f172a',
    white: '#1a2436',
    'slate-50': '#212d42',
    'slate-100': '#26334a',
    'slate-200': '#2f3d56',
    'slate-300': '#475569',
    'brand-50': '#113a2b',
    'brand-100': '#154a37',
    'brand-200': '#1d5e47',
    'red-50': '#3a1a1f',
    'red-100': '#4a2027',
    'amber-50': '#382c10',
    'amber-100': '#4a3912',
    'emerald-50': '#0f3a2c',
    'emerald-100': '#134434',
    'sky-100': '#0c3550',
    'orange-100': '#4a2a12',
    'rose-100': '#4c1d2a',
    'violet-100': '#33215a',
    'teal-100': '#0f3b3a',
  },
  text: {
    'slate-400': '#8391a5',
    'slate-500': '#a3b1c2',
    'slate-600': '#b8c4d3',
    'slate-700': '#cdd6e1',
    'slate-800': '#e2e8f0',
    'slate-900': '#f1f5f9',
    'brand-600': '#4fc892',
    'brand-700': '#6dd5a5',
    'brand-800': '#93e2bd',
    'red-600': '#fd9c9c',
    'red-700': '#fca5a5',
    'red-800': '#fecaca',
    'amber-700': '#fcd34d',
    'amber-800': '#fde68a',
    'amber-900': '#fef3c7',
    'emerald-700': '#6ee7b7',
    'emerald-800': '#a7f3d0',
    'sky-800': '#bae6fd',
    'sky-900': '#e0f2fe',
    'orange-900': '#fed7aa',
    'rose-800': '#fecdd3',
    'violet-800': '#ddd6fe',
    'teal-800': '#99f6e4',
  },
  border: {
    white: '#1a2436',
    'slate-100': '#26334a',
    'slate-200': '#334155',
    'slate-300': '#475569',
    'brand-200': '#1d5e47',
    'red-200': '#7f1d1d',
  },
};

/** A colour's light value: the app's own first, then Tailwind's. */
export function lightValue(color: string): string {
  if (color === 'white') return '#ffffff';
  if (color === 'canvas') return lightColors.canvas;
  const [family, shade] = color.split('-') as [string, string];
  const own = (lightColors as unknown as Record<string, Record<string, string>>)[family];
  const value = own?.[shade] ?? (colors as unknown as Record<string, Record<string, string>>)[family]?.[shade];
  if (!value) throw new Error(`No light value for ${color}`);
  return value;
}

export function cssVariable(utility: Utility, color: string): string {
  return `--kora-${utility}-${color}`;
}

/** "r g b" of a #rrggbb colour, for `rgb(var(--x) / <alpha-value>)`. */
export function rgbChannels(hex: string): string {
  return [1, 3, 5].map((start) => parseInt(hex.slice(start, start + 2), 16)).join(' ');
}

/** Every themed variable with its value in one theme. */
export function paletteVariables(theme: 'light' | 'dark'): Record<string, string> {
  const variables: Record<string, string> = {};
  for (const [utility, entries] of Object.entries(darkPalette) as [Utility, Record<string, string>][]) {
    for (const [color, dark] of Object.entries(entries)) {
      variables[cssVariable(utility, color)] = rgbChannels(theme === 'dark' ? dark : lightValue(color));
    }
  }
  return variables;
}

/** A utility's overrides for the Tailwind theme: `{ white: 'rgb(var(--kora-bg-white) / <alpha-value>)', slate: { 50: … } }`. */
export function themedColors(utility: Utility): Record<string, string | Record<string, string>> {
  const out: Record<string, string | Record<string, string>> = {};
  for (const color of Object.keys(darkPalette[utility])) {
    const value = `rgb(var(${cssVariable(utility, color)}) / <alpha-value>)`;
    const [family, shade] = color.split('-') as [string, string | undefined];
    if (shade === undefined) out[family] = value;
    else out[family] = { ...((out[family] as Record<string, string> | undefined) ?? {}), [shade]: value };
  }
  return out;
}
