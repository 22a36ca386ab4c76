/**
 * The API's texts in the caller's language (decision 045), through the real gateway: English for
 * integrators unless the optional Accept-Language asks for another offered language, from the
 * services (a refusal by the auth service) and from the gateway itself (an unknown path); the
 * answers say so (Content-Language) and caches keep them apart (Vary). The served document
 * describes the header as optional.
 */
import { SITE_INFO_PATH } from '@kora/contracts';
import { describe, expect, it } from 'vitest';
import { api, BASE_URL, DOCUMENT_PATH, MODE } from './support/product.js';

const SIGN_IN = { en: 'Please sign in to continue', pcm: 'Abeg sign in make you continue' };

describe(`the API's texts in the caller's language (${MODE})`, () => {
  it("answers a service's refusal in Pidgin when Accept-Language asks for it, in English without", async () => {
    const pidgin = await api('/api/auth/session', { headers: { 'accept-language': 'pcm-NG, en;q=0.5' } });
    expect(pidgin.status).toBe(401);
    expect(await pidgin.json()).toEqual({ error: SIGN_IN.pcm, message: SIGN_IN.pcm, code: 'UNAUTHENTICATED' });
    expect(pidgin.headers.get('content-language')).toBe('pcm');
    expect(pidgin.headers.get('vary')).toMatch(/accept-language/i);

    for (const headers of [{}, { 'accept-language': 'fr-FR,fr;q=0.9' }] as Record<string, string>[]) {
      const english = await api('/api/auth/session', { headers });
      expect(english.status).toBe(401);
      expect(await english.json()).toEqual({ error: SIGN_IN.en, message: SIGN_IN.en, code: 'UNAUTHENTICATED' });
      expect(english.headers.get('content-language')).toBeNull();
      expect(english.headers.get('vary')).toMatch(/accept-language/i);
    }
  });

  // Plain fetch: an address no service owns is not in the document the `api` helper holds answers to.
  it("answers the gateway's own refusal in the language asked for", async () => {
    const unknown = (headers: Record<string, string>) =>
      fetch(new URL('/api/no-such-thing', BASE_URL), { headers, signal: AbortSignal.timeout(10_000) });
    const pidgin = await unknown({ 'accept-language': 'pcm' });
    expect(pidgin.status).toBe(404);
    expect(await pidgin.json()).toMatchObject({ error: 'No API route dey for GET /api/no-such-thing', code: 'NOT_FOUND' });
    expect(pidgin.headers.get('content-language')).toBe('pcm');
    const english = await unknown({});
    expect(await english.json()).toMatchObject({ error: 'No API route for GET /api/no-such-thing', code: 'NOT_FOUND' });
  });

  // Every path but the socket and the site's public facts, which the gateway answers itself without texts.
  it('documents Accept-Language as optional on every path', async () => {
    const doc = (await (await api(DOCUMENT_PATH)).json()) as {
      info: { description: string };
      paths: Record<string, { parameters?: { $ref?: string }[] }>;
      components: { parameters: Record<string, { name: string; in: string; required: boolean }> };
    };
    expect(doc.components.parameters.AcceptLanguage).toMatchObject({ name: 'Accept-Language', in: 'header', required: false });
    expect(doc.info.description).toContain('Accept-Language');
    const withoutIt = Object.entries(doc.paths)
      .filter(([path]) => path !== '/ws' && path !== SITE_INFO_PATH)
      .filter(([, item]) => !item.parameters?.some((p) => p.$ref === '#/components/parameters/AcceptLanguage'))
      .map(([path]) => path);
    expect(withoutIt).toEqual([]);
  });
});
