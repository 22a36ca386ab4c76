/**
 * Live sockets of a few members, through the gateway. After each fault every one is closed and
 * opened again (as a browser tab reconnects), and must receive a fresh notification: a comment
 * another member makes on a new post of its owner.
 */
import { openSocket, wsUrl, type LiveSocket } from '@kora/testing/websocket';
import type { AcceptedWrites } from './accepted.js';
import type { SoakClient } from './client.js';
import type { SoakMember } from './members.js';
import type { CheckResult } from './checks.js';
import { randomBytes } from 'node:crypto';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function reconnect(baseUrl: string, member: SoakMember, timeoutMs: number): Promise<LiveSocket> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      return await openSocket(wsUrl(baseUrl), { authorization: `Bearer ${member.token}` });
    } catch (err) {
      if (Date.now() > deadline) throw err;
      await sleep(500);
    }
  }
}

export class SoakSockets {
  private readonly open = new Map<number, LiveSocket>();

  constructor(
    private readonly client: SoakClient,
    private readonly holders: SoakMember[],
  ) {}

  /** Reconnects every holder, makes each a notification and waits for it on the new socket. */
  async check(others: SoakMember[], writes: AcceptedWrites, timeoutMs = 20_000): Promise<CheckResult> {
    const problems = await Promise.all(
      this.holders.map((holder, i) => this.checkOne(holder, others[i % others.length]!, writes, timeoutMs)),
    );
    const failed = problems.filter((p): p is string => p !== null);
    return {
      name: 'sockets notified after reconnecting',
      ok: failed.length === 0,
      detail: failed.length ? failed.slice(0, 3).join('; ') : `${this.holders.length} sockets`,
    };
  }

  private async checkOne(holder: SoakMember, commenter: SoakMember, writes: AcceptedWrites, timeoutMs: number): Promise<string | null> {
    this.open.get(holder.userId)?.ws.terminate();
    let socket: LiveSocket;
    try {
      socket = await reconnect(this.client.baseUrl, holder, timeoutMs);
    } catch (err) {
      return `member ${holder.userId}: no socket (${(err as Error).message})`;
    }
    this.open.set(holder.userId, socket);
    const tag = `soak-${randomBytes(6).toString('hex')}`;
    const post = await this.client.call<{ id: number }>('POST', '/api/posts', {
      token: holder.token,
      json: { userId: holder.userId, content: `Soak post ${tag}` },
    });
    if (post.status !== 201 || !post.body) return `member ${holder.userId}: post answered ${post.status}`;
    writes.posts.push({ id: post.body.id, authorId: holder.userId, tag });
    const commentTag = `soak-${randomBytes(6).toString('hex')}`;
    const comment = await this.client.call<{ id: number }>('POST', `/api/posts/${post.body.id}/comment`, {
      token: commenter.token,
      json: { content: `Soak comment ${commentTag}` },
    });
    if (comment.status !== 201 || !comment.body) return `member ${holder.userId}: comment answered ${comment.status}`;
    writes.comments.push({ id: comment.body.id, postId: post.body.id, userId: commenter.userId, authorId: holder.userId, tag: commentTag });
    const deadline = Date.now() + timeoutMs;
    while (Date.now() < deadline) {
      if (socket.pushed().some((n) => n.meta.postId === post.body!.id && n.type === 'post_comment')) return null;
      await sleep(100);
    }
    return `member ${holder.userId}: no notification for post ${post.body.id} within ${timeoutMs / 1000} s`;
  }

  close(): void {
    for (const socket of this.open.values()) socket.ws.terminate();
  }
}
