import { announceRevokedSession, revokedSessionKey, REVOKED_KEY_TTL_MS } from '@kora/platform/access-token';
import { createLogger, MemoryStore } from '@kora/platform';
import { describe, expect, it } from 'vitest';
import { watchRevokedSessions } from './revoked-sessions.js';

const log = createLogger('test', 'silent');

describe('revoked sessions at the gateway', () => {
  it('knows the sessions that ended before it started, and each one announced after', async () => {
    const store = new MemoryStore();
    await store.set(revokedSessionKey('before'), '1', 60_000);
    const revoked = await watchRevokedSessions(store, log);
    try {
      expect(revoked.has('before')).toBe(true);
      expect(revoked.has('later')).toBe(false);
      await announceRevokedSession(store, 'later');
      expect(revoked.has('later')).toBe(true); // at once: before the announcing call returned
      expect(revoked.has('never')).toBe(false);
    } finally {
      await revoked.stop();
    }
  });

  it('forgets a session once no token of it can be valid any more', async () => {
    const clock = { t: Date.now() };
    const store = new MemoryStore();
    const revoked = await watchRevokedSessions(store, log, () => clock.t);
    try {
      await announceRevokedSession(store, 'gone');
      clock.t += REVOKED_KEY_TTL_MS - 1_000;
      expect(revoked.has('gone')).toBe(true);
      clock.t += 2_000;
      expect(revoked.has('gone')).toBe(false);
    } finally {
      await revoked.stop();
    }
  });

  it('reads the keys again when its subscription comes back after a lost connection', async () => {
    const store = new MemoryStore();
    let resubscribed: (() => void) | undefined;
    const subscribe = store.subscribe.bind(store);
    store.subscribe = (channel: string, onMessage: (message: string) => void, onResubscribed?: () => void) => {
      resubscribed = onResubscribed;
      return subscribe(channel, onMessage);
    };
    const revoked = await watchRevokedSessions(store, log);
    try {
      // Published while the connection was down: the message was lost, the key was not.
      await store.set(revokedSessionKey('while-down'), '1', 60_000);
      expect(revoked.has('while-down')).toBe(false);
      resubscribed!();
      await new Promise((r) => setTimeout(r, 10));
      expect(revoked.has('while-down')).toBe(true);
    } finally {
      await revoked.stop();
    }
  });
});
