import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAuth, type AuthTestService } from './test-support.js';

describe('OpenAPI document of the auth service', () => {
  let svc: AuthTestService;
  beforeAll(async () => void (svc = await startAuth()));
  afterAll(async () => svc?.close());

  it('describes every route with its body, parameters and answers', async () => {
    const doc = (await svc.app.inject({ method: 'GET', url: '/openapi.json' })).json();
    const expected: [string, string, string[]][] = [
      ['post', '/api/signUp', ['201', '400', '403', '409']],
      ['post', '/api/activate', ['200', '400']],
      ['post', '/api/resend-activation', ['200', '400', '429']],
      ['post', '/api/signin', ['200', '400', '401', '403', '423', '429']],
      ['post', '/api/signin/two-step', ['200', '400', '401', '423', '429']],
      ['post', '/api/auth/unlock', ['200', '400']],
      ['get', '/api/settings/security/two-step', ['200', '401']],
      ['post', '/api/settings/security/two-step/setup', ['200', '401', '409']],
      ['post', '/api/settings/security/two-step/confirm', ['200', '400', '401', '409']],
      ['post', '/api/settings/security/two-step/disable', ['200', '400', '401', '409', '423', '429']],
      ['post', '/api/auth/refresh', ['200', '400', '401']],
      ['post', '/api/signout', ['204', '401']],
      ['get', '/api/auth/session', ['200', '401']],
      ['post', '/api/sendForgotOtp', ['200', '400', '429']],
      ['post', '/api/resend-otp', ['200', '400', '429']],
      ['post', '/api/forgot-password', ['200', '400', '429']],
      ['post', '/api/reset-password', ['200', '400', '429']],
      ['get', '/api/users/search', ['200', '400', '401']],
      ['get', '/api/users/{id}', ['200', '404']],
      ['put', '/api/users/{id}', ['200', '400', '401', '403', '404']],
      ['put', '/api/users/{id}/avatar', ['200', '400', '401', '403', '404', '413', '415', '502', '503']],
      ['put', '/api/users/{id}/cover', ['200', '400', '401', '403', '404', '413', '415', '502', '503']],
      ['put', '/api/settings/security/password', ['200', '400', '401']],
      ['get', '/api/settings/security/sessions', ['200', '401']],
      ['delete', '/api/settings/security/sessions/{id}', ['204', '401', '404']],
      ['get', '/api/dev/mail', ['200', '404']],
      ['get', '/api/admin/users', ['200', '400', '401', '403']],
      ['get', '/api/admin/users/export', ['200', '400', '401', '403']],
      ['put', '/api/admin/users/{id}', ['200', '400', '401', '403', '404', '409']],
      ['put', '/api/admin/users/{id}/status', ['200', '400', '401', '403', '404', '409']],
      ['get', '/api/admin/profile/me', ['200', '401', '403']],
      ['put', '/api/admin/profile', ['200', '400', '401', '403', '409', '502', '503']],
      ['put', '/api/admin/profile/password', ['200', '400', '401', '403']],
      ['put', '/api/admin/profile/avatar', ['200', '400', '401', '403', '413', '415', '502', '503']],
      ['get', '/api/admin/profile/sessions', ['200', '401', '403']],
      ['delete', '/api/admin/profile/sessions/{id}', ['204', '401', '403', '404']],
    ];
    for (const [method, path, statuses] of expected) {
      const op = doc.paths[path]?.[method];
      expect(op, `${method} ${path}`).toBeDefined();
      expect(Object.keys(op.responses).sort(), `${method} ${path}`).toEqual(statuses.sort());
      if (method === 'post' && !['/api/signout', '/api/settings/security/two-step/setup'].includes(path))
        expect(op.requestBody, `${method} ${path}`).toBeDefined();
    }
    expect(Object.keys(doc.paths['/api/users/{id}/avatar'].put.requestBody.content)).toEqual(['multipart/form-data']);
    expect(Object.keys(doc.paths['/api/admin/profile/avatar'].put.requestBody.content)).toEqual(['multipart/form-data']);
    for (const path of Object.keys(doc.paths).filter((p) => p.startsWith('/api/admin/'))) {
      for (const op of Object.values<{ security?: unknown[] }>(doc.paths[path]))
        expect(op.security, path).toContainEqual({ bearerAuth: [] });
    }
    expect(doc.paths['/api/signin'].post.requestBody.content['application/json'].schema.required).toEqual(['email', 'password']);
    // Sign-in answers tokens or, with two-step on, a challenge (decision 033); both are documented.
    const signInAnswers = doc.paths['/api/signin'].post.responses['200'].content['application/json'].schema;
    expect(JSON.stringify(signInAnswers)).toContain('challenge');
    expect(doc.paths['/api/signin/two-step'].post.requestBody.content['application/json'].schema.required).toEqual(['challenge', 'code']);
    // The export answers a CSV text or a JSON array, and the document says which is which.
    const exported = doc.paths['/api/admin/users/export'].get.responses['200'].content;
    expect(Object.keys(exported).sort()).toEqual(['application/json', 'text/csv']);
    expect(exported['text/csv'].schema.type).toBe('string');
    expect(exported['application/json'].schema).toMatchObject({ type: 'array', items: { type: 'object' } });
    expect(exported['application/json'].schema.items.required).toEqual(expect.arrayContaining(['id', 'username', 'email']));
  });
});
