import { mediaTexts, postTexts } from '@kora/contracts';
import { describe, expect, it } from 'vitest';
import { mediaKindOf, pendingUploads, pickMedia, recordUploads, uploadedUrls, type ChosenMedia } from './composer-media';

const file = (type: string) => ({ type });

function chosen(id: string, uploadedUrl?: string): ChosenMedia {
  return {
    id,
    file: new File(['x'], `${id}.png`, { type: 'image/png' }),
    kind: 'image',
    previewUrl: `blob:${id}`,
    ...(uploadedUrl ? { uploadedUrl } : {}),
  };
}

describe('mediaKindOf', () => {
  it('tells photos from videos by MIME type', () => {
    expect(mediaKindOf('image/png')).toBe('image');
    expect(mediaKindOf('video/mp4')).toBe('video');
    expect(mediaKindOf('application/pdf')).toBeNull();
  });
});

describe('pickMedia', () => {
  it('accepts photos and videos and refuses other files', () => {
    const result = pickMedia([file('image/png'), file('text/plain'), file('video/webm')], 0);
    expect(result.accepted.map((item) => item.kind)).toEqual(['image', 'video']);
    expect(result.error).toBe(mediaTexts.unsupported);
  });

  it('stops at the per-post limit', () => {
    const result = pickMedia([file('image/png'), file('image/png'), file('image/png')], 8);
    expect(result.accepted).toHaveLength(2);
    expect(result.error).toBe(postTexts.tooManyMedia(10));
    expect(pickMedia([file('image/png')], 0).error).toBeNull();
  });
});

describe('uploads kept for a retry', () => {
  it('uploads only what is not uploaded yet and keeps the chosen order', () => {
    const media = [chosen('a', '/uploads/images/a.webp'), chosen('b'), chosen('c')];
    expect(pendingUploads(media).map((item) => item.id)).toEqual(['b', 'c']);
    const after = recordUploads(media, ['/uploads/images/b.webp', '/uploads/images/c.webp']);
    expect(uploadedUrls(after)).toEqual(['/uploads/images/a.webp', '/uploads/images/b.webp', '/uploads/images/c.webp']);
    expect(pendingUploads(after)).toEqual([]);
  });
});
