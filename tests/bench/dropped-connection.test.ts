import { describe, expect, it } from 'vitest';
import { triedAgainWhenDropped } from './dropped-connection.js';

class SocketError extends Error {
  override name = 'SocketError';
}

describe('the bench’s setup calls on a dropped connection', () => {
  it('tries a call again after fetch failed or a body was cut off, and answers what it then answers', async () => {
    const failures = [new TypeError('fetch failed'), new SocketError('other side closed')];
    let calls = 0;
    const answer = await triedAgainWhenDropped(async () => {
      calls++;
      const failure = failures.shift();
      if (failure) throw failure;
      return 'made';
    });
    expect({ answer, calls }).toEqual({ answer: 'made', calls: 3 });
  });

  it('gives any other failure back at once', async () => {
    let calls = 0;
    const call = triedAgainWhenDropped(async () => {
      calls++;
      throw new Error('POST /api/posts answered 400');
    });
    await expect(call).rejects.toThrow('answered 400');
    expect(calls).toBe(1);
  });
});
