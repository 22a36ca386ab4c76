/**
 * The theme on <html> (decision 043): `dark` for Dark, nothing for Light, and for System the
 * `data-theme="system"` marker under which the stylesheet follows the device's preference. Plain
 * attributes, no script: the first paint of the server's HTML is already in the right theme.
 */
import type { Theme } from '@kora/contracts';

export function htmlThemeAttributes(theme: Theme): { className: string | undefined; 'data-theme': Theme } {
  return { className: theme === 'dark' ? 'dark' : undefined, 'data-theme': theme };
}
