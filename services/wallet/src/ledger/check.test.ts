import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { memberIds, useWalletService } from '../test-support.js';
import { checkLedger, describeProblem } from './check.js';
import { topUp } from './test-support.js';

describe(`the ledger check (${process.env.KORA_TEST_TARGET ?? 'embedded'})`, () => {
  const service = useWalletService();
  const nextId = memberIds();

  it('finds nothing wrong in a ledger written by postMovement', async () => {
    const { svc } = service;
    const ada = nextId();
    await topUp(svc, ada, 5000);
    expect((await service.api.post('/api/packages/vip/purchase', ada)).statusCode).toBe(402);
    await topUp(svc, ada, 2000);
    expect((await service.api.post('/api/packages/vip/purchase', ada)).statusCode).toBe(200);
    expect(await checkLedger(svc.ctx.db, svc.tables)).toEqual([]);
  });

  it('finds a cached balance that no longer matches its entries', async () => {
    const { svc } = service;
    const ada = nextId();
    await topUp(svc, ada, 10);
    const { balances } = svc.tables;
    await svc.ctx.db.update(balances).set({ balanceKobo: 5000 }).where(eq(balances.userId, ada));
    try {
      const problems = await checkLedger(svc.ctx.db, svc.tables);
      expect(problems).toEqual([{ kind: 'balance_mismatch', userId: ada, cachedKobo: 5000, entriesKobo: 1000 }]);
      expect(problems.map(describeProblem)).toEqual([`member ${ada}: cached balance 5000 kobo, entries add up to 1000`]);
    } finally {
      await svc.ctx.db.update(balances).set({ balanceKobo: 1000 }).where(eq(balances.userId, ada));
    }
    expect(await checkLedger(svc.ctx.db, svc.tables)).toEqual([]);
  });
});
