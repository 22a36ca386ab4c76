/** The shared controls' own words (dialogs, buttons, spinners, load failures): every screen uses them. */
import { localizedTexts } from '../i18n/localized-texts.js';

export const uiTexts = localizedTexts('ui', {
  save: 'Save',
  saving: 'Saving…',
  cancel: 'Cancel',
  close: 'Close',
  loading: 'Loading',
  sending: 'Sending',
  tryAgain: 'Try again',
  loadMore: 'Load more',
  somethingWrong: 'Something went wrong',
  requestFailed: 'Request failed',
});
