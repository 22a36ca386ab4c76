/**
 * The representative application page's words (docs/product/representatives.md): its title, and
 * each field's label under the field's own name (name, phone, ...), so a form reads
 * `representativeScreenTexts[field]`. The form's refusals are representativeTexts (api/admin-texts.ts).
 */
import { localizedTexts, template } from '../i18n/localized-texts.js';

export const representativeScreenTexts = localizedTexts('representativeScreen', {
  title: 'Become a Representative',
  description: 'Apply to represent the network in your area.',
  intro: "Share a few details and the team will reach out if it's a fit.",
  backTo: template('Back to {{siteName}}', (siteName: string) => ({ siteName })),
  signInTo: template('Sign in to {{siteName}}', (siteName: string) => ({ siteName })),
  // The fields, in the product's order.
  name: 'Name',
  username: 'Username',
  phone: 'Phone number',
  email: 'Email',
  state: 'State',
  residentialState: 'Residential state',
  residentAddress: 'Resident address',
  proposedLocation: 'Proposed location to represent',
  koraUsername: 'Kora username',
  note: 'Little note about yourself',
});
