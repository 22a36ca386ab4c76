import type { PostMention } from '@kora/contracts';
import { describe, expect, it } from 'vitest';
import { memberTextParts } from './member-text';

const ada: PostMention[] = [{ userId: 7, username: 'ada' }];

describe('memberTextParts', () => {
  it('links tags by their lower-case name and keeps what was written', () => {
    expect(memberTextParts('Rice #Jollof and #ọbẹ̀ today')).toEqual([
      { type: 'text', value: 'Rice ' },
      { type: 'hashtag', value: '#Jollof', tag: 'jollof' },
      { type: 'text', value: ' and ' },
      { type: 'hashtag', value: '#ọbẹ̀', tag: 'ọbẹ̀'.normalize('NFC') },
      { type: 'text', value: ' today' },
    ]);
  });

  it("keeps a URL's #fragment inside the link and still finds tags after it", () => {
    expect(memberTextParts('See https://kora.ng/page#intro, #lagos')).toEqual([
      { type: 'text', value: 'See ' },
      { type: 'link', value: 'https://kora.ng/page#intro' },
      { type: 'text', value: ', ' },
      { type: 'hashtag', value: '#lagos', tag: 'lagos' },
    ]);
  });

  it('leaves numbers, entities, double hashes and mid-word hashes as text', () => {
    expect(memberTextParts('Room #2026 &#39; ##x abc#def')).toEqual([{ type: 'text', value: 'Room #2026 &#39; ##x abc#def' }]);
  });

  it('keeps mentions working beside tags, and a # right after a mention is no tag', () => {
    expect(memberTextParts('@ada #naija @ada#x', { mentions: ada })).toEqual([
      { type: 'mention', value: '@ada', userId: 7 },
      { type: 'text', value: ' ' },
      { type: 'hashtag', value: '#naija', tag: 'naija' },
      { type: 'text', value: ' ' },
      { type: 'mention', value: '@ada', userId: 7 },
      { type: 'text', value: '#x' },
    ]);
  });

  it('finds no tags when asked not to (mails in the dev mailbox)', () => {
    expect(memberTextParts('Code #abc', { hashtags: false })).toEqual([{ type: 'text', value: 'Code #abc' }]);
  });

  it('gives nothing for an empty text', () => {
    expect(memberTextParts('')).toEqual([]);
  });
});
