/**
 * The bench's own setup calls on a busy machine: a connection the other side dropped (fetch's
 * "fetch failed", or a body cut off: undici's SocketError) is tried again, a second later each time.
 */
const TRIES = 5;

function dropped(error: unknown): boolean {
  return error instanceof TypeError || (error instanceof Error && error.name === 'SocketError');
}

export async function triedAgainWhenDropped<T>(call: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await call();
    } catch (error) {
      if (attempt >= TRIES || !dropped(error)) throw error;
      await new Promise((resolve) => setTimeout(resolve, 1_000 * attempt));
    }
  }
}
