/**
 * The demo community's groups: public and private Nigerian groups with pictures, members, join
 * requests waiting for the demo member to answer, an admin or two, and a few posts in them
 * (`POST /api/posts` with `groupId`). All through the public API, as people would. A group its
 * owner already has (a re-run) is left as it is.
 */
import type { GroupDetail, GroupListAnswer } from '@kora/contracts';
import { ApiError, type Client } from './client.js';
import type { SeededMember } from './members.js';
import { picture, pngForm } from './pictures.js';

interface DemoGroup {
  owner: number;
  title: string;
  description: string;
  privacy: 'public' | 'private';
  colours: [string, string];
  /** Approved members (indexes into the demo members); the first may be made an admin. */
  members: number[];
  admin?: number;
  /** Members who asked to join and still wait (private groups). */
  waiting?: number[];
  posts: { author: number; content: string }[];
}

export const groups: DemoGroup[] = [
  {
    owner: 0,
    title: 'Lagos Food Lovers',
    description: 'Where to eat in Lagos, and what to cook at home. Jollof debates welcome, party rice is a fact.',
    privacy: 'public',
    colours: ['#ea580c', '#fde68a'],
    members: [1, 2, 3, 6, 8, 10],
    admin: 2,
    posts: [
      { author: 0, content: 'Best amala in Surulere? I have tried three spots this month and I am not yet satisfied.' },
      { author: 3, content: 'Made ofada stew for the first time. The smell alone has the whole compound asking questions.' },
    ],
  },
  {
    owner: 5,
    title: 'Abuja Tech Meetup',
    description: 'Developers, designers and founders in the FCT. Monthly meetups in Wuse, job posts on Fridays.',
    privacy: 'public',
    colours: ['#1d4ed8', '#93c5fd'],
    members: [0, 7, 9, 11],
    posts: [
      { author: 5, content: 'Next meetup is Saturday at 2pm: lightning talks on payments and offline-first apps. Who is presenting?' },
    ],
  },
  {
    owner: 4,
    title: 'Àbéòkúta Adire Makers',
    description: 'Tie-dye and batik artisans from Itoku market and beyond: patterns, dyes, orders and fairs.',
    privacy: 'private',
    colours: ['#1e3a8a', '#60a5fa'],
    members: [0, 6],
    waiting: [10],
    posts: [{ author: 4, content: 'Fresh indigo batch is ready. Bring your white fabric on Thursday.' }],
  },
  {
    owner: 0,
    title: 'Lekki Parents Circle',
    description: 'School runs, holiday lessons, paediatricians who pick up at night. A private group for parents in Lekki and Ajah.',
    privacy: 'private',
    colours: ['#be185d', '#f9a8d4'],
    members: [2, 4],
    admin: 2,
    waiting: [7, 8],
    posts: [{ author: 2, content: 'Any recommendations for a swimming coach around Chevron for two eight-year-olds?' }],
  },
  {
    owner: 2,
    title: 'Naija Runners',
    description: 'Early morning runs across Lagos, Abuja and Port Harcourt. All paces, no judgement.',
    privacy: 'public',
    colours: ['#15803d', '#86efac'],
    members: [0, 1, 4, 9],
    posts: [{ author: 2, content: 'Sunday 6am: Ikoyi link bridge loop, 8k. Water will be at the start.' }],
  },
  {
    owner: 1,
    title: 'Super Eagles Fans',
    description: 'Match days, line-up arguments and viewing centres near you.',
    privacy: 'public',
    colours: ['#166534', '#f0fdf4'],
    members: [3, 5, 7, 9, 11],
    posts: [],
  },
  {
    owner: 9,
    title: 'Enugu Small Business Owners',
    description: 'Shop owners and traders in Enugu: suppliers, POS, tax questions and who is hiring.',
    privacy: 'private',
    colours: ['#b45309', '#fcd34d'],
    members: [3, 11],
    waiting: [0],
    posts: [],
  },
];

/** Ignores the refusal a re-run meets (already answered); anything else still fails the seed. */
async function unlessAlready(status: number, call: () => Promise<unknown>): Promise<void> {
  try {
    await call();
  } catch (err) {
    if (!(err instanceof ApiError && err.status === status)) throw err;
  }
}

async function existing(client: Client, owner: SeededMember, title: string): Promise<number | null> {
  const mine = await client.call<GroupListAnswer>(`/api/groups?tab=mine&limit=50&q=${encodeURIComponent(title)}`, { token: owner.token });
  return mine.items.find((g) => g.group_title === title)?.group_id ?? null;
}

/** Seeds the groups; answers how many were created now. */
export async function seedGroups(client: Client, seeded: SeededMember[]): Promise<number> {
  let created = 0;
  for (const [i, group] of groups.entries()) {
    const owner = seeded[group.owner]!;
    if ((await existing(client, owner, group.title)) !== null) continue;
    const { urls } = await client.call<{ urls: string[] }>('/api/media/upload', {
      token: owner.token,
      form: pngForm('files', [await picture(group.colours, 960, 540, 40 + i)]),
    });
    const made = await client.call<GroupDetail>('/api/groups', {
      token: owner.token,
      json: { title: group.title, description: group.description, privacy: group.privacy, picture: urls[0] ?? null },
    });
    const url = `/api/groups/${made.group_id}`;
    for (const index of group.members) {
      const member = seeded[index]!;
      await client.call(`${url}/join`, { method: 'POST', token: member.token });
      if (group.privacy === 'private')
        await unlessAlready(404, () => client.call(`${url}/requests/${member.userId}/approve`, { method: 'POST', token: owner.token }));
    }
    if (group.admin !== undefined)
      await client.call(`${url}/members/${seeded[group.admin]!.userId}/role`, {
        method: 'PUT',
        token: owner.token,
        json: { role: 'admin' },
      });
    for (const index of group.waiting ?? []) await client.call(`${url}/join`, { method: 'POST', token: seeded[index]!.token });
    for (const post of group.posts) {
      const author = seeded[post.author]!;
      await client.call('/api/posts', {
        token: author.token,
        json: { userId: author.userId, content: post.content, groupId: made.group_id },
      });
    }
    created++;
  }
  return created;
}
