/**
 * `npm run seed`: fills a running Kora (either mode) with a small believable community — members
 * with avatars, friendships and pending requests, groups with members and join requests
 * (groups.ts), posts with photos, likes and comments, stories and reels (stories-reels.ts), and so
 * the notifications those make — through
 * the public API only, as people would. Then prints how to sign in as the demo member.
 *
 * KORA_URL (default http://localhost:$PORT, PORT default 8080) says where Kora runs. A second run
 * finds the community there and only prints the sign-in details (`--force` adds posts again).
 */
import { ApiError, createClient, type Client } from './client.js';
import { comments, DEMO_MEMBER, DEMO_PASSWORD, friendships, members, pendingRequests, posts } from './content.js';
import { seedGroups } from './groups.js';
import { ensureMember, type SeededMember } from './members.js';
import { picture, pngForm } from './pictures.js';
import { seedReels, seedStories } from './stories-reels.js';

const baseUrl = process.env.KORA_URL ?? `http://localhost:${process.env.PORT ?? 8080}`;
const force = process.argv.includes('--force');
const log = (line: string) => process.stdout.write(`[seed] ${line}\n`);

async function befriend(client: Client, from: SeededMember, to: SeededMember, accept: boolean): Promise<void> {
  try {
    const sent = await client.call<{ request: { id: number; status: unknown } }>('/api/friends/requests', {
      token: from.token,
      json: { toUserId: to.userId },
    });
    if (accept && sent.request.status === 0) {
      await client.call(`/api/friends/requests/${sent.request.id}`, { method: 'PUT', token: to.token, json: { action: 'accepted' } });
    }
  } catch (err) {
    // Already friends or already asked (a re-run): nothing to do.
    if (!(err instanceof ApiError && err.status === 409)) throw err;
  }
}

async function publish(client: Client, seeded: SeededMember[]): Promise<number> {
  let count = 0;
  for (const [i, post] of posts.entries()) {
    const author = seeded[post.author]!;
    let media: { url: string; type: string }[] = [];
    if (post.photos?.length) {
      const files = await Promise.all(post.photos.map((colours, k) => picture(colours, 960, 720, i * 7 + k)));
      const { urls } = await client.call<{ urls: string[] }>('/api/media/upload', { token: author.token, form: pngForm('files', files) });
      media = urls.map((url) => ({ url, type: 'image' }));
    }
    const created = await client.call<{ id: number }>('/api/posts', {
      token: author.token,
      json: { userId: author.userId, content: post.content, media },
    });
    // Friends and neighbours react: a few likes and comments per post, never from the author.
    const others = seeded.filter((m) => m.index !== author.index);
    const likers = others.filter((_, k) => (k + i) % 3 !== 0).slice(0, 2 + (i % 5));
    for (const liker of likers) await client.call(`/api/posts/${created.id}/react`, { token: liker.token, json: { reaction: 'like' } });
    for (let c = 0; c < 1 + (i % 3); c++) {
      const commenter = others[(i * 5 + c * 3) % others.length]!;
      await client.call(`/api/posts/${created.id}/comment`, {
        token: commenter.token,
        json: { content: comments[(i + c) % comments.length] },
      });
    }
    count++;
  }
  return count;
}

async function main() {
  const client = createClient(baseUrl);
  try {
    await client.call('/healthz');
  } catch {
    throw new Error(`Kora is not answering at ${baseUrl}. Start it first (npm start), or set KORA_URL.`);
  }
  log(`seeding ${baseUrl}`);
  const seeded: SeededMember[] = [];
  for (const [i, member] of members.entries()) seeded.push(await ensureMember(client, member, i));
  const fresh = seeded.filter((m) => m.created);
  log(`${members.length} members (${fresh.length} new)`);

  for (const member of fresh) {
    const form = pngForm('avatar', [await picture(member.colours, 512, 512, member.index + 1)]);
    await client.call(`/api/users/${member.userId}/avatar`, { method: 'PUT', token: member.token, form });
  }
  for (const [a, b] of friendships) await befriend(client, seeded[a]!, seeded[b]!, true);
  for (const [a, b] of pendingRequests) await befriend(client, seeded[a]!, seeded[b]!, false);
  log(`${friendships.length} friendships, ${pendingRequests.length} pending requests`);

  const demo = seeded[members.indexOf(DEMO_MEMBER)]!;
  const existing = await client.call<unknown[]>(`/api/posts?authorId=${demo.userId}&limit=1`, { token: demo.token });
  if (existing.length > 0 && !force) {
    log('posts are already there (use --force to add them again)');
  } else {
    log(`${await publish(client, seeded)} posts with photos, likes and comments`);
  }
  // After the feed's posts: the group posts are the demo member's too, and would read as "already seeded".
  const newGroups = await seedGroups(client, seeded);
  log(`groups: ${newGroups} new (public and private, with members, waiting requests and posts)`);
  log(`stories: ${await seedStories(client, seeded)} new (picture stories from the demo member's friends)`);
  log(`reels: ${await seedReels(client, seeded)} new (short vertical clips with likes and comments)`);

  process.stdout.write(
    `\nDemo data is ready at ${baseUrl}\n` +
      `  Sign in as ${demo.firstname} ${demo.lastname}: ${demo.email} (or ${demo.username}) / ${DEMO_PASSWORD}\n` +
      `  Every demo member uses the same password: ${seeded.map((m) => m.username).join(', ')}\n\n`,
  );
}

main().catch((err: unknown) => {
  process.stderr.write(`[seed] ${err instanceof Error ? err.message : String(err)}\n`);
  process.exit(1);
});
