/**
 * The texts of privacy settings as other pages show them. Apart from `authTexts` (which every page
 * loads) so that only the page that shows them carries them: the first load's budget (decision 017).
 */
import { localizedTexts, template } from '../i18n/localized-texts.js';
export const privacyTexts = localizedTexts('privacy', {
  /** The line a closed profile shows under the card (privacy "profile visibility"). */
  profileLimited: (limitedBy: 'friends' | 'only_me' | 'sign_in', name: string): string =>
    limitedBy === 'friends'
      ? privacyTexts.friendsOnly(name)
      : limitedBy === 'only_me'
        ? privacyTexts.onlyMe
        : privacyTexts.signInToSee(name),
  friendsOnly: template('Only friends of {{name}} can see their profile', (name: string) => ({ name })),
  onlyMe: 'This profile is private',
  signInToSee: template("Sign in to see {{name}}'s profile", (name: string) => ({ name })),
});
