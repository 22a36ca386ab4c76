import { describe, expect, it } from 'vitest';
import { initials, mediaUrl } from './media';

describe('mediaUrl', () => {
  it('keeps absolute and root-relative paths', () => {
    expect(mediaUrl('/uploads/profile/a.png')).toBe('/uploads/profile/a.png');
    expect(mediaUrl('https://cdn.example/a.png')).toBe('https://cdn.example/a.png');
  });

  it('puts bare file names under /uploads', () => {
    expect(mediaUrl('profile/a.png')).toBe('/uploads/profile/a.png');
    expect(mediaUrl('uploads/b.png')).toBe('/uploads/b.png');
    expect(mediaUrl('')).toBeNull();
  });
});

describe('initials', () => {
  it('takes the first and last word', () => {
    expect(initials('Ada  Chioma Obi')).toBe('AO');
    expect(initials('member7')).toBe('M');
    expect(initials('  ')).toBe('?');
  });
});
