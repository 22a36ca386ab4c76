import { describe, expect, it } from 'vitest';
import { presentedSocketCredential, protocolsWithoutToken, urlWithoutSocketToken } from './socket-credentials.js';

describe('socket credentials', () => {
  it('prefers a bearer header, then a token subprotocol, then the query, then the cookie', () => {
    const all = { authorization: 'Bearer h', 'sec-websocket-protocol': 'kora, bearer.p', cookie: 'kora_at=c' };
    expect(presentedSocketCredential({ url: '/ws?access_token=q', headers: all })).toMatchObject({ credential: 'bearer', token: 'h' });
    const noHeader = { 'sec-websocket-protocol': all['sec-websocket-protocol'], cookie: all.cookie };
    expect(presentedSocketCredential({ url: '/ws?access_token=q', headers: noHeader })).toMatchObject({ credential: 'bearer', token: 'p' });
    expect(presentedSocketCredential({ url: '/ws?access_token=q', headers: { cookie: 'kora_at=c' } })).toMatchObject({
      credential: 'bearer',
      token: 'q',
      hasSessionCookie: true,
    });
    expect(presentedSocketCredential({ url: '/ws', headers: { cookie: 'kora_at=c' } })).toMatchObject({ credential: 'cookie', token: 'c' });
    expect(presentedSocketCredential({ url: '/ws?access_token=', headers: {} })).toMatchObject({ credential: 'none', token: null });
  });

  it('removes the token from what the service gets', () => {
    expect(urlWithoutSocketToken('/ws?access_token=secret')).toBe('/ws');
    expect(urlWithoutSocketToken('/ws?v=1&access_token=secret')).toBe('/ws?v=1');
    expect(urlWithoutSocketToken('/ws?v=1')).toBe('/ws?v=1');
    expect(protocolsWithoutToken({ 'sec-websocket-protocol': 'kora, bearer.secret' })).toBe('kora');
    expect(protocolsWithoutToken({ 'sec-websocket-protocol': 'bearer.secret' })).toBeUndefined();
    expect(protocolsWithoutToken({})).toBeUndefined();
  });
});
