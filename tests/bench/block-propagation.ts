/**
 * How long a block takes to take effect in each service that enforces it (decision 036), measured
 * like the settings propagation (settings-propagation.ts) over real Kafka: a member blocks another
 * through the gateway, and the blocked member polls, through the gateway, what each service answers
 * until it shows the block:
 *   block->friends        the relation says no request may be sent (the friends service owns blocks:
 *                         this is the gateway's round trip, the floor the others are read against)
 *   block->auth           the blocker's profile answers 404
 *   block->notifications  the blocker's green dot goes out (their socket stays open)
 * then unblocks and measures the way back. Each change travels: the friends service's outbox row ->
 * relay -> Kafka (friends.friendship, keyed by the pair) -> each service's consumer group -> its
 * member_blocks projection. posts and stories-reels join here once their rule lands (decision 037).
 */
import { openSocket, wsUrl } from '@kora/testing/websocket';
import { fromLatencies, type Scenario } from './scenario.js';
import { call, signIn, untilShows } from './settings-propagation.js';

type Json = Record<string, unknown>;

/** `rounds` blocks, each made and lifted. */
export async function benchBlockPropagation(gatewayUrl: string, databaseUrl: string, rounds: number): Promise<Scenario[]> {
  const blocker = await signIn(gatewayUrl, databaseUrl, 'blocker');
  const blocked = await signIn(gatewayUrl, databaseUrl, 'blocked');
  // A run stopped halfway may have left the block: start from none.
  await call(gatewayUrl, blocker.token, 'DELETE', `/api/friends/blocks/${blocked.userId}`);
  const socket = await openSocket(wsUrl(gatewayUrl), { authorization: `Bearer ${blocker.token}` });

  const probes: Record<string, () => Promise<boolean>> = {
    'block->friends': async () =>
      ((await call(gatewayUrl, blocked.token, 'GET', `/api/friends/relation/${blocker.userId}`)).json as Json).canRequest === false,
    'block->auth': async () => {
      const { status, json } = await call(gatewayUrl, blocked.token, 'GET', `/api/users/${blocker.userId}`);
      if (status !== 404 && status !== 200) throw new Error(`block->auth: ${status} ${JSON.stringify(json)}`);
      return status === 404;
    },
    'block->notifications': async () => {
      const answer = (await call(gatewayUrl, blocked.token, 'GET', `/api/presence?ids=${blocker.userId}`)).json as { online: boolean }[];
      return answer[0]?.online === false;
    },
  };
  const latencies: Record<string, number[]> = Object.fromEntries(Object.keys(probes).map((name) => [name, []]));
  const started = performance.now();
  try {
    // The blocker's socket is open before the first block: wait until their dot shows.
    await untilShows('presence', probes['block->notifications']!, false, performance.now());
    for (let round = 0; round < rounds; round++) {
      for (const blocking of [true, false]) {
        const changed = blocking
          ? await call(gatewayUrl, blocker.token, 'POST', '/api/friends/blocks', { userId: blocked.userId })
          : await call(gatewayUrl, blocker.token, 'DELETE', `/api/friends/blocks/${blocked.userId}`);
        if (changed.status !== (blocking ? 201 : 200))
          throw new Error(`${blocking ? 'block' : 'unblock'} failed: ${changed.status} ${JSON.stringify(changed.json)}`);
        const since = performance.now();
        const times = await Promise.all(Object.entries(probes).map(([name, probe]) => untilShows(name, probe, blocking, since)));
        Object.keys(probes).forEach((name, i) => latencies[name]!.push(times[i]!));
      }
    }
  } finally {
    socket.ws.close();
  }
  const seconds = (performance.now() - started) / 1000;
  return Object.entries(latencies).map(([name, ms]) => ({
    ...fromLatencies(name, ms, 0, seconds),
    notes: { changes: ms.length, measures: 'time from the block (or unblock) answer to the change showing' },
  }));
}
