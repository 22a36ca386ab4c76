/**
 * The services of Kora and the public paths each one owns. The gateway routes by this table; the
 * run-mode launchers start services from the same list, so adding a service is one edit here.
 */
export const serviceNames = [
  'auth',
  'friends',
  'posts',
  'media',
  'stories-reels',
  'groups',
  'wallet',
  'settings',
  'notifications',
  'admin',
  'messages',
] as const;

export type ServiceName = (typeof serviceNames)[number];

export interface RouteRule {
  /**
   * Matches the path exactly, or (when `prefix` is true) the path and everything under it. A `*`
   * segment matches any one segment (`/api/groups/` star `/posts`): another service's list under
   * a resource's path.
   */
  path: string;
  prefix: boolean;
  service: ServiceName;
}

function exact(path: string, service: ServiceName): RouteRule {
  return { path, prefix: false, service };
}
function under(path: string, service: ServiceName): RouteRule {
  return { path, prefix: true, service };
}

/**
 * Every path of the product's calls (docs/product) and of ours, grouped by owner. Longer (more
 * specific) rules win over shorter ones, so `/api/users/fetchbalance` goes to the wallet although
 * `/api/users` belongs to auth.
 */
export const routeTable: readonly RouteRule[] = [
  // auth: accounts, sessions, profiles
  exact('/api/signin', 'auth'),
  // The second step of a two-step sign-in (decision 033).
  exact('/api/signin/two-step', 'auth'),
  exact('/api/signUp', 'auth'),
  exact('/api/signout', 'auth'),
  exact('/api/activate', 'auth'),
  exact('/api/resend-activation', 'auth'),
  exact('/api/sendForgotOtp', 'auth'),
  exact('/api/resend-otp', 'auth'),
  exact('/api/forgot-password', 'auth'),
  exact('/api/reset-password', 'auth'),
  // The development mailbox (answers 404 unless MAIL_DEV_OUTBOX is on).
  exact('/api/dev/mail', 'auth'),
  under('/api/auth', 'auth'),
  under('/api/users', 'auth'),
  under('/api/settings/security', 'auth'),
  // friends
  under('/api/friends', 'friends'),
  // posts, reactions, comments, shares, saves, memories, feed
  under('/api/posts', 'posts'),
  under('/api/saves', 'posts'),
  under('/api/memories', 'posts'),
  // search, hashtags and the right panel's lists: a read model in posts, beside the projections
  // every visibility rule needs (decision 025)
  exact('/api/search', 'posts'),
  under('/api/hashtags', 'posts'),
  exact('/api/members/pro', 'posts'),
  exact('/api/shares/friends', 'posts'),
  // media: uploads and the stored files
  under('/api/media', 'media'),
  under('/uploads', 'media'),
  // stories and reels
  under('/api/stories', 'stories-reels'),
  under('/api/reels', 'stories-reels'),
  // groups; a group's posts are the posts service's (it keeps the membership it needs)
  under('/api/groups', 'groups'),
  exact('/api/groups/*/posts', 'posts'),
  // wallet and payments
  under('/api/payments', 'wallet'),
  under('/api/wallet', 'wallet'),
  under('/api/packages', 'wallet'),
  exact('/api/users/fetchbalance', 'wallet'),
  // member settings (the security tab is auth's)
  under('/api/settings', 'settings'),
  // notifications and the live socket
  under('/api/notifications', 'notifications'),
  exact('/ws', 'notifications'),
  // who of a list of members is online (from live sockets, honouring showOnline)
  under('/api/presence', 'notifications'),
  // conversations, messages, read marks and requests (decision 039); admins see only reported messages
  under('/api/messages', 'messages'),
  under('/api/admin/message-reports', 'messages'),
  // admin back office and the public representative form (decision 024): accounts and the admin's
  // own profile are auth's, posts moderation and reports the posts service's
  under('/api/admin', 'admin'),
  under('/api/admin/users', 'auth'),
  under('/api/admin/profile', 'auth'),
  under('/api/admin/posts', 'posts'),
  under('/api/admin/reports', 'posts'),
  exact('/api/reports', 'posts'),
  under('/api/representatives', 'admin'),
];

/**
 * The head of a path: its first segment, or its first two under `/api` (`/api/groups`). Every rule
 * lives under one head, so a request is matched only against its head's few rules.
 */
function headOf(path: string): string {
  const first = path.indexOf('/', 1);
  if (first < 0) return path;
  if (path.slice(0, first) !== '/api') return path.slice(0, first);
  const second = path.indexOf('/', first + 1);
  return second < 0 ? path : path.slice(0, second);
}

interface CompiledRule {
  rule: RouteRule;
  path: string;
  service: ServiceName;
  /** `path/` for a prefix rule, else null. */
  under: string | null;
  /** A pattern's segments, else null. */
  segments: string[] | null;
}

/**
 * Each head's rules, most specific first: the longest matching path wins. Made once here, not per
 * request: the gateway asks this for every request it passes on.
 */
const rulesByHead = new Map<string, CompiledRule[]>();
for (const rule of [...routeTable].sort((a, b) => b.path.length - a.path.length)) {
  const head = headOf(rule.path);
  // A rule for `/api` itself would span every head; the table has none, and must not.
  if (head === '/api' || head.includes('*')) throw new Error(`route rule ${rule.path} is not under one head`);
  const rules = rulesByHead.get(head) ?? [];
  rules.push({
    rule,
    path: rule.path,
    service: rule.service,
    under: rule.prefix ? `${rule.path}/` : null,
    segments: rule.path.includes('*') ? rule.path.split('/') : null,
  });
  rulesByHead.set(head, rules);
}

/** Whether `path` fits a pattern's segments, `*` standing for any one non-empty segment. */
function fitsSegments(path: string, segments: string[]): boolean {
  const parts = path.split('/');
  return parts.length === segments.length && segments.every((s, i) => (s === '*' ? parts[i] !== '' : s === parts[i]));
}

export function serviceForPath(path: string): ServiceName | undefined {
  return routeRuleFor(path)?.service;
}

/** The rule that routes `path` (the gateway's metrics name a request by it: decision 052), or undefined. */
export function routeRuleFor(path: string): RouteRule | undefined {
  const rules = rulesByHead.get(headOf(path));
  if (!rules) return undefined;
  for (const rule of rules) {
    if (rule.segments) {
      if (fitsSegments(path, rule.segments)) return rule.rule;
    } else if (path === rule.path || (rule.under !== null && path.startsWith(rule.under))) return rule.rule;
  }
  return undefined;
}
