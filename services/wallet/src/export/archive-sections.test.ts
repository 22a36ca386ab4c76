/** The wallet's share of a data archive (decision 035): the member's transactions, siblings only. */
import { exportOf, exportRefusals, memberIds, seedSql, testTarget, type TestService } from '@kora/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startWallet } from '../test-support.js';

const nextMember = memberIds();

describe(`wallet: the archive export (${testTarget()})`, () => {
  let svc: TestService;
  const [member, other] = [nextMember(), nextMember()];

  beforeAll(async () => {
    svc = await startWallet();
    await seedSql(
      svc,
      `insert into {schema}.ledger_transactions (user_id, type, amount_kobo, reference) values
         (${member}, 'top_up', 250000, 'ref-mine'), (${other}, 'top_up', 100, 'ref-theirs');`,
    );
  });
  afterAll(() => svc?.close());

  it("answers the member's wallet transactions", async () => {
    const sections = await exportOf(svc, member);
    expect(sections.transactions!.map((t) => [t.type, t.amountKobo, t.reference])).toEqual([['top_up', 250000, 'ref-mine']]);
  });

  it('refuses anyone but a sibling service', async () => {
    expect(await exportRefusals(svc, member)).toEqual([403, 403, 403]);
  });
});
