/**
 * Every bench scenario, in the order `npm run bench` runs them, each with the rows it must report:
 * run.ts runs those BENCH_SCENARIOS picks at the bench's size and prints them; smoke.test.ts runs
 * them all once at SMOKE_SIZE and fails when one of them reports less than this list says
 * (figures.ts).
 */
import { befriend, benchFeed } from './feed.js';
import { benchGateway, type GatewayRatios } from './gateway.js';
import { benchGroupsSearch, GROUPS_QUERIES } from './groups-search.js';
import { benchMediaBytes, type MediaBytes } from './media-bytes.js';
import { benchMessages } from './messages.js';
import type { BenchProduct } from './product.js';
import { benchReelVideo } from './reel-video.js';
import { benchReelsFeed } from './reels-feed.js';
import type { Scenario } from './scenario.js';
import { benchSearch, PEOPLE_QUERIES, POSTS_QUERIES } from './search.js';
import { benchSearchOpenSearch } from './search-opensearch.js';
import { benchSettingsPropagation } from './settings-propagation.js';
import { benchBlockPropagation } from './block-propagation.js';
import { benchSignIn } from './signin.js';
import type { BenchSize } from './size.js';
import { benchInstances, type InstancesFigures } from './socket-instances.js';
import { benchSockets, type SocketBenchResult } from './sockets.js';
import { benchWebTtfb, budgetedPages, homeJs, measurePagesJs, signedInMember, untilFeedShows, type PageJs, type WebJs } from './web.js';
import { benchWebhooks } from './webhooks.js';

/** What one run of the bench shares between its scenarios. */
export interface BenchRun {
  product: BenchProduct;
  size: BenchSize;
  /** Members of the feed's seed (once it ran): the web scenario's member befriends twenty of them. */
  feedMembers: number[];
}

/** What a scenario reports: its rows, and the figures that are no row. */
export interface BenchReport {
  scenarios: Scenario[];
  gateway?: { rounds: Record<string, number>[]; ratios: GatewayRatios };
  web?: WebJs;
  /** Each budgeted member page's first load, against its budget. */
  pages?: PageJs[];
  sockets?: SocketBenchResult['sockets'];
  /** Two notifications instances behind the gateway, one killed halfway (socket-instances.ts). */
  instances?: InstancesFigures;
  /** The reel worker's time over bare ffmpeg's on the same clip (median rounds). */
  reelVideoRatio?: number;
  /** PostgreSQL's bytes per stored message (table, TOAST and indexes) and the messages stored. */
  messages?: { bytesPerMessage: number; stored: number };
  /** Bytes a phone downloads for the home feed with photos: before light media, data saver off and on. */
  mediaBytes?: MediaBytes;
  /** EXPLAIN ANALYZE of the scenario's main statement. */
  plan?: { name: 'feed' | 'groups' | 'search'; text: string };
}

export interface BenchScenario {
  /** Its name in BENCH_SCENARIOS. */
  name: string;
  /** The rows (Scenario names) it must report. */
  rows: string[];
  /** Figures other than rows it must report. */
  figures: (keyof Omit<BenchReport, 'scenarios'>)[];
  run(bench: BenchRun): Promise<BenchReport>;
}

const bothWays = (prefix: string, sqlPrefix: string, queries: { name: string }[]) =>
  queries.flatMap(({ name }) => [`${prefix}-${name}`, `${sqlPrefix}-${name}`]);

export const BENCH_SCENARIOS: BenchScenario[] = [
  {
    name: 'gateway',
    rows: ['direct', 'nginx', 'bare-proxy', 'gateway'],
    figures: ['gateway'],
    async run({ product, size }) {
      const gateway = await benchGateway({
        gatewayUrl: product.gatewayUrl,
        authUrl: product.upstreams.auth!,
        secrets: product.secrets,
        durationMs: size.durationMs,
        warmUpMs: size.warmUpMs,
        rounds: size.gatewayRounds,
        bareProxyArgs: product.profilers.nodeArgs['bare-proxy'],
        profilers: product.profilers,
        pids: { gateway: product.pidOf('gateway'), auth: product.pidOf('auth') },
      });
      return { scenarios: gateway.scenarios, gateway: { rounds: gateway.rounds, ratios: gateway.ratios } };
    },
  },
  {
    name: 'signin',
    rows: ['signin'],
    figures: [],
    async run({ product, size }) {
      await product.settle('signin');
      return { scenarios: [await benchSignIn(product.gatewayUrl, product.servers.DATABASE_URL, size.durationMs)] };
    },
  },
  {
    name: 'feed',
    rows: ['feed', 'feed-200rps', 'feed-sql'],
    figures: ['plan'],
    async run(bench) {
      const { product, size } = bench;
      const feed = await benchFeed({
        gatewayUrl: product.gatewayUrl,
        databaseUrl: product.servers.DATABASE_URL,
        kafka: product.servers,
        accessTokenSecret: product.secrets.ACCESS_TOKEN_SECRET,
        internalSecret: product.secrets.INTERNAL_SECRET,
        durationMs: size.durationMs,
        warmUpMs: size.warmUpMs,
        sqlWarmUpMs: size.feedSqlWarmUpMs,
        sqlTransactions: size.feedSqlTransactions,
        size: size.feed,
        profilers: product.profilers,
        pids: product.pids(),
        postmaster: product.postmaster,
        settle: (before) => product.settle(before),
      });
      bench.feedMembers = feed.members;
      return { scenarios: feed.results, plan: { name: 'feed', text: feed.plan } };
    },
  },
  {
    name: 'web',
    rows: ['web-ttfb'],
    figures: ['web', 'pages'],
    async run({ product, size, feedMembers }) {
      // A real member whose feed shows twenty friends' posts, when the feed was seeded.
      const { userId, token } = await signedInMember(product.gatewayUrl, product.servers.DATABASE_URL);
      if (feedMembers.length) {
        await befriend(product.servers, userId, feedMembers.slice(0, 20));
        await untilFeedShows(product.gatewayUrl, token);
      }
      await product.settle('web');
      const target = { gatewayUrl: product.gatewayUrl, token, durationMs: size.durationMs };
      const ttfb = await benchWebTtfb(target);
      const pages = await measurePagesJs(target, budgetedPages({ userId }));
      return { scenarios: [ttfb], web: homeJs(pages), pages };
    },
  },
  {
    name: 'media-bytes',
    rows: [],
    figures: ['mediaBytes'],
    async run({ product, size }) {
      const mediaBytes = await benchMediaBytes({
        gatewayUrl: product.gatewayUrl,
        databaseUrl: product.servers.DATABASE_URL,
        ...size.mediaBytes,
        settle: (before) => product.settle(before),
      });
      return { scenarios: [], mediaBytes };
    },
  },
  {
    name: 'settings',
    rows: ['settings->auth', 'settings->posts', 'settings->friends', 'settings->notifications'],
    figures: [],
    async run({ product, size }) {
      await product.settle('settings');
      return { scenarios: await benchSettingsPropagation(product.gatewayUrl, product.servers.DATABASE_URL, size.settingsRounds) };
    },
  },
  {
    name: 'blocks',
    rows: ['block->friends', 'block->auth', 'block->notifications', 'block->posts', 'block->stories-reels'],
    figures: [],
    async run({ product, size }) {
      await product.settle('blocks');
      // As many blocks as privacy changes: both measure one change's way through the same path.
      return { scenarios: await benchBlockPropagation(product.gatewayUrl, product.servers.DATABASE_URL, size.settingsRounds) };
    },
  },
  {
    name: 'groups',
    rows: bothWays('groups', 'groups-sql', GROUPS_QUERIES),
    figures: ['plan'],
    async run({ product, size }) {
      const groups = await benchGroupsSearch({
        gatewayUrl: product.gatewayUrl,
        databaseUrl: product.servers.DATABASE_URL,
        accessTokenSecret: product.secrets.ACCESS_TOKEN_SECRET,
        durationMs: size.durationMs,
        warmUpMs: size.warmUpMs,
        groups: size.groups,
        settle: (before) => product.settle(before),
      });
      return { scenarios: groups.results, plan: { name: 'groups', text: groups.plan } };
    },
  },
  {
    name: 'search',
    rows: [
      ...bothWays('search-posts', 'search-sql-posts', POSTS_QUERIES),
      ...bothWays('search-people', 'search-sql-people', PEOPLE_QUERIES),
    ],
    figures: ['plan'],
    async run({ product, size }) {
      const search = await benchSearch({
        gatewayUrl: product.gatewayUrl,
        databaseUrl: product.servers.DATABASE_URL,
        accessTokenSecret: product.secrets.ACCESS_TOKEN_SECRET,
        durationMs: size.durationMs,
        warmUpMs: size.warmUpMs,
        size: size.search,
        settle: (before) => product.settle(before),
      });
      return { scenarios: search.results, plan: { name: 'search', text: search.plan } };
    },
  },
  {
    // The same posts queries on the OpenSearch engine (decision 048; needs OPENSEARCH_URL).
    name: 'search-opensearch',
    rows: bothWays('search-opensearch-posts', 'search-opensearch-bare', POSTS_QUERIES),
    figures: [],
    async run({ product, size }) {
      const scenarios = await benchSearchOpenSearch({ product, durationMs: size.durationMs, warmUpMs: size.warmUpMs, size: size.search });
      return { scenarios };
    },
  },
  {
    name: 'reels',
    rows: ['reel-video-worker', 'reel-video-bare-ffmpeg', 'reels-feed-first', 'reels-feed-next'],
    figures: ['reelVideoRatio'],
    async run({ product, size }) {
      // A reel's video through the real worker path vs bare ffmpeg with the same settings (reel-video.ts).
      const reel = await benchReelVideo({
        gatewayUrl: product.gatewayUrl,
        accessTokenSecret: product.secrets.ACCESS_TOKEN_SECRET,
        settle: (before) => product.settle(before),
        ...size.reelVideo,
      });
      // The reels feed's first and next page through the gateway (reels-feed.ts).
      const feed = await benchReelsFeed({
        gatewayUrl: product.gatewayUrl,
        databaseUrl: product.servers.DATABASE_URL,
        accessTokenSecret: product.secrets.ACCESS_TOKEN_SECRET,
        durationMs: size.durationMs,
        warmUpMs: size.warmUpMs,
        reels: size.reels,
        settle: (before) => product.settle(before),
      });
      return { scenarios: [...reel.results, ...feed], reelVideoRatio: reel.ratio };
    },
  },
  {
    name: 'sockets',
    rows: ['like-to-socket'],
    figures: ['sockets'],
    async run({ product, size }) {
      await product.settle('sockets');
      const live = await benchSockets({
        gatewayUrl: product.gatewayUrl,
        notificationsUrl: product.upstreams.notifications!,
        notificationsPid: product.pidOf('notifications')!,
        secrets: product.secrets,
        profilers: product.profilers,
        size: size.sockets,
        pids: product.pids(),
        postmaster: product.postmaster,
      });
      return { scenarios: live.results, sockets: live.sockets };
    },
  },
  {
    // Needs the product started with a second notifications instance (run.ts, smoke.test.ts).
    name: 'sockets-instances',
    rows: ['like-to-every-tab'],
    figures: ['instances'],
    async run({ product, size }) {
      const second = product.upstreams['notifications-2'];
      if (!second) throw new Error('sockets-instances needs the product started with extraInstances: { notifications: 1 }');
      await product.settle('sockets-instances');
      const instances = await benchInstances({
        gatewayUrl: product.gatewayUrl,
        instanceUrls: [product.upstreams.notifications!, second],
        secrets: product.secrets,
        size: size.instances,
        killSecond: () => product.stopProcess('notifications-2', 'SIGKILL'),
        restartSecond: () => product.startProcess('notifications-2'),
      });
      return { scenarios: instances.results, instances: instances.instances };
    },
  },
  {
    name: 'messages',
    rows: ['message-to-socket', 'messages-open', 'messages-open-sql', 'messages-list', 'messages-list-sql'],
    figures: ['messages'],
    async run({ product, size }) {
      const messages = await benchMessages({
        gatewayUrl: product.gatewayUrl,
        notificationsUrl: product.upstreams.notifications!,
        databaseUrl: product.servers.DATABASE_URL,
        secrets: product.secrets,
        durationMs: size.durationMs,
        warmUpMs: size.warmUpMs,
        size: size.messages,
        settle: (before) => product.settle(before),
        workedOff: (before) => product.workedOff(before),
        pids: product.pids(),
        postmaster: product.postmaster,
        profilers: product.profilers,
      });
      return { scenarios: messages.results, messages: { bytesPerMessage: messages.bytesPerMessage, stored: messages.stored } };
    },
  },
  {
    name: 'webhooks',
    rows: ['webhooks-duplicate', 'webhooks-distinct'],
    figures: [],
    async run({ product, size }) {
      const scenarios = await benchWebhooks({
        gatewayUrl: product.gatewayUrl,
        databaseUrl: product.servers.DATABASE_URL,
        paystack: product.paystack,
        durationMs: size.durationMs,
        references: size.webhookReferences,
        settle: (before) => product.settle(before),
      });
      return { scenarios };
    },
  },
];
