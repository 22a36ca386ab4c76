/**
 * A throwaway SMTP server for tests: accepts every message on 127.0.0.1 (no auth, no TLS), parses
 * it with postal-mime and keeps it, so a test can read the activation link or recovery code from
 * the text body exactly as a member would receive it.
 */
import PostalMime, { type Email } from 'postal-mime';
import { SMTPServer } from 'smtp-server';
import type { AddressInfo } from 'node:net';

export type SinkMessage = Email;

export interface SmtpSink {
  /** `smtp://127.0.0.1:<port>`, ready for SMTP_URL. */
  url: string;
  messages: SinkMessage[];
  /** The first message (already received or still to come) that `predicate` accepts. */
  waitFor(predicate: (message: SinkMessage) => boolean, timeoutMs?: number): Promise<SinkMessage>;
  close(): Promise<void>;
}

/** Recipient addresses of a parsed message, lower-case. */
export function recipientsOf(message: SinkMessage): string[] {
  return (message.to ?? []).flatMap((a) => ('address' in a && a.address ? [a.address.toLowerCase()] : []));
}

export async function startSmtpSink(): Promise<SmtpSink> {
  const messages: SinkMessage[] = [];
  const waiters = new Set<() => void>();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('error', callback);
      stream.on('end', () => {
        PostalMime.parse(Buffer.concat(chunks))
          .then((parsed) => {
            messages.push(parsed);
            for (const wake of waiters) wake();
            callback();
          })
          .catch((err: Error) => callback(err));
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.server.address() as AddressInfo;

  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    waitFor(predicate, timeoutMs = 15_000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const found = messages.find(predicate);
          if (!found) return false;
          clearTimeout(timer);
          waiters.delete(check);
          resolve(found);
          return true;
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`no matching mail within ${timeoutMs} ms (${messages.length} received)`));
        }, timeoutMs);
        if (!check()) waiters.add(check);
      });
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
