import { describe, expect, it } from 'vitest';
import { signIdentity, verifyIdentity } from './identity.js';

const secret = 'identity-secret-for-tests';
const identity = { userId: 5, role: 'user' as const, sessionId: 'abc' };

describe('gateway identity assertion', () => {
  it('round-trips a signed identity', () => {
    expect(verifyIdentity(signIdentity(identity, secret), secret)).toEqual(identity);
  });

  it('refuses a tampered payload, a wrong secret, an expired assertion and garbage', () => {
    const signed = signIdentity(identity, secret);
    const [payload, mac] = signed.split('.');
    const elevated = Buffer.from(JSON.stringify({ ...JSON.parse(Buffer.from(payload!, 'base64url').toString()), role: 'admin' })).toString(
      'base64url',
    );
    expect(verifyIdentity(`${elevated}.${mac}`, secret)).toBeNull();
    expect(verifyIdentity(signed, 'another-secret-entirely')).toBeNull();
    expect(verifyIdentity(signIdentity(identity, secret, Date.now() - 120_000), secret)).toBeNull();
    for (const bad of [undefined, '', '.', 'abc', 'a.b.c', ['x', 'y']]) expect(verifyIdentity(bad, secret)).toBeNull();
  });
});

describe('the two-step-missing mark (decision 033)', () => {
  it('travels through the access token and the identity assertion, and is absent for everyone else', async () => {
    const { signAccessToken, createAccessTokenVerifier } = await import('./access-token.js');
    const verify = createAccessTokenVerifier(secret);
    const marked = { userId: 9, role: 'admin' as const, sessionId: 's9', twoStepMissing: true as const };
    const fromToken = await verify(await signAccessToken(marked, secret));
    expect(fromToken).toEqual(marked);
    expect(verifyIdentity(signIdentity(fromToken!, secret), secret)).toEqual(marked);
    const plain = await verify(await signAccessToken(identity, secret));
    expect(plain).toEqual(identity);
    expect(verifyIdentity(signIdentity(plain!, secret), secret)).not.toHaveProperty('twoStepMissing');
  });
});
