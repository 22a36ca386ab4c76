import { describe, expect, it } from 'vitest';
import { loginPath, safeRedirect } from './redirect';

describe('safeRedirect', () => {
  it('keeps same-site paths', () => {
    expect(safeRedirect('/friends?tab=1')).toBe('/friends?tab=1');
  });

  it.each([null, undefined, '', 'https://evil.example', '//evil.example', '/\\evil.example', '/a\nb'])('falls back for %j', (value) => {
    expect(safeRedirect(value)).toBe('/');
  });
});

describe('loginPath', () => {
  it('remembers the page the visitor wanted', () => {
    expect(loginPath(new URL('http://x/friends?q=ada'))).toBe('/login?redirectTo=%2Ffriends%3Fq%3Dada');
  });

  it('keeps the plain /login for the home page', () => {
    expect(loginPath(new URL('http://x/'))).toBe('/login');
  });
});
