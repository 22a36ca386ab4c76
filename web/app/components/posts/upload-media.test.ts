import { mediaTexts } from '@kora/contracts';
import { describe, expect, it } from 'vitest';
import { readUploadAnswer, uploadPercent } from './upload-media';

describe('uploadPercent', () => {
  it('is a whole percentage within 0–100', () => {
    expect(uploadPercent(0, 200)).toBe(0);
    expect(uploadPercent(51, 200)).toBe(26);
    expect(uploadPercent(250, 200)).toBe(100);
    expect(uploadPercent(10, 0)).toBe(0);
  });
});

describe('readUploadAnswer', () => {
  const url = '/uploads/images/0123456789abcdef0123456789abcdef.webp';
  const answer = JSON.stringify({ urls: [url], files: [{ url, type: 'image', videoId: null, width: 10, height: 10 }] });

  it('answers the stored URLs', () => {
    expect(readUploadAnswer(201, answer, 1)).toEqual({ ok: true, urls: [url] });
  });

  it('fails when the answer does not match what was sent', () => {
    expect(readUploadAnswer(201, answer, 2)).toEqual({ ok: false, error: mediaTexts.uploadFailed });
    expect(readUploadAnswer(200, '<html>', 1)).toEqual({ ok: false, error: mediaTexts.uploadFailed });
  });

  it("shows the server's reason for a refusal, else Upload failed", () => {
    expect(
      readUploadAnswer(
        413,
        JSON.stringify({ error: 'Each file can be at most 20 MB', message: 'Each file can be at most 20 MB', code: 'PAYLOAD_TOO_LARGE' }),
        1,
      ),
    ).toEqual({
      ok: false,
      error: 'Each file can be at most 20 MB',
    });
    expect(readUploadAnswer(400, 'oops', 1)).toEqual({ ok: false, error: mediaTexts.uploadFailed });
    expect(
      readUploadAnswer(502, JSON.stringify({ error: 'Bad gateway details', message: 'Bad gateway details', code: 'BAD_GATEWAY' }), 1),
    ).toEqual({ ok: false, error: mediaTexts.uploadFailed });
  });
});
