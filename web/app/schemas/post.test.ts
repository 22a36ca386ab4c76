import { postTexts } from '@kora/contracts';
import { describe, expect, it } from 'vitest';
import { toFormData as form } from '~/utils/form-data';
import { canSubmitPost, hasText, parseComment, parseNewPost, parsePostId, parsePostIntent } from './post';

const image = '/uploads/images/0123456789abcdef0123456789abcdef.webp';
const video = '/uploads/videos/0123456789abcdef0123456789abcdef.mp4';

describe('canSubmitPost', () => {
  it('needs non-blank text or at least one photo or video', () => {
    expect(canSubmitPost('   ', 0)).toBe(false);
    expect(canSubmitPost(' hi ', 0)).toBe(true);
    expect(canSubmitPost('', 1)).toBe(true);
  });
});

describe('hasText', () => {
  it('refuses blank and whitespace-only text', () => {
    expect(hasText(' \n\t')).toBe(false);
    expect(hasText(' a ')).toBe(true);
  });
});

describe('parseNewPost', () => {
  it('posts as the signed-in member with each media typed by its path', () => {
    const data = form({ content: 'Hello', userId: '999' });
    data.append('media', image);
    data.append('media', video);
    expect(parseNewPost(data, 7)).toEqual({
      ok: true,
      data: {
        userId: 7,
        content: 'Hello',
        media: [
          { url: image, type: 'image' },
          { url: video, type: 'video' },
        ],
        groupId: null,
      },
    });
  });

  it('posts into the group the composer names, and refuses a group id that is not one', () => {
    expect(parseNewPost(form({ content: 'Hi all', groupId: '12' }), 7)).toMatchObject({ ok: true, data: { groupId: 12 } });
    expect(parseNewPost(form({ content: 'Hi all', groupId: 'x' }), 7)).toMatchObject({ ok: false, error: postTexts.groupInvalid });
  });

  it('refuses an empty post and media that are not ours', () => {
    expect(parseNewPost(form({ content: '  ' }), 7)).toMatchObject({ ok: false, error: postTexts.empty });
    const foreign = form({ content: 'x' });
    foreign.append('media', 'https://evil.example/a.png');
    expect(parseNewPost(foreign, 7)).toMatchObject({ ok: false, error: postTexts.mediaInvalid });
  });
});

describe('parseComment', () => {
  it('trims and refuses blank comments', () => {
    expect(parseComment(form({ content: '  Nice  ' }))).toEqual({ ok: true, data: { content: 'Nice' } });
    expect(parseComment(form({ content: '   ' }))).toMatchObject({ ok: false, error: postTexts.commentBlank });
  });
});

describe('parsePostIntent / parsePostId', () => {
  it('knows the post actions', () => {
    expect(parsePostIntent('like')).toBe('like');
    expect(parsePostIntent('explode')).toBeNull();
    expect(parsePostIntent(null)).toBeNull();
  });

  it('accepts positive integer ids only', () => {
    expect(parsePostId('42')).toBe(42);
    for (const bad of [undefined, '', '0', '-1', '1.5', 'abc', '99999999999999999']) expect(parsePostId(bad)).toBeNull();
  });
});
