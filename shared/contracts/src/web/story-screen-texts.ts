/**
 * The words of the Stories card, the story viewer and the Reels pages beside the product's
 * (storyTexts, reelTexts).
 */
import { localizedTexts, plural, template } from '../i18n/localized-texts.js';

export const storyScreenTexts = localizedTexts('storyScreen', {
  loading: 'Loading…',
  loadMore: 'Load more',
  tryAgain: 'Try again',
  cancel: 'Cancel',
  delete: 'Delete',
  deleting: 'Deleting…',
  deleteStory: 'Delete story',
  /** A story ring's name for screen readers: "Ada: 3 stories, not seen yet". */
  ringLabel: plural({ one: '{{name}}: {{count}} story', other: '{{name}}: {{count}} stories' }, (name: string, count: number) => ({
    name,
    count,
  })),
  ringLabelUnseen: plural(
    { one: '{{name}}: {{count}} story, not seen yet', other: '{{name}}: {{count}} stories, not seen yet' },
    (name: string, count: number) => ({ name, count }),
  ),
  position: template('Story {{number}} of {{total}}', (number: number, total: number) => ({ number, total })),
  // Reels
  reelsOff: 'Reels are turned off on this site.',
  reelBy: template('Reel by {{name}}', (name: string) => ({ name })),
  chooseVideo: 'Choose a video',
  chooseAnotherVideo: 'Choose another video',
  checkingVideo: 'Checking the video…',
  preview: 'Preview',
  caption: 'Caption',
  close: 'Close',
  sendComment: 'Send comment',
});
