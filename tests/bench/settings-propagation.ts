/**
 * How long a settings change takes to take effect in each service that enforces it, over real
 * Kafka (the distributed product): a member saves their privacy tab through the gateway, and
 * another member polls, through the gateway, what each service answers until it shows the change:
 *   settings->auth           the profile turns into the limited card (profileVisibility friends)
 *   settings->posts          the member's post answers 404 (same setting, posts' projection)
 *   settings->friends        the Add Friend relation says a request is not allowed (friends_of_friends)
 *   settings->notifications  the member's green dot goes out (showOnline off; their socket stays open)
 * then saves the defaults back and measures the way back. Each change travels: the settings
 * service's outbox row -> relay -> Kafka (compacted settings.privacy topic) -> each service's
 * consumer group -> its member_privacy projection, read on that service's next request.
 */
import { openSocket, wsUrl } from '@kora/testing/websocket';
import pg from 'pg';
import { request } from 'undici';
import { createBenchAccount } from './bench-account.js';
import { fromLatencies, type Scenario } from './scenario.js';

const POLL_MS = 2;
const GIVE_UP_MS = 30_000;

type Json = Record<string, unknown>;

/** One call through the gateway (the block scenario, block-propagation.ts, shares it). */
export async function call(
  gatewayUrl: string,
  token: string | null,
  method: string,
  path: string,
  body?: unknown,
): Promise<{ status: number; json: unknown }> {
  const res = await request(new URL(path, gatewayUrl), {
    method: method as 'GET',
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.body.text();
  return { status: res.statusCode, json: text ? JSON.parse(text) : null };
}

export async function signIn(gatewayUrl: string, databaseUrl: string, name: string): Promise<{ userId: number; token: string }> {
  const email = `bench.${name}@example.com`;
  const password = `bench ${name} password 123`;
  createBenchAccount(databaseUrl, { email, username: `bench${name}`, password });
  // The operator's command makes admins; what this measures is what a plain member meets.
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  try {
    await db.query(`update auth.users set role = 'user' where email = $1`, [email]);
  } finally {
    await db.end();
  }
  const { status, json } = await call(gatewayUrl, null, 'POST', '/api/signin', { email, password });
  const body = json as { token?: string; user?: { user_id: number } };
  if (status !== 200 || !body.token || !body.user) throw new Error(`sign-in failed: ${status} ${JSON.stringify(json)}`);
  return { userId: body.user.user_id, token: body.token };
}

/** Polls `probe` until it answers `wanted`; the time from `since`, in ms. */
export async function untilShows(name: string, probe: () => Promise<boolean>, wanted: boolean, since: number): Promise<number> {
  for (;;) {
    if ((await probe()) === wanted) return performance.now() - since;
    if (performance.now() - since > GIVE_UP_MS)
      throw new Error(`${name}: the change (${wanted ? 'closed' : 'open'}) did not take effect within 30 s`);
    await new Promise((r) => setTimeout(r, POLL_MS));
  }
}

/** `rounds` privacy changes, each saved and taken back. */
export async function benchSettingsPropagation(gatewayUrl: string, databaseUrl: string, rounds: number): Promise<Scenario[]> {
  const owner = await signIn(gatewayUrl, databaseUrl, 'private');
  const viewer = await signIn(gatewayUrl, databaseUrl, 'stranger');
  const created = await call(gatewayUrl, owner.token, 'POST', '/api/posts', {
    userId: owner.userId,
    content: 'A post for the settings bench',
  });
  if (created.status !== 201) throw new Error(`posting failed: ${created.status} ${JSON.stringify(created.json)}`);
  const postId = (created.json as Json).id as number;
  const socket = await openSocket(wsUrl(gatewayUrl), { authorization: `Bearer ${owner.token}` });

  const probes: Record<string, () => Promise<boolean>> = {
    'settings->auth': async () =>
      ((await call(gatewayUrl, viewer.token, 'GET', `/api/users/${owner.userId}`)).json as Json).visibility === 'limited',
    'settings->posts': async () => {
      const { status, json } = await call(gatewayUrl, viewer.token, 'GET', `/api/posts/${postId}`);
      if (status !== 404 && status !== 200) throw new Error(`settings->posts: ${status} ${JSON.stringify(json)}`);
      return status === 404;
    },
    'settings->friends': async () =>
      ((await call(gatewayUrl, viewer.token, 'GET', `/api/friends/relation/${owner.userId}`)).json as Json).canRequest === false,
    'settings->notifications': async () => {
      const answer = (await call(gatewayUrl, viewer.token, 'GET', `/api/presence?ids=${owner.userId}`)).json as { online: boolean }[];
      return answer[0]?.online === false;
    },
  };
  const latencies: Record<string, number[]> = Object.fromEntries(Object.keys(probes).map((name) => [name, []]));
  const closed = { profileVisibility: 'friends', friendRequestPolicy: 'friends_of_friends', showOnline: false };
  const open = { profileVisibility: 'everyone', friendRequestPolicy: 'everyone', showOnline: true };
  const started = performance.now();
  try {
    for (let round = 0; round < rounds; round++) {
      for (const [values, closedNow] of [
        [closed, true],
        [open, false],
      ] as const) {
        const saved = await call(gatewayUrl, owner.token, 'PUT', '/api/settings/privacy', values);
        if (saved.status !== 200) throw new Error(`saving privacy failed: ${saved.status} ${JSON.stringify(saved.json)}`);
        const since = performance.now();
        const times = await Promise.all(Object.entries(probes).map(([name, probe]) => untilShows(name, probe, closedNow, since)));
        Object.keys(probes).forEach((name, i) => latencies[name]!.push(times[i]!));
      }
    }
  } finally {
    socket.ws.close();
  }
  const seconds = (performance.now() - started) / 1000;
  return Object.entries(latencies).map(([name, ms]) => ({
    ...fromLatencies(name, ms, 0, seconds),
    notes: { changes: ms.length, measures: 'time from the PUT answer to the change showing' },
  }));
}
