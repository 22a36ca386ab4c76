/**
 * Helpers for the settings service's tests: start it on the test adapters, announce members as
 * auth does (and wait until the projection has them), call its routes as a member or anonymously,
 * and read the events it wrote for one member. Works the same on the embedded engines and on real
 * PostgreSQL/Kafka (shared topics: every test uses its own member ids).
 */
import {
  eventually,
  memberClient,
  memberSnapshot,
  outboxEvents,
  publishEvent,
  startTestService,
  type OutboxEvent,
  type TestService,
} from '@kora/testing';
import { findMember } from '@kora/platform/service';
import { expect } from 'vitest';
import { createSettingsService } from './app.js';
import { settingsSchema, type SettingsTables } from './db/schema.js';

export { memberIds } from '@kora/testing';

export interface SettingsTestService extends TestService {
  tables: SettingsTables;
}

export async function startSettings(): Promise<SettingsTestService> {
  const svc = await startTestService(createSettingsService());
  return Object.assign(svc, { tables: settingsSchema(svc.ctx.schema) });
}

export const client = memberClient;

/** Announces a member's sign-up as auth does and waits until the service knows their username. */
export async function registerMember(svc: SettingsTestService, userId: number, username: string, email: string): Promise<void> {
  await publishEvent(
    svc,
    'user.registered',
    { ...memberSnapshot(userId, username), email, createdAt: new Date().toISOString() },
    userId,
    userId,
  );
  await eventually(async () => (await findMember(svc.ctx.db, svc.tables.members, userId))?.username === username);
}

/** The `type` events the service wrote about one member, oldest first. */
export async function eventsOf(svc: TestService, type: string, userId: number): Promise<OutboxEvent[]> {
  return (await outboxEvents(svc, type)).filter((e) => e.payload.userId === userId);
}

/** An error answer: `status`, the product `message`, and the error body's shape. */
export function expectError(res: { statusCode: number; json(): unknown }, status: number, message: string): void {
  expect(res.statusCode).toBe(status);
  expect(res.json()).toMatchObject({ message, error: message, code: expect.any(String) });
}
