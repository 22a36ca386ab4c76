/**
 * The "your archive is ready" e-mail (notifications service, decision 035), in its recipient's
 * language (decision 045). Its subject, link label and expiry line are the archive's own texts.
 */
import { localizedTexts, template } from '../i18n/localized-texts.js';

export const archiveMailTexts = localizedTexts('archiveMail', {
  hello: template('Hello {{name}},', (name: string) => ({ name })),
  /** Who the mail greets when the member's name is not known yet. */
  there: 'there',
  ready: template('The copy of your {{site}} data you asked for is ready.', (site: string) => ({ site })),
  downloadLine: template('Download it (sign in first): {{link}}', (link: string) => ({ link })),
  signInFirst: '(sign in first).',
  foundInSettings: template('You can also find it in Settings → {{tab}}: {{page}}', (tab: string, page: string) => ({ tab, page })),
  /** `{{place}}` is the link to Settings → the archive's tab. */
  foundIn: template('You can also find it in {{place}}.', (place: string) => ({ place })),
  settingsTab: template('Settings → {{tab}}', (tab: string) => ({ tab })),
  notYou: 'If you did not ask for it, change your password and sign out your other sessions.',
});
