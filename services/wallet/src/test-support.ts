/**
 * Helpers for the wallet service's tests: start it on the test adapters (with a clock the test
 * moves, and the variables that pick the payment provider: a fake Paystack's URL and key, or the
 * sandbox), call its routes as a member, and announce members as auth does. Works the same on the
 * embedded engines and on real PostgreSQL/Kafka (each run has its own schema; ids are fresh).
 */
import {
  eventually,
  memberClient,
  memberSnapshot,
  publishEvent,
  serviceForFile,
  startTestService,
  testClock,
  type TestClock,
  type TestService,
} from '@kora/testing';
import { eq } from 'drizzle-orm';
import { createWalletService } from './app.js';
import { walletSchema, type WalletTables } from './db/schema.js';

export { memberIds, testClock, type TestClock } from '@kora/testing';

export interface WalletTestService extends TestService {
  tables: WalletTables;
  clock: TestClock;
}

export interface StartOptions {
  /** Variables the wallet reads instead of process.env (PAYSTACK_*, PAYMENTS_SANDBOX, PUBLIC_URL...). */
  env?: Record<string, string | undefined>;
  clock?: TestClock;
}

export async function startWallet(options: StartOptions = {}): Promise<WalletTestService> {
  const clock = options.clock ?? testClock();
  const env = { PUBLIC_URL: 'http://kora.test', ...options.env };
  const svc = await startTestService(createWalletService({ now: clock.now, env }));
  return Object.assign(svc, { tables: walletSchema(svc.ctx.schema), clock });
}

/** The service for one test file: started before its tests and closed after them. */
export function useWalletService(options: () => StartOptions = () => ({})) {
  return serviceForFile('wallet', () => startWallet(options()), memberClient);
}

/** The e-mail address a test member signs up with. */
export const emailOf = (userId: number) => `${userId}@example.ng`;

/** Announces a member's sign-up as auth does and waits until the wallet knows their e-mail. */
export async function registerMember(svc: WalletTestService, userId: number, username = `member${userId}`): Promise<void> {
  await publishEvent(
    svc,
    'user.registered',
    { ...memberSnapshot(userId, username), email: emailOf(userId), createdAt: new Date().toISOString() },
    userId,
    userId,
  );
  const e = svc.tables.memberEmails;
  await eventually(async () => (await svc.ctx.db.select().from(e).where(eq(e.userId, userId))).length === 1);
}
