/** The error screens' words: page not found, a page the member may not open, the unexpected error, coming soon. */
import { localizedTexts } from '../i18n/localized-texts.js';

export const errorTexts = localizedTexts('errors', {
  notFoundCode: 'Error 404',
  notFoundTitle: 'Page not found',
  notFoundBody: 'The page you are looking for does not exist or has been moved.',
  forbiddenCode: 'Error 403',
  forbiddenTitle: 'You cannot open this page',
  forbiddenBody: 'Your account does not have access to this page.',
  unexpectedTitle: 'Unexpected Application Error!',
  unexpectedBody: 'Something went wrong on our side. Please try again.',
  goToNewsFeed: 'Go to News Feed',
  comingSoonTitle: 'Something exciting is on the way',
  comingSoon: 'Launching soon',
  backToNewsFeed: 'Back to News Feed',
  visitHelp: 'Visit Help',
});
