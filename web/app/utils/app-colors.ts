/**
 * The colours the browser paints around the app before or outside its stylesheet: the theme colour
 * of the address bar and of the installed app's title bar, and the splash screen's background
 * while the installed app starts (decision 041). They are Tailwind's brand-600 and canvas
 * (app-colors.test.ts holds them to tailwind.config.ts), written out because the manifest and the
 * document head cannot read the stylesheet.
 */
export const THEME_COLOR = '#0a7d4f';
export const BACKGROUND_COLOR = '#f0f2f5';
/**
 * The bar colour of the dark theme (decision 043): the dark top bar's own surface, so the browser's
 * bar runs into the app's instead of a bright green strip above a dark page.
 */
export const DARK_THEME_COLOR = '#1a2436';
