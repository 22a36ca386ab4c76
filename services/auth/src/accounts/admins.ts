/**
 * The first admin (and later ones): create an active admin account, or promote an existing account
 * (found by e-mail) to admin. One implementation, two callers: the `create-admin` command, straight
 * on the database with the same migrations (`createOrPromoteAdmin`), and the service's start with
 * KORA_ADMIN_* set (`createOrPromoteAdminIn`, inside the service's own transaction). Either way its
 * events go through the outbox in the same transaction, so the service's relay publishes them.
 */
import { emailSchema, usernameSchema, type EventPayload } from '@kora/contracts';
import { migrate, platformTables, writeToOutbox, type Database, type NewEvent } from '@kora/platform';
import type { EventType } from '@kora/contracts';
import type { DbOrTx } from '@kora/platform/service';
import { eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { migrations } from '../db/migrations.js';
import { authSchema, type AuthTables } from '../db/schema.js';
import { hashPassword } from './passwords.js';
import { toSnapshot } from './users.js';

const name = z.string().trim().min(1).max(50);

export const adminInput = z.object({
  email: emailSchema,
  username: usernameSchema.optional(),
  password: z.string().min(8, 'The admin password must be at least 8 characters').max(128).optional(),
  firstname: name.default('Kora'),
  lastname: name.default('Admin'),
});

export type AdminInput = z.input<typeof adminInput>;

export interface AdminOutcome {
  action: 'created' | 'promoted' | 'unchanged';
  userId: number;
  username: string;
  email: string;
  notes: string[];
}

export class AdminInputError extends Error {}

/** Validates the input (the command's flags or the KORA_ADMIN_* variables), hashing the password once. */
export async function parseAdminInput(raw: AdminInput): Promise<{ input: z.output<typeof adminInput>; passwordHash: string | null }> {
  const parsed = adminInput.safeParse(raw);
  if (!parsed.success) throw new AdminInputError(parsed.error.issues.map((i) => `--${i.path.join('.')}: ${i.message}`).join('\n'));
  const input = parsed.data;
  return { input, passwordHash: input.password ? await hashPassword(input.password) : null };
}

/** The command: migrates the database, then creates or promotes in one transaction with its events. */
export async function createOrPromoteAdmin(database: Database, schema: string, raw: AdminInput): Promise<AdminOutcome> {
  const { input, passwordHash } = await parseAdminInput(raw);
  await migrate(database, schema, migrations);
  const tables = authSchema(schema);
  const outbox = platformTables(schema);
  return database.db.transaction(async (tx) => {
    const events: NewEvent<EventType>[] = [];
    const outcome = await createOrPromoteAdminIn(tx, tables, input, passwordHash, (event) => void events.push(event), new Date());
    await writeToOutbox(tx, outbox, events);
    return outcome;
  });
}

/** Creates or promotes inside the caller's transaction; its events go to `emit` (the same outbox write). */
export async function createOrPromoteAdminIn(
  tx: DbOrTx,
  tables: AuthTables,
  input: z.output<typeof adminInput>,
  passwordHash: string | null,
  emit: (event: NewEvent<EventType>) => void,
  now: Date,
): Promise<AdminOutcome> {
  const events: NewEvent<EventType>[] = [];
  const [existing] = await tx.select().from(tables.users).where(eq(tables.users.email, input.email));
  let outcome: AdminOutcome;
  if (existing) {
    const notes: string[] = [];
    if (input.password) notes.push('The password was left unchanged (use password recovery or the Security tab to change it).');
    const activate = existing.status === 'pending';
    if (existing.status === 'suspended') notes.push('The account is suspended and stays suspended.');
    if (existing.role === 'admin' && !activate) {
      outcome = {
        action: 'unchanged',
        userId: existing.id,
        username: existing.username,
        email: existing.email,
        notes: ['Already an admin.', ...notes],
      };
    } else {
      const [row] = await tx
        .update(tables.users)
        .set({ role: 'admin', updatedAt: now, ...(activate ? { status: 'active' as const, activatedAt: now } : {}) })
        .where(eq(tables.users.id, existing.id))
        .returning();
      events.push({ type: 'user.updated', aggregateId: row!.id, actorId: null, payload: toSnapshot(row!) });
      if (activate) {
        events.push({ type: 'user.activated', aggregateId: row!.id, actorId: null, payload: { userId: row!.id } });
        notes.push('The account was waiting for activation and is now active.');
      }
      outcome = { action: 'promoted', userId: row!.id, username: row!.username, email: row!.email, notes };
    }
  } else {
    if (!input.username || !passwordHash)
      throw new AdminInputError('No account has that e-mail: --username and --password are needed to create one.');
    const [taken] = await tx
      .select({ id: tables.users.id })
      .from(tables.users)
      .where(eq(sql`lower(${tables.users.username})`, input.username.toLowerCase()));
    if (taken) throw new AdminInputError(`The username ${input.username} is already taken.`);
    const [row] = await tx
      .insert(tables.users)
      .values({
        firstname: input.firstname,
        lastname: input.lastname,
        username: input.username,
        email: input.email,
        passwordHash,
        role: 'admin',
        status: 'active',
        createdAt: now,
        activatedAt: now,
        updatedAt: now,
      })
      .returning();
    const registered: EventPayload<'user.registered'> = { ...toSnapshot(row!), email: row!.email, createdAt: row!.createdAt.toISOString() };
    events.push({ type: 'user.registered', aggregateId: row!.id, actorId: null, payload: registered });
    events.push({ type: 'user.activated', aggregateId: row!.id, actorId: null, payload: { userId: row!.id } });
    outcome = { action: 'created', userId: row!.id, username: row!.username, email: row!.email, notes: [] };
  }
  for (const event of events) emit(event);
  return outcome;
}
