import { apiErrorTexts, loadLanguage } from '@kora/contracts';
import Fastify from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { beforeAll, describe, expect, it } from 'vitest';
import { AppError, notFound } from '../errors.js';
import { answerFrameworkError, installErrorHandling } from './error-handler.js';
import { installRequestLocale } from './request-locale.js';

async function app() {
  const app = Fastify({ frameworkErrors: answerFrameworkError });
  installRequestLocale(app);
  installErrorHandling(app);
  app.get('/thing/:id', async () => {
    // A little later in the request, as a handler that waited on the database would.
    await new Promise((resolve) => setTimeout(resolve, 5));
    throw new AppError(503, 'SERVICE_UNAVAILABLE', apiErrorTexts.serviceUnavailable('friends'));
  });
  app.get('/nobody', async () => {
    throw notFound();
  });
  app.get('/ok', async () => ({ ok: true }));
  app.get('/refused-here', async (_request, reply) => reply.code(409).send({ error: apiErrorTexts.notAllowed }));
  // A message read when the schema was made (English), as contracts' schemas are.
  app.setValidatorCompiler(validatorCompiler);
  const body = z.object({ n: z.number({ error: apiErrorTexts.bodyEmpty }) });
  app.post('/numbers', { schema: { body } }, async () => ({ ok: true }));
  await app.ready();
  return app;
}

describe("a request's language", () => {
  beforeAll(() => loadLanguage('pcm'));

  it('answers refusals in English, for integrators, when Accept-Language asks for no offered language', async () => {
    const routes = await app();
    for (const headers of [{}, { 'accept-language': 'fr-FR,fr;q=0.9' }]) {
      const res = await routes.inject({ method: 'GET', url: '/thing/1', headers });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toMatchObject({ error: 'The friends service is unavailable. Please try again shortly.' });
      expect(res.headers.vary).toBe('Accept-Language');
      expect(res.headers['content-language']).toBeUndefined();
    }
  });

  it('answers refusals in the language Accept-Language negotiates, each request in its own', async () => {
    const routes = await app();
    const [pidgin, english] = await Promise.all([
      routes.inject({ method: 'GET', url: '/thing/1', headers: { 'accept-language': 'pcm-NG,en;q=0.5' } }),
      routes.inject({ method: 'GET', url: '/thing/1', headers: { 'accept-language': 'en' } }),
    ]);
    expect(pidgin.statusCode).toBe(503);
    expect(pidgin.json()).toMatchObject({
      error: 'Di friends service no dey available now. Abeg try again small time.',
      message: 'Di friends service no dey available now. Abeg try again small time.',
    });
    expect(pidgin.headers['content-language']).toBe('pcm');
    expect(pidgin.headers.vary).toBe('Accept-Language');
    expect(english.json().error).toBe('The friends service is unavailable. Please try again shortly.');

    const generic = await routes.inject({ method: 'GET', url: '/nobody', headers: { 'accept-language': 'pcm' } });
    expect(generic.json()).toEqual({ error: 'We no see am', message: 'We no see am', code: 'NOT_FOUND' });
    const noRoute = await routes.inject({ method: 'GET', url: '/nowhere?x=1', headers: { 'accept-language': 'pcm' } });
    expect(noRoute.json().error).toBe('No route dey for GET /nowhere');
    const sentByRoute = await routes.inject({ method: 'GET', url: '/refused-here', headers: { 'accept-language': 'pcm' } });
    expect(sentByRoute.json()).toEqual({ error: 'You no fit do dat one' });
    expect(sentByRoute.headers.vary).toBe('Accept-Language');
    expect(sentByRoute.headers['content-language']).toBe('pcm');
    const undecodable = await routes.inject({ method: 'GET', url: '/thing/%E0%A4%A', headers: { 'accept-language': 'pcm' } });
    expect(undecodable.json().error).toBe('Dis address no correct');
  });

  it("puts a schema's message, kept in English, into the request's language", async () => {
    const routes = await app();
    const refused = (headers: Record<string, string>) =>
      routes.inject({ method: 'POST', url: '/numbers', payload: { n: 'x' }, headers: { 'content-type': 'application/json', ...headers } });
    expect((await refused({ 'accept-language': 'pcm' })).json()).toMatchObject({
      error: 'Di request body empty',
      code: 'VALIDATION_FAILED',
    });
    expect((await refused({})).json()).toMatchObject({ error: 'The request body is empty' });
  });

  it('leaves answers that are not refusals as they are', async () => {
    const routes = await app();
    const res = await routes.inject({ method: 'GET', url: '/ok', headers: { 'accept-language': 'pcm' } });
    expect(res.json()).toEqual({ ok: true });
    expect(res.headers['content-language']).toBeUndefined();
  });
});
