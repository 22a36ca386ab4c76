/** The Settings page's own words (docs/product/settings.md): its title, tabs, fields and lists. */
import { localizedTexts } from '../i18n/localized-texts.js';

export const settingsScreenTexts = localizedTexts('settingsScreen', {
  title: 'Settings',
  sections: 'Settings sections',
  general: 'General',
  privacy: 'Privacy',
  notifications: 'Notifications',
  security: 'Security',
  // General.
  notSet: 'Not set',
  username: 'Username',
  email: 'E-mail',
  phone: 'Phone',
  dateOfBirth: 'Date of birth',
  gender: 'Gender',
  website: 'Website',
  city: 'City',
  country: 'Country',
  timeZone: 'Time zone',
  language: 'Language',
  work: 'Work',
  education: 'Education',
  password: 'Password',
  // Privacy.
  profileVisibility: 'Who can see your profile',
  friendRequestPolicy: 'Who can send you friend requests',
  lookupEmail: 'Who can look you up by e-mail',
  lookupPhone: 'Who can look you up by phone',
  showOnline: "Show when you're online",
  showOnlineHint: "Others can see when you're active",
  tagReview: 'Review mentions',
  tagReviewHint: 'Mentions of you wait for your approval before they link to your profile',
  mutedWordPlaceholder: 'word, phrase or #hashtag',
  loadingBlocked: 'Loading blocked members',
  loadingMoreBlocked: 'Loading more blocked members',
});
