import { createAccessTokenChecker } from '@kora/platform/access-token';
import { verifyIdentity } from '@kora/platform/identity';
import { describe, expect, it, vi } from 'vitest';
import { createEdgeTokens } from './edge-tokens.js';
import { mintAccessToken, TEST_ACCESS_TOKEN_SECRET, TEST_INTERNAL_SECRET } from './test-support.js';

const secrets = { accessTokenSecret: TEST_ACCESS_TOKEN_SECRET, internalSecret: TEST_INTERNAL_SECRET };

describe('edge tokens (verified once, remembered until they expire)', () => {
  it('proves the identity and signs an assertion the services accept', async () => {
    const tokens = createEdgeTokens(secrets);
    const known = await tokens.identify(await mintAccessToken({ sub: 7, sid: 's-7' }));
    expect(known?.identity).toEqual({ userId: 7, role: 'user', sessionId: 's-7' });
    expect(verifyIdentity(known!.assertion, TEST_INTERNAL_SECRET)).toEqual(known!.identity);
  });

  it('checks a token’s signature once, not on every request', async () => {
    const check = vi.fn(createAccessTokenChecker(TEST_ACCESS_TOKEN_SECRET));
    const tokens = createEdgeTokens({ ...secrets, check });
    const token = await mintAccessToken({ sub: 8 });
    for (let i = 0; i < 5; i++) expect((await tokens.identify(token))?.identity.userId).toBe(8);
    expect(check).toHaveBeenCalledTimes(1);
  });

  it('refuses a remembered token once it expires (with the 5 s clock tolerance), and forgets it', async () => {
    const tokens = createEdgeTokens(secrets);
    const now = Date.now();
    const token = await mintAccessToken({ sub: 9, expiresAt: Math.floor(now / 1000) + 60 });
    expect(await tokens.identify(token, now)).not.toBeNull();
    expect(await tokens.identify(token, now + 64_000)).not.toBeNull();
    expect(await tokens.identify(token, now + 66_000)).toBeNull();
    expect(tokens.size).toBe(0);
  });

  it('never remembers a token that failed: wrong key, wrong audience, garbage', async () => {
    const tokens = createEdgeTokens(secrets);
    for (const token of [
      await mintAccessToken({ sub: 10, secret: 'some-other-secret-of-32-characters!!' }),
      await mintAccessToken({ sub: 10, audience: 'someone-else' }),
      'not.a.token',
    ]) {
      expect(await tokens.identify(token)).toBeNull();
    }
    expect(tokens.size).toBe(0);
  });

  it('signs the assertion afresh once it is 30 s old, so a service never sees an expired one', async () => {
    const tokens = createEdgeTokens(secrets);
    const now = Date.now();
    const token = await mintAccessToken({ sub: 11 });
    const first = (await tokens.identify(token, now))!.assertion;
    expect((await tokens.identify(token, now + 29_000))!.assertion).toBe(first);
    const later = (await tokens.identify(token, now + 31_000))!.assertion;
    expect(later).not.toBe(first);
    // The first is refused 60 s after it was signed; the fresh one is still good then.
    expect(verifyIdentity(first, TEST_INTERNAL_SECRET, now + 61_000)).toBeNull();
    expect(verifyIdentity(later, TEST_INTERNAL_SECRET, now + 61_000)).not.toBeNull();
  });

  it('keeps at most `max` tokens, the least recently used going first', async () => {
    const tokens = createEdgeTokens({ ...secrets, max: 3 });
    for (const sub of [1, 2, 3, 4, 5]) await tokens.identify(await mintAccessToken({ sub }));
    expect(tokens.size).toBe(3);
  });
});
