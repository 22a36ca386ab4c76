/** The words of the search page and the right panel's cards beside the product's (searchTexts). */
import { localizedTexts, plural, template } from '../i18n/localized-texts.js';

export const searchScreenTexts = localizedTexts('searchScreen', {
  searchResults: 'Search results',
  people: 'People',
  groups: 'Groups',
  hashtags: 'Hashtags',
  friends: 'Friends',
  loadingMorePeople: 'Loading more people',
  loadingMoreGroups: 'Loading more groups',
  loadingMoreHashtags: 'Loading more hashtags',
  postsMatching: template('Posts matching {{query}}', (query: string) => ({ query })),
  /** How many posts carry a hashtag; `number` is the count as written ("24.8K"). */
  postCount: plural({ one: '{{number}} post', other: '{{number}} posts' }, (count: number, number: string) => ({ count, number })),
  // The right panel
  goPro: 'Go Pro',
  proPitch: 'Get featured, verified and boosted.',
  upgrade: 'Upgrade',
  /** Between a friend's name and when they shared a post. */
  shared: 'shared',
  aVideo: 'A video',
  aPhoto: 'A photo',
  aPost: 'A post',
  seeAll: 'See All',
  requested: 'Requested',
  requestSentTo: template('Request sent to {{name}}', (name: string) => ({ name })),
  cancelRequest: 'Cancel request',
  cancelRequestTo: template('Cancel request to {{name}}', (name: string) => ({ name })),
  addFriend: 'Add friend',
  addAsFriend: template('Add {{name}} as a friend', (name: string) => ({ name })),
});
