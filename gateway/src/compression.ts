/**
 * Compressed answers for clients that accept them (every browser does): the web app's HTML and the
 * services' JSON, compressed once here at the edge rather than in each process behind it. What is
 * already compressed passes untouched: precompressed assets (they carry Content-Encoding), images
 * and video (not compressible types), partial content (206), and answers under 1 KB, where the
 * headers cost more than the saving. Brotli at @fastify/compress's recommended quality (4), not
 * zlib's default 11, which is far too slow for per-request work.
 */
import compress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

const THRESHOLD_BYTES = 1024;

export async function installCompression(app: FastifyInstance): Promise<void> {
  // Answers that will not be compressed are told so with the plugin's own opt-out, checked first
  // in its hook (which otherwise looks the content type up for every answer before anything else):
  // when the client accepts no encoding (API clients, the bench), and when a proxied answer is
  // small, since the plugin applies its threshold only to answers it holds whole, and a proxied
  // answer is a stream whose length the upstream's Content-Length tells. This hook must come first.
  app.addHook('onSend', (request, reply, payload, done) => {
    if (!request.headers['accept-encoding']) request.headers['x-no-compression'] = '1';
    else {
      const length = Number(reply.getHeader('content-length'));
      if (Number.isFinite(length) && length < THRESHOLD_BYTES) request.headers['x-no-compression'] = '1';
    }
    done(null, payload);
  });
  await app.register(compress, { global: true, threshold: THRESHOLD_BYTES, encodings: ['br', 'gzip'] });
}
