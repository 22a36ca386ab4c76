/**
 * The texts of privacy settings as other pages show them. Apart from `authTexts` (which every page
 * loads) so that only the page that shows them carries them: the first load's budget (decision 017).
 */
export const privacyTexts = {
  /** The line a closed profile shows under the card (privacy "profile visibility"). */
  profileLimited: (limitedBy: 'friends' | 'only_me' | 'sign_in', name: string) =>
    limitedBy === 'friends'
      ? `Only friends of ${name} can see their profile`
      : limitedBy === 'only_me'
        ? 'This profile is private'
        : `Sign in to see ${name}'s profile`,
} as const;
