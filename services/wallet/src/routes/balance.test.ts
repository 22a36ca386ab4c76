import { describe, expect, it } from 'vitest';
import { balanceOf, topUp } from '../ledger/test-support.js';
import { memberIds, useWalletService } from '../test-support.js';

describe(`wallet balance (${process.env.KORA_TEST_TARGET ?? 'embedded'})`, () => {
  const service = useWalletService();
  const nextId = memberIds();

  it('refuses anonymous callers', async () => {
    const res = await service.api.get('/api/users/fetchbalance', null);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ error: 'Please sign in to continue', code: expect.any(String) });
  });

  it('answers 0 for a member who never had money, as a bare number', async () => {
    const res = await service.api.get('/api/users/fetchbalance', nextId());
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe('0');
  });

  it('answers naira with kobo, and only the caller’s own money', async () => {
    const [ada, bola] = [nextId(), nextId()];
    await topUp(service.svc, ada, 5000.5);
    await topUp(service.svc, ada, 0.25);
    await topUp(service.svc, bola, 70);
    expect(await balanceOf(service.api, ada)).toBe(5000.75);
    expect(await balanceOf(service.api, bola)).toBe(70);
  });
});
