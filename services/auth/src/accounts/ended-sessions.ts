/**
 * Names the sessions a request ended in its answer (ENDED_SESSIONS_HEADER), so the gateway that
 * carries the answer refuses their tokens before the member's next request, without waiting for
 * the revocation's pub/sub message (platform access-token.ts).
 */
import { ENDED_SESSIONS_HEADER, sessionsEndedByRequest } from '@kora/platform/access-token';
import type { FastifyInstance } from 'fastify';

export function reportEndedSessions(app: FastifyInstance): void {
  // run(…, done): the handler and every hook after this one run inside the request's own list.
  app.addHook('onRequest', (_request, _reply, done) => sessionsEndedByRequest.run([], done));
  app.addHook('onSend', async (_request, reply, payload) => {
    const ended = sessionsEndedByRequest.getStore();
    if (ended && ended.length > 0) reply.header(ENDED_SESSIONS_HEADER, ended.join(','));
    return payload;
  });
}
