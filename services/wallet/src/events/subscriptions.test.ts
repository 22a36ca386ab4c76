import { eventually, publishEvent } from '@kora/testing';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { emailOf, memberIds, registerMember, useWalletService } from '../test-support.js';

describe(`wallet: members' e-mail addresses (${process.env.KORA_TEST_TARGET ?? 'embedded'})`, () => {
  const service = useWalletService();
  const nextId = memberIds();

  it('keeps the new address when auth announces a change (a card payment then uses it)', async () => {
    const svc = service.svc;
    const userId = nextId();
    await registerMember(svc, userId);
    const e = svc.tables.memberEmails;
    const emailNow = async () => (await svc.ctx.db.select().from(e).where(eq(e.userId, userId)))[0]?.email;
    expect(await emailNow()).toBe(emailOf(userId));
    await publishEvent(svc, 'user.email-changed', { userId, email: `new.${userId}@example.ng` }, userId, 1);
    await eventually(async () => (await emailNow()) === `new.${userId}@example.ng`);
  });
});
