import { describe, expect, it } from 'vitest';
import { avatarSrc, initials, mediaUrl } from './media';

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

describe('avatarSrc', () => {
  it('treats the shared default avatar as no picture', () => {
    expect(avatarSrc('/uploads/profile/defaultavatar.png')).toBeNull();
    expect(avatarSrc('uploads/profile/defaultavatar.png')).toBeNull();
    expect(avatarSrc(null)).toBeNull();
  });

  it('keeps a member’s own picture', () => {
    expect(avatarSrc('/uploads/profile/8f3a.webp')).toBe('/uploads/profile/8f3a.webp');
    expect(avatarSrc('profile/8f3a.webp')).toBe('/uploads/profile/8f3a.webp');
  });
});
