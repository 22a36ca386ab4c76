/**
 * `/ws` in the merged OpenAPI document. OpenAPI has no words for a WebSocket, so the handshake is
 * written as the GET it is: the ways to present the access token (socket-credentials.ts), the 101
 * that opens the socket and the messages it carries (`socketMessage` in the contracts), and the
 * refusals. The gateway writes it because the gateway is what authenticates the handshake.
 */
import { errorBodySchema } from '@kora/contracts';
import { z } from 'zod';

const errorSchema = z.toJSONSchema(errorBodySchema, { target: 'openapi-3.0' });
const errorAnswer = (description: string) => ({ description, content: { 'application/json': { schema: errorSchema } } });

export const SOCKET_PATH_ITEM = {
  get: {
    operationId: 'openLiveSocket',
    tags: ['notifications'],
    summary: 'Open the live notification socket (WebSocket)',
    description: [
      'A WebSocket handshake. Present the access token one of four ways: `Authorization: Bearer <token>`,',
      'the `kora_at` cookie (browsers on this site), a subprotocol list `Sec-WebSocket-Protocol: kora, bearer.<token>`',
      '(answered with `kora`; offer it beside the token entry, since a server may only pick an offered protocol),',
      'or `?access_token=<token>` (never logged). Without a valid token the handshake is refused with 401.',
      '',
      'Server to client, JSON text frames: first `{"type":"ready","unread":3,"newestId":41}` (`newestId`: the newest',
      'notification that count covers, 0 for none), then one `{"type":"notification:new","notification":{…}}` per new',
      'notification (the shape of GET /api/notifications items).',
      'To catch up after a dropped socket, reopen it with `?after=<id>`: the newest notification id the last socket was sent',
      'or its `ready` named. The notifications after it then follow `ready` as `notification:new`, oldest first (at most 100;',
      'past that none are sent and `ready` counts them all), and `ready` counts only the unread ones up to that id.',
      'Close 4001: the session was revoked; 4002: too many tabs, the oldest was closed.',
    ].join('\n'),
    security: [{ bearerAuth: [] }, { cookieAuth: [] }],
    parameters: [
      {
        name: 'after',
        in: 'query',
        required: false,
        description: 'Catch up from this notification id (0: from the start); a value that is not an id is ignored',
        schema: { type: 'integer', minimum: 0 },
        example: 41,
      },
      {
        name: 'access_token',
        in: 'query',
        required: false,
        description: 'The access token, for clients that cannot set headers on a WebSocket',
        schema: { type: 'string' },
        example: 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiI0MiJ9.c2lnbmF0dXJl',
      },
      {
        name: 'Sec-WebSocket-Protocol',
        in: 'header',
        required: false,
        description: 'Offered subprotocols: `kora`, and `bearer.<access token>` to authenticate',
        schema: { type: 'string' },
        example: 'kora, bearer.eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiI0MiJ9.c2lnbmF0dXJl',
      },
    ],
    responses: {
      '101': {
        description: 'Switching Protocols: the socket is open',
        headers: {
          'Sec-WebSocket-Protocol': { description: '`kora` when the client offered it', schema: { type: 'string', example: 'kora' } },
        },
      },
      '401': errorAnswer('No valid access token'),
      '403': errorAnswer('A cookie handshake from another site'),
      '426': errorAnswer('Not a WebSocket handshake'),
    },
  },
} as const;
