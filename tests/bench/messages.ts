/**
 * Messages (`messages`, decision 039) on the distributed product:
 *
 * 1. message-to-socket: `size.sockets` other sockets held open on the notifications instance
 *    (socket-fleet.ts, as the sockets scenario opens them), then twenty members send `size.rate`
 *    messages a second in all through the gateway, each into their direct conversation with one
 *    member (round robin), on a fixed schedule (open loop), after a warm-up of `warmUpMs` at the same
 *    rate. Each latency runs from the moment the send was due to the other member's socket
 *    receiving `message:new`: the messages service, its outbox, Kafka and the live fan-out.
 * 2. 1,000,000 messages (`size.messages`) seeded straight into the messages schema (the seed is not
 *    what is measured) over `size.conversations` conversations, of which the reader is in
 *    LIST_CONVERSATIONS. Then at a fixed rate through the gateway, and the service's own statement
 *    sent bare to the same PostgreSQL as the yardstick:
 *      messages-open / messages-open-sql   a conversation's last 50 messages
 *      messages-list / messages-list-sql   the reader's conversation list (first page)
 * 3. Bytes per message: the messages table with its indexes and TOAST, over its rows.
 */
import {
  conversationListSql,
  messagePageSql,
  messagesSchema,
  type ConversationListValues,
  type MessagePageValues,
} from '@kora/messages/queries';
import { signAccessToken } from '@kora/platform/access-token';
import { IDENTITY_HEADER, signIdentity } from '@kora/platform/identity';
import { openSocket, wsUrl, type LiveSocket } from '@kora/testing/websocket';
import type { SocketMessage } from '@kora/contracts';
import { randomUUID } from 'node:crypto';
import { fillPlaceholders, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { Agent, request } from 'undici';
import { runOpenLoop } from './open-loop.js';
import { fromLatencies, type Scenario } from './scenario.js';
import { openFleet } from './socket-fleet.js';
import { cpuNotes, watchCpu } from './cpu.js';
import type { Profilers } from './profiler.js';

/** Bench members: ids far above what the product hands out and apart from the other scenarios'. */
const BASE = 9_100_000_000;
const RECIPIENT = BASE + 2;
/** The live scenario's senders, each in a direct conversation with the recipient: a popular member's inbox. */
const SENDERS = Array.from({ length: 20 }, (_, i) => BASE + 301 + i);
const READER = BASE + 3;
/** The fleet's members (one socket each), apart from the sockets scenario's. */
const FLEET_FIRST_ID = 800_001;
/** Conversations the reader is in (the list scenario's rows), and the one opened. */
const LIST_CONVERSATIONS = 200;
/** The processes a message passes through, and a read: their CPU is always reported. */
const SEND_PATH = ['gateway', 'messages', 'notifications', 'kafka', 'postgres'];
const READ_PATH = ['gateway', 'messages', 'postgres'];
/** Open-loop rate of the two read scenarios. */
const READ_RATE = Number(process.env.BENCH_MESSAGES_READ_RATE ?? 100);

export interface MessagesSize {
  /** Other sockets open on the instance while messages are sent. */
  sockets: number;
  /** Messages a second, and for how long. */
  rate: number;
  sendMs: number;
  /** Messages stored for the read scenarios, over this many conversations. */
  messages: number;
  conversations: number;
}

export interface MessagesBenchTarget {
  gatewayUrl: string;
  notificationsUrl: string;
  databaseUrl: string;
  secrets: { INTERNAL_SECRET: string; ACCESS_TOKEN_SECRET: string };
  durationMs: number;
  warmUpMs: number;
  size: MessagesSize;
  settle(before: string): Promise<void>;
  /** Waits until the events sent so far are worked off (bells written, outboxes published). */
  workedOff(before: string): Promise<void>;
  /** The product's processes (and PostgreSQL's postmaster) whose CPU per message and per read is reported. */
  pids: Record<string, number | undefined>;
  postmaster?: number | undefined;
  /** BENCH_PROFILE's profilers: the sends are profiled as `message-to-socket`, each read as its row's name. */
  profilers?: Profilers;
}

export interface MessagesBenchResult {
  results: Scenario[];
  bytesPerMessage: number;
  stored: number;
}

const say = (text: string) => process.stdout.write(`messages bench: ${text}\n`);
const token = (userId: number, secret: string) => signAccessToken({ userId, role: 'user', sessionId: `bench-${userId}` }, secret, 3_600);

export async function benchMessages(target: MessagesBenchTarget): Promise<MessagesBenchResult> {
  const db = new pg.Client({ connectionString: target.databaseUrl });
  await db.connect();
  try {
    const seedStarted = performance.now();
    const seeded = await seed(db, target.size);
    say(`seed ready in ${Math.round(performance.now() - seedStarted)} ms`);
    await target.settle('messages');
    const live = await messageToSocket(target, seeded.directIds);
    // The bell notifications of the sends are worked off before the reads are timed.
    await target.settle('messages reads');
    const reads = await readScenarios(target, db, seeded.openedId);
    const storage = await storagePerMessage(db);
    return { results: [live, ...reads], ...storage };
  } finally {
    await db.end();
  }
}

/** Members, conversations and messages, straight into the schema; a second run with the same size keeps them. */
async function seed(db: pg.Client, size: MessagesSize): Promise<{ directIds: number[]; openedId: number }> {
  const members = SENDERS.at(-1)! - BASE;
  const { rows } = await db.query<{ n: number }>(
    `select count(*)::int as n from messages.messages m join messages.conversations c on c.id = m.conversation_id where c.creator_id = $1`,
    [READER],
  );
  const live = await db.query<{ n: number }>('select count(*)::int as n from messages.conversations where creator_id = any($1::bigint[])', [
    SENDERS,
  ]);
  if (rows[0]?.n !== size.messages || live.rows[0]?.n !== SENDERS.length) {
    await db.query('begin');
    await db.query('delete from messages.conversations where creator_id = any($1::bigint[])', [[...SENDERS, RECIPIENT, READER]]);
    await db.query('delete from messages.members where user_id between $1 and $2', [BASE, BASE + members + 10]);
    await db.query(
      `insert into messages.members (user_id, username, display_name, profile_image, activated, joined_at, updated_at)
       select $1::bigint + i, 'bench.m' || i, 'Bench Member ' || i, '/uploads/profile/defaultavatar.png', true, now(), now()
       from generate_series(1, $2::int) as i`,
      [BASE, members],
    );
    // The reader's conversations (with members 11..), then the rest with nobody the bench reads as.
    await db.query(
      `insert into messages.conversations (kind, title, creator_id, direct_key, last_activity_at, created_at)
       select 'direct', null, $1::bigint, 'bench:' || i, now() - make_interval(secs => i), now() - interval '30 days'
       from generate_series(1, $2::int) as i`,
      [READER, size.conversations],
    );
    await db.query(
      `insert into messages.conversation_members (conversation_id, user_id, state)
       select c.id, m.user_id, 'active'
       from (select id, row_number() over (order by id) as n from messages.conversations where creator_id = $1) as c,
            lateral (values ($1::bigint + 0 * c.n), ($2::bigint + 10 + c.n % $3::int)) as m(user_id)
       where c.n <= $3::int`,
      [READER, BASE, LIST_CONVERSATIONS],
    );
    // Messages spread evenly over the conversations (ids made in one statement: consecutive), a
    // tenth of them into the first, the one opened.
    const span = await db.query<{ first: string; total: number }>(
      'select min(id) as first, count(*)::int as total from messages.conversations where creator_id = $1',
      [READER],
    );
    await db.query(
      `insert into messages.messages (conversation_id, sender_id, client_id, body, created_at)
       select $4::bigint + case when i % 10 = 0 then 0 else i % $5::int end,
              case when i % 2 = 0 then $1::bigint else $2::bigint + 11 end, gen_random_uuid(),
              'Bench message ' || i || ': see you at the market by five, bring the receipts please',
              now() - interval '30 days' + make_interval(secs => i)
       from generate_series(1, $3::int) as i`,
      [READER, BASE, size.messages, span.rows[0]!.first, span.rows[0]!.total],
    );
    await db.query(
      `update messages.conversations as c set last_message_id = m.last_id
       from (select conversation_id, max(id) as last_id from messages.messages group by conversation_id) as m
       where m.conversation_id = c.id and c.creator_id = $1`,
      [READER],
    );
    // A member has read what came before their own last message (sending marks it read, as the service does).
    await db.query(
      `update messages.conversation_members as cm
       set last_read_id = coalesce((select max(m.id) from messages.messages as m where m.conversation_id = cm.conversation_id and m.sender_id = cm.user_id), 0)
       where cm.user_id = $1`,
      [READER],
    );
    // The live scenario's direct conversations, both members in their inbox.
    for (const sender of SENDERS) {
      const direct = await db.query<{ id: number }>(
        `insert into messages.conversations (kind, title, creator_id, direct_key) values ('direct', null, $1, $2) returning id`,
        [sender, `${RECIPIENT}:${sender}`],
      );
      await db.query(
        `insert into messages.conversation_members (conversation_id, user_id, state) values ($1, $2, 'active'), ($1, $3, 'active')`,
        [direct.rows[0]!.id, sender, RECIPIENT],
      );
    }
    await db.query('commit');
    await db.query('analyze messages.messages; analyze messages.conversations; analyze messages.conversation_members');
  }
  const direct = await db.query<{ id: string }>(
    'select id from messages.conversations where direct_key = any($1::text[]) order by creator_id',
    [SENDERS.map((sender) => `${RECIPIENT}:${sender}`)],
  );
  const opened = await db.query<{ id: string }>('select min(id) as id from messages.conversations where creator_id = $1', [READER]);
  return { directIds: direct.rows.map((row) => Number(row.id)), openedId: Number(opened.rows[0]!.id) };
}

function connect(url: string, userId: number, secret: string, onMessage: (message: SocketMessage) => void): Promise<LiveSocket> {
  const identity = { userId, role: 'user' as const, sessionId: `bench-${userId}` };
  return openSocket(url, { [IDENTITY_HEADER]: signIdentity(identity, secret) }, { perMessageDeflate: false, onMessage });
}

async function messageToSocket(target: MessagesBenchTarget, conversationIds: number[]): Promise<Scenario> {
  const dueAt = new Map<string, number>();
  const latencies: number[] = [];
  const recipient = await connect(wsUrl(target.notificationsUrl), RECIPIENT, target.secrets.INTERNAL_SECRET, (message) => {
    if (message.type !== 'message:new') return;
    const due = dueAt.get(message.message.clientId);
    if (due === undefined) return;
    dueAt.delete(message.message.clientId);
    latencies.push(performance.now() - due);
  });
  const fleet = await openFleet({
    url: wsUrl(target.notificationsUrl),
    secret: target.secrets.INTERNAL_SECRET,
    sockets: target.size.sockets,
    wave: 500,
    perProcess: 15_000,
    perAddress: 20_000,
    firstUserId: FLEET_FIRST_ID,
  });
  say(`${fleet.opened} other sockets open${fleet.stoppedBecause ? ` (stopped: ${fleet.stoppedBecause})` : ''}`);
  const agent = new Agent({ connections: 64, pipelining: 1 });
  const senderTokens = await Promise.all(SENDERS.map((sender) => token(sender, target.secrets.ACCESS_TOKEN_SECRET)));
  let errors = 0;
  // Send n goes from the n-th sender (round robin) into their conversation with the recipient.
  const send = async (due: number, n: number) => {
    const path = `/api/messages/conversations/${conversationIds[n % conversationIds.length]}/messages`;
    const body = `Bench message ${n}`;
    const clientId = randomUUID();
    dueAt.set(clientId, due);
    try {
      const res = await request(new URL(path, target.gatewayUrl), {
        dispatcher: agent,
        method: 'POST',
        headers: { authorization: `Bearer ${senderTokens[n % senderTokens.length]}`, 'content-type': 'application/json' },
        body: JSON.stringify({ clientId, body }),
      });
      await res.body.dump();
      if (res.statusCode !== 201) throw new Error(`send answered ${res.statusCode}`);
    } catch {
      errors++;
      dueAt.delete(clientId);
    }
  };
  const interval = 1000 / target.size.rate;
  /** `total` sends on the open loop's schedule from `first` on; resolves when each reached the socket (or 30 s passed). */
  const sendAtRate = async (first: number, total: number, started: number) => {
    const inFlight: Promise<void>[] = [];
    for (let n = 0; n < total; n++) {
      const due = started + n * interval;
      const wait = due - performance.now();
      if (wait > 1) await new Promise((r) => setTimeout(r, wait));
      inFlight.push(send(due, first + n));
    }
    await Promise.all(inFlight);
    const deadline = Date.now() + 30_000;
    while (dueAt.size > 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
  };
  try {
    // Warm up (unmeasured), at the measured rate as the other scenarios do: connections and pools
    // opened, the JIT warm, the consumer groups fetching; then everything it caused is worked off.
    const warmUp = Math.max(1, Math.round((target.size.rate * target.warmUpMs) / 1000));
    await sendAtRate(0, warmUp, performance.now());
    await target.workedOff('the messages warm-up');
    latencies.length = 0;
    errors = 0;
    const total = Math.round((target.size.rate * target.size.sendMs) / 1000);
    const cpu = watchCpu(target.pids, target.postmaster);
    const started = performance.now();
    const sendAll = () => sendAtRate(warmUp, total, started);
    await (target.profilers ? target.profilers.around('message-to-socket', sendAll) : sendAll());
    const seconds = (performance.now() - started) / 1000;
    const lost = dueAt.size;
    // A message's CPU includes what its events cost after it reached the socket (its bell row).
    await target.workedOff('message-to-socket');
    const cpuPerMessage = { ...cpu.perRequest(total), others_cores: cpu.othersCores() };
    return {
      ...fromLatencies('message-to-socket', latencies, errors + lost, seconds),
      notes: { offered_rps: target.size.rate, other_sockets_open: fleet.opened, lost, ...cpuNotes(cpuPerMessage, SEND_PATH) },
    };
  } finally {
    recipient.ws.terminate();
    await agent.close();
    await fleet.stop();
  }
}

async function readScenarios(target: MessagesBenchTarget, db: pg.Client, openedId: number): Promise<Scenario[]> {
  const readerToken = await token(READER, target.secrets.ACCESS_TOKEN_SECRET);
  const headers = { authorization: `Bearer ${readerToken}` };
  const tables = messagesSchema('messages');
  const dialect = new PgDialect();
  const bare = (statement: SQL, values: Record<string, unknown>) => {
    const query = dialect.sqlToQuery(statement);
    return { sql: query.sql, params: fillPlaceholders(query.params, values) };
  };
  // The route's one statement: the page with what each message's answer needs.
  const openValues: MessagePageValues = { viewer: READER, conversation: openedId, limit: 50 };
  const open = async (client: pg.Client) => {
    const rows = await client.query(...asArgs(bare(messagePageSql(tables, {}), openValues)));
    if (rows.rowCount !== 50) throw new Error(`messages bench: the opened conversation has ${rows.rowCount} messages on its page`);
  };
  // The route's one statement: the page of conversations with their marks, last messages and members.
  const listValues: ConversationListValues = { viewer: READER, state: 'active', limit: 31 };
  const list = async (client: pg.Client) => {
    const page = await client.query(...asArgs(bare(conversationListSql(tables, { q: false, after: false }), listValues)));
    if (page.rows.slice(0, 30).length !== 30) throw new Error(`messages bench: the reader's list has ${page.rowCount} conversations`);
  };
  const cases = [
    { name: 'messages-open', path: `/api/messages/conversations/${openedId}/messages?limit=50`, statements: open },
    { name: 'messages-list', path: '/api/messages/conversations', statements: list },
  ];
  const results: Scenario[] = [];
  for (const { name, path, statements } of cases) {
    const run = (durationMs: number, label: string) =>
      runOpenLoop({ name: label, url: target.gatewayUrl, rate: READ_RATE, durationMs, next: () => ({ path, headers }) });
    if (target.warmUpMs > 0) await run(target.warmUpMs, `${name}-warm-up`);
    const cpu = watchCpu(target.pids, target.postmaster);
    const measured = await (target.profilers
      ? target.profilers.around(name, () => run(target.durationMs, name))
      : run(target.durationMs, name));
    const cpuPerRequest = { ...cpu.perRequest(measured.requests ?? 0), others_cores: cpu.othersCores() };
    results.push({ ...measured, notes: { ...measured.notes, ...cpuNotes(cpuPerRequest, READ_PATH) } });
    results.push(await bareAtRate(db, `${name}-sql`, statements, target.durationMs));
  }
  return results;
}

const asArgs = (query: { sql: string; params: unknown[] }): [string, unknown[]] => [query.sql, query.params];

/**
 * The statements sent bare at the HTTP side's rate, one after another on one connection (the
 * statements are milliseconds: one connection keeps up), each latency from the moment it was due.
 */
async function bareAtRate(
  db: pg.Client,
  name: string,
  statements: (client: pg.Client) => Promise<void>,
  durationMs: number,
): Promise<Scenario> {
  const latencies: number[] = [];
  let errors = 0;
  const total = Math.round((READ_RATE * durationMs) / 1000);
  const interval = 1000 / READ_RATE;
  const started = performance.now();
  for (let n = 0; n < total; n++) {
    const due = started + n * interval;
    const wait = due - performance.now();
    if (wait > 1) await new Promise((r) => setTimeout(r, wait));
    await statements(db).catch(() => void errors++);
    latencies.push(performance.now() - due);
  }
  return { ...fromLatencies(name, latencies, errors, (performance.now() - started) / 1000), notes: { offered_rps: READ_RATE } };
}

/** The bytes PostgreSQL keeps for the messages table (heap, TOAST and every index) over its rows. */
async function storagePerMessage(db: pg.Client): Promise<{ bytesPerMessage: number; stored: number }> {
  const { rows } = await db.query<{ bytes: string; n: string }>(
    `select pg_total_relation_size('messages.messages') as bytes, (select count(*) from messages.messages) as n`,
  );
  const stored = Number(rows[0]!.n);
  return { bytesPerMessage: Math.round(Number(rows[0]!.bytes) / Math.max(1, stored)), stored };
}
