import { describe, expect, it } from 'vitest';
import { sessionCookies } from './cookies.js';

describe('sessionCookies', () => {
  it('finds the access token among other cookies, percent-decoded', () => {
    expect(sessionCookies('theme=dark; kora_at=eyJ.abc.def; lang=yo')).toEqual({ access: 'eyJ.abc.def', present: true });
    expect(sessionCookies('kora_at=a%2Bb')).toEqual({ access: 'a+b', present: true });
  });

  it('keeps a value that does not decode as it was sent', () => {
    expect(sessionCookies('kora_at=%E0%A4%A')).toEqual({ access: '%E0%A4%A', present: true });
  });

  it('counts the refresh cookie as a session without an access token', () => {
    expect(sessionCookies('kora_rt=opaque')).toEqual({ access: undefined, present: true });
  });

  it('matches whole names only, and an empty access cookie is none', () => {
    expect(sessionCookies('xkora_at=1; kora_atx=2')).toEqual({ access: undefined, present: false });
    expect(sessionCookies('kora_at=')).toEqual({ access: undefined, present: false });
    expect(sessionCookies(undefined)).toEqual({ access: undefined, present: false });
  });
});
