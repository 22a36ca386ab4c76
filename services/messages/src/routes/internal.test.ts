/** The digest's unread counts (GET /internal/unread/{userId}): for sibling services only. */
import { signServiceCall, SERVICE_CALL_HEADER } from '@kora/platform';
import { describe, expect, it } from 'vitest';
import { befriend, memberIds, registerMembers, useMessagesService } from '../test-support.js';

const file = useMessagesService();
const nextId = memberIds();
const [ada, bola, chidi] = [nextId(), nextId(), nextId()];

describe('internal unread counts', () => {
  it("answers a member's unread inbox messages and waiting requests to siblings, refuses everyone else", async () => {
    await registerMembers(file.svc, [ada, bola, chidi]);
    await befriend(file.svc, ada, bola);
    const { id } = await file.api.start(bola, [ada]);
    await file.api.sent(bola, id, 'one');
    await file.api.sent(bola, id, 'two');
    const request = await file.api.start(chidi, [ada]);
    await file.api.sent(chidi, request.id, 'hello');
    const url = `/internal/unread/${ada}`;
    const signed = await file.svc.app.inject({
      method: 'GET',
      url,
      headers: { [SERVICE_CALL_HEADER]: signServiceCall('notifications', file.svc.ctx.env.INTERNAL_SECRET) },
    });
    expect(signed.json()).toEqual({ unreadTotal: 2, conversations: 1, requests: 1 });
    for (const headers of [{}, file.svc.as({ userId: ada }), file.svc.as({ userId: bola, role: 'admin' })]) {
      expect((await file.svc.app.inject({ method: 'GET', url, headers })).statusCode).toBe(403);
    }
  });
});
