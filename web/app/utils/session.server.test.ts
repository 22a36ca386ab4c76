import { IDENTITY_HEADER, signIdentity } from '@kora/platform/identity';
import { describe, expect, it } from 'vitest';
import { DEV_INTERNAL_SECRET } from './env.server';
import { getIdentity, requireIdentity } from './session.server';

const member = { userId: 42, role: 'user' as const, sessionId: 's-1' };

function requestWith(header?: string, url = 'http://web.test/friends') {
  return new Request(url, { headers: header ? { [IDENTITY_HEADER]: header } : {} });
}

describe('getIdentity', () => {
  it('accepts a header signed with INTERNAL_SECRET', () => {
    expect(getIdentity(requestWith(signIdentity(member, DEV_INTERNAL_SECRET)))).toEqual(member);
  });

  it('refuses a header signed with another secret', () => {
    expect(getIdentity(requestWith(signIdentity(member, 'someone-elses-secret')))).toBeNull();
  });
});

describe('requireIdentity', () => {
  it('redirects a signed-out visitor to /login with redirectTo', () => {
    let thrown: unknown;
    try {
      requireIdentity(requestWith(undefined));
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(Response);
    expect((thrown as Response).headers.get('location')).toBe('/login?redirectTo=%2Ffriends');
  });
});
