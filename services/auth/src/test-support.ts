/**
 * Helpers for the auth service's tests: start it with a test configuration (an SMTP sink for its
 * mail, a stub media service), and walk a member through sign-up, activation and sign-in.
 */
import {
  defaultGeneralSettings,
  defaultNotificationSettings,
  friendPairKey,
  type GeneralSettingsFields,
  type PrivacySettings,
} from '@kora/contracts';
import { areFriends } from '@kora/platform/service';
import {
  announcePrivacy,
  eventually,
  publishEvent,
  startSmtpSink,
  startTestService,
  type SmtpSink,
  type SinkMessage,
  recipientsOf,
  type TestService,
} from '@kora/testing';
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { createAuthService } from './app.js';
import { authSchema, type AuthTables } from './db/schema.js';

export { outboxEvents } from '@kora/testing';

export const TEST_ACCESS_TOKEN_SECRET = 'auth-tests-access-token-secret';

export interface AuthTestService extends TestService {
  tables: AuthTables;
}

export async function startAuth(
  options: { env?: Record<string, string | undefined>; media?: string; settings?: string; now?: () => Date } = {},
): Promise<AuthTestService> {
  const definition = createAuthService({
    env: { ACCESS_TOKEN_SECRET: TEST_ACCESS_TOKEN_SECRET, PUBLIC_URL: 'http://kora.test', ...options.env },
    ...(options.now ? { now: options.now } : {}),
  });
  const svc = await startTestService(definition, {
    resolveService: (name) => (name === 'media' ? options.media : name === 'settings' ? options.settings : undefined),
  });
  return Object.assign(svc, { tables: authSchema(svc.ctx.schema) });
}

/** The auth service sending real mail over SMTP to a sink the test reads. */
export async function startAuthWithMail(): Promise<{ svc: AuthTestService; sink: SmtpSink; close: () => Promise<void> }> {
  const sink = await startSmtpSink();
  const svc = await startAuth({ env: { SMTP_URL: sink.url } });
  return {
    svc,
    sink,
    async close() {
      await svc.close();
      await sink.close();
    },
  };
}

/** A sign-up body no other test (or earlier run on the same servers) uses. */
export function newMember(overrides: Partial<Record<'firstname' | 'lastname' | 'username' | 'email' | 'password', string>> = {}) {
  const tag = randomBytes(4).toString('hex');
  return {
    firstname: 'Ada',
    lastname: 'Obi',
    username: `ada_${tag}`,
    email: `ada.${tag}@example.ng`,
    password: 'correct horse 1',
    ...overrides,
  };
}

export type NewMember = ReturnType<typeof newMember>;

export const mailTo = (address: string) => (m: SinkMessage) => recipientsOf(m).includes(address.toLowerCase());

export function activationTokenIn(message: SinkMessage): string {
  const match = /\/activate\/([A-Za-z0-9_-]+)/.exec(message.text ?? '');
  if (!match) throw new Error(`no activation link in: ${message.text}`);
  return match[1]!;
}

export function codeIn(message: SinkMessage): string {
  const match = /code is: (\d{4})\b/.exec(message.text ?? '');
  if (!match) throw new Error(`no code in: ${message.text}`);
  return match[1]!;
}

const json = (payload: unknown) => ({ 'content-type': 'application/json', payload: JSON.stringify(payload) });

export function post(svc: TestService, url: string, body: unknown, headers: Record<string, string> = {}) {
  const { payload } = json(body);
  return svc.app.inject({ method: 'POST', url, payload, headers: { 'content-type': 'application/json', ...headers } });
}

/** Signs up, reads the activation mail from the sink, activates. Returns the member and its id. */
export async function activeMember(svc: AuthTestService, sink: SmtpSink, overrides: Parameters<typeof newMember>[0] = {}) {
  const member = newMember(overrides);
  const res = await post(svc, '/api/signUp', member);
  if (res.statusCode !== 201) throw new Error(`sign-up failed: ${res.body}`);
  const userId = res.json().user.user_id as number;
  const mail = await sink.waitFor(mailTo(member.email));
  const activated = await post(svc, '/api/activate', { token: activationTokenIn(mail) });
  if (activated.statusCode !== 200) throw new Error(`activation failed: ${activated.body}`);
  return { ...member, userId };
}

/** An active member created straight in the database (no mail round trip), for tests about other things. */
export async function seedMember(
  svc: AuthTestService,
  overrides: Parameters<typeof newMember>[0] & { status?: 'pending' | 'active' | 'suspended' } = {},
) {
  const { status = 'active', ...rest } = overrides;
  const member = newMember(rest);
  const res = await post(svc, '/api/signUp', member);
  if (res.statusCode !== 201) throw new Error(`sign-up failed: ${res.body}`);
  const userId = res.json().user.user_id as number;
  await svc.ctx.db.update(svc.tables.users).set({ status }).where(eq(svc.tables.users.id, userId));
  return { ...member, userId };
}

/** A member's privacy settings, announced as the settings service does and applied by auth. */
export const setPrivacy = (svc: AuthTestService, userId: number, changes: Partial<PrivacySettings>) =>
  announcePrivacy(svc, svc.tables.privacy, userId, changes);

/** A member's General settings (defaults plus `changes`), announced and applied. */
export async function setGeneral(svc: AuthTestService, userId: number, changes: Partial<GeneralSettingsFields>): Promise<void> {
  const event = await publishEvent(svc, 'settings.profile-changed', { userId, ...defaultGeneralSettings, ...changes }, userId, userId);
  const d = svc.tables.memberDetails;
  await eventually(
    async () => (await svc.ctx.db.select().from(d).where(eq(d.userId, userId)))[0]?.updatedAt.getTime() === Date.parse(event.occurredAt),
  );
}

/** A member's security-mail switch, announced (with the other switches at their defaults) and applied. */
export async function setEmailSecurity(svc: AuthTestService, userId: number, emailSecurity: boolean): Promise<void> {
  await publishEvent(svc, 'settings.notifications-changed', { userId, ...defaultNotificationSettings, emailSecurity }, userId, userId);
  const m = svc.tables.mailSettings;
  await eventually(async () => (await svc.ctx.db.select().from(m).where(eq(m.userId, userId)))[0]?.emailSecurity === emailSecurity);
}

/** `a` and `b` become friends, as the friends service announces it, and auth's graph has it. */
export async function befriend(svc: AuthTestService, a: number, b: number): Promise<void> {
  await publishEvent(svc, 'friend-request.accepted', { fromUserId: a, toUserId: b, requestId: a }, friendPairKey(a, b), b);
  await eventually(() => areFriends(svc.ctx.db, svc.tables.friendships, a, b));
}

export async function signIn(svc: TestService, login: string, password: string, headers: Record<string, string> = {}) {
  const res = await post(svc, '/api/signin', { email: login, password }, headers);
  if (res.statusCode !== 200) throw new Error(`sign-in failed: ${res.body}`);
  return res.json<{ token: string; refreshToken: string; expiresIn: number; user: Record<string, unknown> }>();
}

/** Reads the claims of an access token (no verification: tests only). */
export function claimsOf(token: string): { sub: string; role: string; sid: string; exp: number; tsm?: true } {
  return JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString('utf8'));
}

/** The gateway headers for the member an access token belongs to. */
export function asTokenHolder(svc: TestService, token: string): Record<string, string> {
  const claims = claimsOf(token);
  const identity = { userId: Number(claims.sub), role: claims.role as 'user', sessionId: claims.sid };
  return svc.as(claims.tsm ? { ...identity, twoStepMissing: true } : identity);
}

/** A client address for the gateway's x-forwarded-for, different per call (per-IP limits). */
export function someIp(): string {
  const b = randomBytes(3);
  return `10.${b[0]}.${b[1]}.${b[2]! | 1}`;
}

export function expectErrorShape(body: unknown): void {
  if (!body || typeof body !== 'object') throw new Error(`not an error body: ${JSON.stringify(body)}`);
  const keys = Object.keys(body).sort().join(',');
  if (keys !== 'code,error,message') throw new Error(`not the error shape: ${JSON.stringify(body)}`);
}

export { multipart, type FormPart } from '@kora/testing';

/** A PNG signature plus filler: what the stub media service accepts as an image. */
export function fakePng(size = 2048): Buffer {
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return Buffer.concat([signature, randomBytes(Math.max(0, size - signature.length))]);
}

export interface MediaCall {
  path: string;
  kind: string | null;
  caller: string | undefined;
  field: string | null;
  filename: string | null;
  type: string | null;
  bytes: Buffer;
}

/**
 * A stand-in for the media service's internal image API: 201 `{ url }` for a PNG, 415 with the
 * error shape for anything else, and every call recorded.
 */
export async function startMediaStub(): Promise<{ url: string; calls: MediaCall[]; close(): Promise<void> }> {
  const calls: MediaCall[] = [];
  const server = createServer((req, res) => {
    handle(req, res).catch(() => res.destroy()); // a client that gave up mid-upload
  });
  async function handle(req: IncomingMessage, res: ServerResponse) {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const url = new URL(req.url ?? '/', 'http://stub');
    const form = await new Request(url, {
      method: 'POST',
      headers: req.headers as Record<string, string>,
      body: Buffer.concat(chunks),
    }).formData();
    const [field, value] = [...form.entries()][0] ?? [null, null];
    const file = value instanceof Blob ? value : null;
    const bytes = file ? Buffer.from(await file.arrayBuffer()) : Buffer.alloc(0);
    calls.push({
      path: url.pathname,
      kind: url.searchParams.get('kind'),
      caller: req.headers['x-kora-service'] as string | undefined,
      field,
      filename: file && 'name' in file ? file.name : null,
      type: file?.type ?? null,
      bytes,
    });
    res.setHeader('content-type', 'application/json');
    if (bytes.subarray(0, 4).toString('latin1') !== '\x89PNG') {
      res.statusCode = 415;
      res.end(
        JSON.stringify({
          error: 'Only JPEG, PNG, GIF or WebP images are accepted',
          message: 'Only JPEG, PNG, GIF or WebP images are accepted',
          code: 'UNSUPPORTED_MEDIA_TYPE',
        }),
      );
      return;
    }
    res.statusCode = 201;
    res.end(JSON.stringify({ url: `/uploads/profile/${randomBytes(8).toString('hex')}.webp` }));
  }
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}`, calls, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

/** A member made admin in the database and signed in: their token says admin, as after a real promotion. */
export async function seedAdmin(svc: AuthTestService, overrides: Parameters<typeof newMember>[0] = {}) {
  const member = await seedMember(svc, overrides);
  await svc.ctx.db.update(svc.tables.users).set({ role: 'admin' }).where(eq(svc.tables.users.id, member.userId));
  const tokens = await signIn(svc, member.email, member.password);
  return { ...member, tokens, headers: asTokenHolder(svc, tokens.token) };
}

/**
 * A stand-in for the settings service's internal time zone route: 200 `{ timezone }` for an
 * IANA-looking name, every call recorded.
 */
export async function startSettingsStub(): Promise<{
  url: string;
  calls: { path: string; caller: string | undefined; body: unknown }[];
  close(): Promise<void>;
}> {
  const calls: { path: string; caller: string | undefined; body: unknown }[] = [];
  // eslint-disable-next-line @typescript-eslint/no-misused-promises -- a stand-in's handler: a throw fails the test through the caller's request
  const server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const body = JSON.parse(Buffer.concat(chunks).toString('utf8') || 'null') as { timezone?: string } | null;
    calls.push({ path: req.url ?? '', caller: req.headers['x-kora-service'] as string | undefined, body });
    res.setHeader('content-type', 'application/json');
    res.statusCode = 200;
    res.end(JSON.stringify({ timezone: body?.timezone }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}`, calls, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}
