/**
 * Sending an answer that is JSON text already, as it is: Fastify sends a string with a JSON
 * content type without serialising it again. For answers PostgreSQL writes whole (the posts
 * service's pages: post-json.ts there), where parsing the text only to serialise it again was
 * a measured share of the service's CPU (docs/performance.md).
 *
 * The route's response schema is then not what writes the answer: whoever builds the text must
 * hold it to the schema's serialiser in a test (the posts service's post-json.test.ts does), so
 * no field the schema leaves out can reach a client.
 */
import type { FastifyReply } from 'fastify';

/** Sends `text` on `reply` and answers the reply (for an async handler to return). */
export function sendJsonText<R extends object>(reply: R, text: string): R {
  // A typed reply (the zod type provider) only takes the schema's type; this text is that type, written out.
  (reply as unknown as FastifyReply).type('application/json; charset=utf-8').send(text);
  return reply;
}
