/**
 * Representative applications through the gateway (docs/product/representatives.md; decision
 * 024): anyone applies (a signed-in member is remembered), a refused form names every field, one
 * application under review per e-mail, the applicant is mailed on applying and on a decision, and
 * the back office lists and reviews them (admins only). The per-client hourly limit is the
 * gateway's (gateway/src/rate-limit.test.ts; the harness lifts it here).
 */
import { adminTexts, representativeTexts, type Representative } from '@kora/contracts';
import { describe, expect, it } from 'vitest';
import { waitForMail } from '../support/mail.js';
import { json, signedInMember } from './support/members.js';
import { newRepresentativeEmail as newEmail, representativeApplication as application } from '@kora/testing';
import { api, bearer, body, MODE } from './support/product.js';

const adminJson = async (payload: unknown, method = 'PUT') => ({
  method,
  headers: { ...(await bearer({ userId: 1, role: 'admin' })), 'content-type': 'application/json' },
  body: JSON.stringify(payload),
});
const adminGet = async (path: string) => api(path, { headers: await bearer({ userId: 1, role: 'admin' }) });

async function find(id: number): Promise<Representative> {
  const page = await body<{ items: Representative[] }>(await adminGet('/api/admin/representatives?limit=100'));
  const found = page.items.find((r) => r.id === id);
  expect(found, `application ${id} in the newest 100`).toBeDefined();
  return found!;
}

describe(`representative applications (${MODE})`, () => {
  it('takes an application from a visitor and mails a confirmation', async () => {
    const email = newEmail();
    const res = await api('/api/representatives', json(application(email)));
    expect(res.status, await res.clone().text()).toBe(201);
    const { id, message } = await body<{ id: number; message: string }>(res);
    expect(message).toBe(adminTexts.applicationSubmitted);
    expect(await find(id)).toMatchObject({ email, status: 'new', userId: null, reviewNote: '', reviewedAt: null });
    const mail = await waitForMail(email, /representative application/i);
    expect(mail.text).toContain("We'll review and get back to you shortly");
  });

  it("keeps a signed-in member's id with their application", async () => {
    const member = await signedInMember();
    const res = await api('/api/representatives', json(application(newEmail()), member.token));
    expect(res.status).toBe(201);
    expect((await find((await body<{ id: number }>(res)).id)).userId).toBe(member.user.user_id);
  });

  it('answers 400 with every field’s message, the first in error', async () => {
    const res = await api('/api/representatives', json({ ...application('nope'), phone: '12', koraUsername: '' }));
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({
      error: representativeTexts.phoneRequired,
      message: representativeTexts.phoneRequired,
      code: 'VALIDATION_FAILED',
      fields: {
        phone: representativeTexts.phoneRequired,
        email: representativeTexts.emailInvalid,
        koraUsername: representativeTexts.koraUsernameRequired,
      },
    });
  });

  it('refuses a second open application for the same e-mail (409), even sent at once', async () => {
    const email = newEmail();
    const answers = await Promise.all([0, 1, 2].map(() => api('/api/representatives', json(application(email)))));
    expect(answers.map((r) => r.status).sort()).toEqual([201, 409, 409]);
    const refused = answers.find((r) => r.status === 409)!;
    expect(await refused.json()).toMatchObject({ error: adminTexts.applicationOpen, message: adminTexts.applicationOpen });
  });

  it('is reviewed by admins only: status and note saved, the applicant mailed on the decision', async () => {
    const email = newEmail();
    const { id } = await body<{ id: number }>(await api('/api/representatives', json(application(email))));
    for (const [headers, status] of [
      [{}, 401],
      [await bearer({ userId: 42 }), 403],
    ] as const) {
      expect((await api('/api/admin/representatives', { headers })).status).toBe(status);
      const put = await api(`/api/admin/representatives/${id}`, {
        method: 'PUT',
        headers: { ...headers, 'content-type': 'application/json' },
        body: JSON.stringify({ status: 'accepted' }),
      });
      expect(put.status).toBe(status);
    }

    const contacted = await api(`/api/admin/representatives/${id}`, await adminJson({ status: 'contacted', note: 'Called on Monday' }));
    expect(contacted.status, await contacted.clone().text()).toBe(200);
    expect(await contacted.json()).toMatchObject({
      id,
      status: 'contacted',
      reviewNote: 'Called on Monday',
      reviewedAt: expect.any(String),
    });
    const accepted = await api(`/api/admin/representatives/${id}`, await adminJson({ status: 'accepted', note: 'Starts in January' }));
    expect(accepted.status).toBe(200);
    const mail = await waitForMail(email, /accepted/i);
    expect(mail.text).not.toContain('Starts in January');

    const filtered = await body<{ items: Representative[] }>(await adminGet('/api/admin/representatives?status=accepted&limit=100'));
    expect(filtered.items.map((r) => r.id)).toContain(id);
    expect(filtered.items.every((r) => r.status === 'accepted')).toBe(true);
    const missing = await api('/api/admin/representatives/999999999', await adminJson({ status: 'rejected' }));
    expect(missing.status).toBe(404);
    expect(await missing.json()).toMatchObject({ error: adminTexts.applicationNotFound });
    expect((await adminGet('/api/admin/representatives?limit=12')).status).toBe(400);
  });
});
