import { describe, expect, it } from 'vitest';
import { toFormData } from '~/utils/form-data';
import { listOf, numberOr, savedText, sectionValues } from './settings-form';

describe('numberOr', () => {
  it('falls back when the field is not a number', () => {
    expect(numberOr('280', 5000)).toBe(280);
    expect(numberOr(' 12 ', 20)).toBe(12);
    expect(numberOr('abc', 5000)).toBe(5000);
    expect(numberOr('', 587)).toBe(587);
    expect(numberOr('12abc', 20)).toBe(20);
  });
});

describe('listOf', () => {
  it('splits, trims and drops empty entries', () => {
    expect(listOf(' spam, ,scam ,, 419 ')).toEqual(['spam', 'scam', '419']);
    expect(listOf('https://a.ng\n\n https://b.ng \r\n', /\r?\n/)).toEqual(['https://a.ng', 'https://b.ng']);
    expect(listOf('')).toEqual([]);
  });
});

describe('sectionValues', () => {
  it('applies the spec defaults to non-numeric numbers', () => {
    expect(sectionValues('moderation', toFormData({ maxPostLength: 'lots', badWords: 'a,b' }))).toEqual({
      maxPostLength: 5000,
      badWords: ['a', 'b'],
    });
    expect(
      sectionValues('storage', toFormData({ maxUploadMB: 'x', allowedImageMime: 'image/png, image/webp', allowedVideoMime: '' })),
    ).toEqual({
      maxUploadMB: 20,
      allowedImageMime: ['image/png', 'image/webp'],
      allowedVideoMime: [],
    });
    expect(sectionValues('email', toFormData({ smtpPort: 'smtp', smtpPassword: '********' }))).toMatchObject({
      smtpPort: 587,
      smtpPassword: '********',
    });
  });

  it('reads switches as present-or-not and CORS origins one per line', () => {
    expect(sectionValues('features', toFormData({ stories: 'on', groups: 'on' }))).toEqual({
      stories: true,
      reels: false,
      groups: true,
      payments: false,
    });
    expect(sectionValues('general', toFormData({ siteName: ' Kora ', siteUrl: '' }))).toEqual({
      siteName: 'Kora',
      siteUrl: '',
      allowSignups: false,
    });
    expect(sectionValues('security', toFormData({ corsOrigins: 'https://a.ng, https://b.ng\nhttps://c.ng' }))).toEqual({
      corsOrigins: ['https://a.ng, https://b.ng', 'https://c.ng'],
      requireTwoStepForAdmins: false,
    });
    expect(sectionValues('security', toFormData({ corsOrigins: '', requireTwoStepForAdmins: 'on' }))).toEqual({
      corsOrigins: [],
      requireTwoStepForAdmins: true,
    });
  });

  it('says which section was saved', () => {
    expect(savedText('moderation')).toBe('Updated moderation settings');
  });
});
