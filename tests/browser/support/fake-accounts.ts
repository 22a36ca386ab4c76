/**
 * A stand-in for the accounts API (auth service + the profile part of media), written from the
 * contract in shared/contracts/src/api/auth.ts and the web issue's API list, so the web app's
 * accounts screens and tests/browser/accounts.test.ts can run before the real services land.
 * In memory, one process, no persistence; requests come through a real gateway (see
 * contract-stack.ts), which verifies the access tokens this fake signs and refuses revoked
 * sessions through the shared store.
 *
 * It also plays the lead's SMTP sink: `GET /messages?to=<address>` answers
 * `[{ to, subject, text, receivedAt }]` newest first (KORA_MAIL_SINK_URL).
 *
 * NOT the product: the real auth service decides texts, limits and hashing. Keep this small.
 */
import {
  authTexts,
  changePasswordBody,
  checkOtpBody,
  emailOnlyBody,
  encodeProfileId,
  parseProfileParam,
  resetPasswordBody,
  signInBody,
  signUpBody,
  updateProfileBody,
} from '@kora/contracts';
import type { KeyValueStore } from '@kora/platform';
import { signAccessToken } from '@kora/platform/access-token';
import { IDENTITY_HEADER, verifyIdentity, type Identity } from '@kora/platform/identity';
import { randomBytes, randomInt, randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { z } from 'zod';

export interface FakeAccountsOptions {
  internalSecret: string;
  accessTokenSecret: string;
  /** Access-token lifetime; short values exercise the web app's refresh path. */
  accessTtlSeconds?: number;
}

interface User {
  id: number;
  username: string;
  firstname: string;
  lastname: string;
  email: string;
  password: string;
  activated: boolean;
  profileImage: string;
  coverImage: string | null;
  bio: string;
  createdAt: string;
}

interface Session {
  id: string;
  userId: number;
  userAgent: string;
  ip: string;
  createdAt: string;
  lastSeen: string;
  refreshToken: string;
  revoked: boolean;
}

interface Otp {
  code: string;
  expiresAt: number;
  sentAt: number;
  tries: number;
  used: boolean;
}

interface Mail {
  to: string;
  subject: string;
  text: string;
  receivedAt: string;
}

const DEFAULT_AVATAR = '/uploads/profile/defaultavatar.png';
// 1×1 transparent PNG.
const TINY_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64',
);

class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

const reasons: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  409: 'Conflict',
  413: 'Payload Too Large',
  415: 'Unsupported Media Type',
  429: 'Too Many Requests',
};

function send(res: ServerResponse, status: number, body?: unknown, type = 'application/json'): void {
  res.statusCode = status;
  if (body === undefined) {
    res.end();
    return;
  }
  if (Buffer.isBuffer(body)) {
    res.setHeader('content-type', type);
    res.end(body);
    return;
  }
  res.setHeader('content-type', 'application/json; charset=utf-8');
  res.end(JSON.stringify(body));
}

async function readBody(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

function validate<T>(schema: z.ZodType<T>, value: unknown): T {
  const result = schema.safeParse(value);
  if (!result.success) throw new HttpError(400, 'VALIDATION_FAILED', result.error.issues[0]?.message ?? 'Invalid request');
  return result.data;
}

export interface FakeAccounts {
  url: string;
  /** Where links in mails point (the gateway's public URL); set once the gateway listens. */
  setPublicUrl(url: string): void;
  /** The gateway's store, for revoked-session flags. */
  setStore(store: KeyValueStore): void;
  mails: Mail[];
  close(): Promise<void>;
}

export async function startFakeAccounts(options: FakeAccountsOptions): Promise<FakeAccounts> {
  const accessTtl = options.accessTtlSeconds ?? 900;
  const users = new Map<number, User>();
  const sessions = new Map<string, Session>();
  const activations = new Map<string, { userId: number; expiresAt: number; used: boolean }>();
  const otps = new Map<string, Otp>();
  const files = new Map<string, Buffer>();
  const mails: Mail[] = [];
  let nextId = 1;
  let publicUrl = 'http://127.0.0.1:8080';
  let store: KeyValueStore | null = null;

  const sharp = (await import('sharp')).default;

  function mail(to: string, subject: string, text: string) {
    mails.unshift({ to, subject, text, receivedAt: new Date().toISOString() });
  }

  function profileOf(user: User) {
    return {
      user_id: user.id,
      profileId: encodeProfileId(user.id),
      username: user.username,
      firstname: user.firstname,
      lastname: user.lastname,
      profileImage: user.profileImage,
      coverImage: user.coverImage,
      bio: user.bio,
      createdAt: user.createdAt,
    };
  }

  function identityOf(req: IncomingMessage): Identity | null {
    return verifyIdentity(req.headers[IDENTITY_HEADER], options.internalSecret);
  }

  function requireIdentity(req: IncomingMessage): Identity {
    const identity = identityOf(req);
    if (!identity) throw new HttpError(401, 'UNAUTHENTICATED', 'Please sign in');
    return identity;
  }

  async function issueTokens(session: Session) {
    session.refreshToken = randomBytes(32).toString('base64url');
    session.lastSeen = new Date().toISOString();
    const user = users.get(session.userId)!;
    const token = await signAccessToken(
      { userId: user.id, role: 'user', sessionId: session.id },
      options.accessTokenSecret,
      accessTtl,
    );
    return { token, refreshToken: session.refreshToken, expiresIn: accessTtl };
  }

  async function revoke(session: Session) {
    session.revoked = true;
    await store?.set(`revoked-session:${session.id}`, '1', 60 * 60 * 1000);
  }

  function findByLogin(login: string): User | undefined {
    const needle = login.trim().toLowerCase();
    return [...users.values()].find((u) => u.email === needle || u.username.toLowerCase() === needle);
  }

  function sendActivation(user: User) {
    const token = randomBytes(24).toString('base64url');
    activations.set(token, { userId: user.id, expiresAt: Date.now() + 24 * 3600_000, used: false });
    mail(
      user.email,
      'Activate your Kora account',
      `Hello ${user.firstname},\n\nWelcome to Kora! Open this link to activate your account:\n${publicUrl}/activate/${token}\n\nThe link works once and expires in 24 hours.`,
    );
  }

  function sendCode(email: string) {
    const code = String(randomInt(0, 10_000)).padStart(4, '0');
    otps.set(email, { code, expiresAt: Date.now() + 10 * 60_000, sentAt: Date.now(), tries: 0, used: false });
    mail(email, 'Your Kora password reset code', `Your password reset code is ${code}. It expires in 10 minutes.`);
  }

  function checkCode(email: string, otp: string): Otp {
    const entry = otps.get(email);
    if (!entry || entry.used || entry.expiresAt < Date.now()) throw new HttpError(400, 'OTP_INVALID', authTexts.otpInvalid);
    if (entry.tries >= 5) throw new HttpError(400, 'OTP_LOCKED', authTexts.otpLocked);
    if (entry.code !== otp) {
      entry.tries += 1;
      throw new HttpError(400, 'OTP_INVALID', authTexts.otpInvalid);
    }
    return entry;
  }

  async function route(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://fake');
    const method = req.method ?? 'GET';
    const path = url.pathname;
    const json = async () => {
      const raw = await readBody(req);
      try {
        return raw.length ? JSON.parse(raw.toString('utf8')) : {};
      } catch {
        throw new HttpError(400, 'BAD_REQUEST', 'Malformed JSON');
      }
    };

    if (path === '/healthz') return send(res, 200, { status: 'ok' });

    if (method === 'GET' && path === '/messages') {
      const to = url.searchParams.get('to')?.toLowerCase();
      return send(res, 200, to ? mails.filter((m) => m.to.toLowerCase() === to) : mails);
    }

    // The product's development outbox. (The gateway only reaches it once /api/dev is in the
    // shared routing table.)
    if (method === 'GET' && path === '/api/dev/mail') {
      return send(
        res,
        200,
        mails.map((m, index) => ({
          id: String(mails.length - index),
          to: m.to,
          subject: m.subject,
          text: m.text,
          links: m.text.match(/https?:\/\/\S+/g) ?? [],
          createdAt: m.receivedAt,
        })),
      );
    }

    if (method === 'GET' && path.startsWith('/uploads/profile/')) {
      const name = path.slice('/uploads/profile/'.length);
      if (name === 'defaultavatar.png') return send(res, 200, TINY_PNG, 'image/png');
      const file = files.get(name);
      return file ? send(res, 200, file, 'image/webp') : send(res, 404, { error: 'Not Found', message: 'No such file', code: 'NOT_FOUND' });
    }

    if (method === 'POST' && path === '/api/signUp') {
      const body = validate(signUpBody, await json());
      if ([...users.values()].some((u) => u.email === body.email)) throw new HttpError(409, 'EMAIL_IN_USE', authTexts.emailInUse);
      if ([...users.values()].some((u) => u.username.toLowerCase() === body.username.toLowerCase())) {
        throw new HttpError(409, 'USERNAME_TAKEN', authTexts.usernameTaken);
      }
      const user: User = {
        id: nextId++,
        ...body,
        activated: false,
        profileImage: DEFAULT_AVATAR,
        coverImage: null,
        bio: '',
        createdAt: new Date().toISOString(),
      };
      users.set(user.id, user);
      sendActivation(user);
      return send(res, 201, { message: authTexts.signUpDone, user: profileOf(user) });
    }

    if (method === 'POST' && path === '/api/activate') {
      const { token } = (await json()) as { token?: string };
      const entry = token ? activations.get(token) : undefined;
      if (!entry) throw new HttpError(400, 'ACTIVATION_INVALID', authTexts.activationInvalid);
      if (entry.used) throw new HttpError(400, 'ACTIVATION_USED', authTexts.activationUsed);
      if (entry.expiresAt < Date.now()) throw new HttpError(400, 'ACTIVATION_EXPIRED', authTexts.activationExpired);
      entry.used = true;
      users.get(entry.userId)!.activated = true;
      return send(res, 200, { message: authTexts.activated });
    }

    if (method === 'POST' && path === '/api/resend-activation') {
      const { email } = validate(emailOnlyBody, await json());
      const user = findByLogin(email);
      if (user && !user.activated) sendActivation(user);
      return send(res, 200, { message: authTexts.activationResent });
    }

    if (method === 'POST' && path === '/api/signin') {
      const body = validate(signInBody, await json());
      const user = findByLogin(body.email);
      if (!user || user.password !== body.password) throw new HttpError(401, 'INVALID_CREDENTIALS', authTexts.invalidCredentials);
      if (!user.activated) throw new HttpError(403, 'NOT_ACTIVATED', authTexts.notActivated);
      const now = new Date().toISOString();
      const session: Session = {
        id: randomUUID(),
        userId: user.id,
        userAgent: String(req.headers['user-agent'] ?? ''),
        ip: String(req.headers['x-forwarded-for'] ?? '').split(',')[0]!.trim(),
        createdAt: now,
        lastSeen: now,
        refreshToken: '',
        revoked: false,
      };
      sessions.set(session.id, session);
      const tokens = await issueTokens(session);
      return send(res, 200, {
        ...tokens,
        user: {
          user_id: user.id,
          user_firstname: user.firstname,
          user_lastname: user.lastname,
          user_name: user.username,
          user_email: user.email,
          user_profileImage: user.profileImage,
          user_coverImage: user.coverImage,
          user_wallet_balance: 0,
          role: 'user',
        },
      });
    }

    if (method === 'POST' && path === '/api/auth/refresh') {
      const { refreshToken } = (await json()) as { refreshToken?: string };
      const session = [...sessions.values()].find((s) => s.refreshToken === refreshToken && refreshToken);
      if (!session || session.revoked) throw new HttpError(401, 'REFRESH_INVALID', authTexts.refreshInvalid);
      const { token, refreshToken: next, expiresIn } = await issueTokens(session);
      return send(res, 200, { token, refreshToken: next, expiresIn });
    }

    if (method === 'GET' && path === '/api/auth/session') {
      const identity = requireIdentity(req);
      return send(res, 200, identity);
    }

    if (method === 'POST' && path === '/api/signout') {
      const identity = requireIdentity(req);
      const session = sessions.get(identity.sessionId);
      if (session) await revoke(session);
      return send(res, 204);
    }

    if (method === 'POST' && path === '/api/sendForgotOtp') {
      const { email } = validate(emailOnlyBody, await json());
      if (findByLogin(email)) sendCode(email);
      return send(res, 200, { status: true });
    }

    if (method === 'POST' && path === '/api/resend-otp') {
      const { email } = validate(emailOnlyBody, await json());
      const entry = otps.get(email);
      if (entry && Date.now() - entry.sentAt < 30_000) {
        const wait = Math.ceil((30_000 - (Date.now() - entry.sentAt)) / 1000);
        throw new HttpError(429, 'OTP_COOLDOWN', authTexts.resendCooldown(wait));
      }
      if (findByLogin(email)) sendCode(email);
      return send(res, 200, { status: true });
    }

    if (method === 'POST' && path === '/api/forgot-password') {
      const { email, otp } = validate(checkOtpBody, await json());
      checkCode(email, otp);
      return send(res, 200, { status: true });
    }

    if (method === 'POST' && path === '/api/reset-password') {
      const { email, otp, password } = validate(resetPasswordBody, await json());
      const entry = checkCode(email, otp);
      const user = findByLogin(email);
      if (!user) throw new HttpError(400, 'OTP_INVALID', authTexts.otpInvalid);
      entry.used = true;
      user.password = password;
      for (const session of sessions.values()) if (session.userId === user.id && !session.revoked) await revoke(session);
      return send(res, 200, { status: true });
    }

    if (method === 'GET' && path === '/api/users/search') {
      const q = url.searchParams.get('q')?.trim().toLowerCase() ?? '';
      if (!q) return send(res, 200, []);
      const found = [...users.values()].filter((u) =>
        [u.username, u.firstname, u.lastname].some((v) => v.toLowerCase().includes(q)),
      );
      return send(
        res,
        200,
        found.map((u) => ({
          id: u.id,
          user_id: u.id,
          user_name: u.username,
          firstname: u.firstname,
          lastname: u.lastname,
          profileImage: u.profileImage,
        })),
      );
    }

    const userPath = /^\/api\/users\/([^/]+)(?:\/(avatar|cover))?$/.exec(path);
    if (userPath) {
      const id = parseProfileParam(decodeURIComponent(userPath[1]!));
      const user = id === null ? undefined : users.get(id);
      const kind = userPath[2] as 'avatar' | 'cover' | undefined;
      if (method === 'GET' && !kind) {
        if (!user) throw new HttpError(404, 'USER_NOT_FOUND', authTexts.userNotFound);
        return send(res, 200, profileOf(user));
      }
      if (method === 'PUT') {
        const identity = requireIdentity(req);
        if (!user) throw new HttpError(404, 'USER_NOT_FOUND', authTexts.userNotFound);
        if (identity.userId !== user.id) throw new HttpError(403, 'FORBIDDEN', 'You can only change your own profile');
        if (!kind) {
          const body = validate(updateProfileBody, await json());
          Object.assign(user, body);
          return send(res, 200, profileOf(user));
        }
        const request = new Request('http://fake/upload', {
          method: 'PUT',
          headers: req.headers as Record<string, string>,
          body: new Uint8Array(await readBody(req)),
        });
        let form: FormData;
        try {
          form = await request.formData();
        } catch {
          throw new HttpError(400, 'BAD_REQUEST', 'Expected a multipart form');
        }
        const entries = [...form.entries()].filter(([, v]) => typeof v !== 'string');
        const file = form.get('avatar');
        if (entries.length !== 1 || !(file instanceof File)) throw new HttpError(400, 'BAD_REQUEST', authTexts.imageRequired);
        if (file.size > 5 * 1024 * 1024) throw new HttpError(413, 'PAYLOAD_TOO_LARGE', 'The image must be at most 5 MB');
        let webp: Buffer;
        try {
          webp = await sharp(Buffer.from(await file.arrayBuffer()))
            .rotate()
            .resize(kind === 'avatar' ? 400 : 1500, kind === 'avatar' ? 400 : 500, { fit: 'cover' })
            .webp()
            .toBuffer();
        } catch {
          throw new HttpError(415, 'UNSUPPORTED_MEDIA_TYPE', 'Only images can be uploaded');
        }
        const name = `${randomBytes(12).toString('hex')}.webp`;
        files.set(name, webp);
        const avatarUrl = `/uploads/profile/${name}`;
        if (kind === 'avatar') user.profileImage = avatarUrl;
        else user.coverImage = avatarUrl;
        return send(res, 200, { avatarUrl });
      }
    }

    if (method === 'PUT' && path === '/api/settings/security/password') {
      const identity = requireIdentity(req);
      const body = validate(changePasswordBody, await json());
      const user = users.get(identity.userId)!;
      if (user.password !== body.currentPassword) {
        throw new HttpError(400, 'CURRENT_PASSWORD_WRONG', authTexts.currentPasswordWrong);
      }
      user.password = body.newPassword;
      return send(res, 200, { message: authTexts.passwordChanged });
    }

    if (method === 'GET' && path === '/api/settings/security/sessions') {
      const identity = requireIdentity(req);
      const list = [...sessions.values()]
        .filter((s) => s.userId === identity.userId && !s.revoked)
        .map(({ id, userAgent, ip, createdAt, lastSeen }) => ({
          id,
          userAgent,
          ip,
          createdAt,
          lastSeen,
          current: id === identity.sessionId,
        }));
      return send(res, 200, list);
    }

    const sessionPath = /^\/api\/settings\/security\/sessions\/([^/]+)$/.exec(path);
    if (method === 'DELETE' && sessionPath) {
      const identity = requireIdentity(req);
      const session = sessions.get(decodeURIComponent(sessionPath[1]!));
      if (!session || session.userId !== identity.userId || session.revoked) {
        throw new HttpError(404, 'SESSION_NOT_FOUND', authTexts.sessionNotFound);
      }
      await revoke(session);
      return send(res, 204);
    }

    throw new HttpError(404, 'NOT_FOUND', `No route for ${method} ${path}`);
  }

  const server: Server = createServer((req, res) => {
    route(req, res).catch((error: unknown) => {
      if (error instanceof HttpError) {
        send(res, error.status, { error: reasons[error.status] ?? 'Error', message: error.message, code: error.code });
      } else {
        console.error('fake accounts:', error);
        send(res, 500, { error: 'Internal Server Error', message: 'Something went wrong', code: 'INTERNAL' });
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    mails,
    setPublicUrl(url) {
      publicUrl = url.replace(/\/+$/, '');
    },
    setStore(value) {
      store = value;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
