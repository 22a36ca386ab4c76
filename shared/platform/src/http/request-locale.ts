/**
 * The language a request's refusals are written in (decision 045): the offered language its
 * Accept-Language asks for most, English when it asks for none (what integrators get). Each request
 * runs inside its own locale, so every text a texts module reads while handling it (a refusal, a
 * template filled in, a mail sent right away) is in that language.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { negotiateLanguage, setLocaleSource, type Locale } from '@kora/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

const requestLocale = new AsyncLocalStorage<Locale>();
setLocaleSource(() => requestLocale.getStore());

/** The offered language `request` asks for (English when none). */
export function requestLanguage(request: Pick<FastifyRequest, 'headers'>): string {
  const header = request.headers['accept-language'];
  return negotiateLanguage(Array.isArray(header) ? header.join(',') : header);
}

export function installRequestLocale(app: FastifyInstance): void {
  app.addHook('onRequest', (request, _reply, done) => {
    requestLocale.run({ language: requestLanguage(request), timeZone: 'UTC' }, done);
  });
  // Refusals a route sends itself (a form's field-by-field answer) are marked like the error handler's.
  app.addHook('onSend', (request, reply, payload, done) => {
    if (reply.statusCode >= 400) markLanguage(request, reply);
    done(null, payload);
  });
}

/**
 * Marks an answer whose words depend on Accept-Language: caches keep each language's answer apart
 * (Vary), and a translated one says its language (Content-Language).
 */
export function markLanguage(request: Pick<FastifyRequest, 'headers'>, reply: FastifyReply): void {
  const vary = reply.getHeader('vary');
  const listed = typeof vary === 'string' ? vary.split(',').map((v) => v.trim().toLowerCase()) : [];
  if (!listed.includes('accept-language') && !listed.includes('*'))
    reply.header('vary', vary ? `${String(vary)}, Accept-Language` : 'Accept-Language');
  const language = requestLanguage(request);
  if (language !== 'en') reply.header('content-language', language);
}
