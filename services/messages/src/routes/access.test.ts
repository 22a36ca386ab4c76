/**
 * Who may reach a conversation (decision 039): every conversation route answers 404 "Conversation
 * not found" to a member outside it and to an admin (admins get no route into conversations) as
 * for a conversation that does not exist, and 401 to anonymous callers; the admin routes answer
 * 401 anonymous and 403 to members.
 */
import { messageTexts as t } from '@kora/contracts';
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { befriend, expectError, memberIds, registerMembers, useMessagesService } from '../test-support.js';

const file = useMessagesService();
const nextId = memberIds();
const [ada, bola, outsider, adminId] = [nextId(), nextId(), nextId(), nextId()];

/** Every conversation route, as [method, path under /api/messages/conversations/{id}, body]. */
const routes: ['GET' | 'POST' | 'PATCH' | 'DELETE', string, unknown][] = [
  ['GET', '', undefined],
  ['PATCH', '', { title: 'Mine now' }],
  ['POST', '/members', { memberIds: [1] }],
  ['DELETE', `/members/${1}`, undefined],
  ['POST', '/leave', undefined],
  ['POST', '/accept', undefined],
  ['POST', '/decline', undefined],
  ['GET', '/messages', undefined],
  ['POST', '/messages', { clientId: randomUUID(), body: 'let me in' }],
  ['DELETE', '/messages/1', undefined],
  ['POST', '/read', { messageId: 1 }],
  ['POST', '/delivered', { messageId: 1 }],
  ['POST', '/typing', undefined],
  ['POST', '/messages/1/report', { reason: 'spam' }],
];

describe('conversation routes refuse everyone outside', () => {
  let id = 0;
  beforeAll(async () => {
    await registerMembers(file.svc, [ada, bola, outsider]);
    await befriend(file.svc, ada, bola);
    id = (await file.api.start(ada, [bola])).id;
    await file.api.sent(ada, id, 'private');
  });

  const call = (
    method: string,
    path: string,
    who: 'outsider' | 'admin' | 'anonymous' | 'member',
    payload: unknown,
    conversationId: number | string,
  ) => {
    const url = `/api/messages/conversations/${conversationId}${path}`;
    if (who === 'admin') return file.api.asAdmin(method as 'GET', url, adminId, payload);
    const userId = who === 'anonymous' ? null : who === 'outsider' ? outsider : ada;
    return file.svc.app.inject({
      method: method as 'GET',
      url,
      headers: userId === null ? {} : file.svc.as({ userId }),
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  };

  it.each(routes)('%s %s: 404 to an outsider, an admin and for a missing or malformed id; 401 anonymous', async (method, path, payload) => {
    expectError(await call(method, path, 'outsider', payload, id), 404, t.conversationNotFound);
    expectError(await call(method, path, 'admin', payload, id), 404, t.conversationNotFound);
    expectError(await call(method, path, 'member', payload, 999_999_999_999), 404, t.conversationNotFound);
    expectError(await call(method, path, 'member', payload, 'abc'), 404, t.conversationNotFound);
    expect((await call(method, path, 'anonymous', payload, id)).statusCode).toBe(401);
  });

  it('the list and the badge are members only', async () => {
    expect((await file.api.get('/api/messages/conversations', null)).statusCode).toBe(401);
    expect((await file.api.get('/api/messages/unread', null)).statusCode).toBe(401);
    expect((await file.api.post('/api/messages/conversations', null, { memberIds: [bola] })).statusCode).toBe(401);
    expect((await file.api.list(outsider)).map((c) => c.id)).not.toContain(id);
  });

  it('the admin routes: 401 anonymous, 403 to a member', async () => {
    for (const [method, url, payload] of [
      ['GET', '/api/admin/message-reports', undefined],
      ['POST', '/api/admin/message-reports/1/close', { status: 'resolved' }],
    ] as const) {
      const anonymous = await file.svc.app.inject({ method, url, ...(payload ? { payload } : {}) });
      expect(anonymous.statusCode).toBe(401);
      const member = await file.svc.app.inject({ method, url, headers: file.svc.as({ userId: ada }), ...(payload ? { payload } : {}) });
      expect(member.statusCode).toBe(403);
    }
  });
});
