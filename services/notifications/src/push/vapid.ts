/**
 * The VAPID key pair pushes are signed with (decision 042). VAPID_PUBLIC_KEY / VAPID_PRIVATE_KEY
 * when set (production's Secret); otherwise one pair the service makes when it starts (app.ts)
 * and keeps in its schema, so a restart, a second replica and every test on the same database sign
 * with the same key and the browsers' subscriptions, bound to the public key, stay valid.
 */
import webpush from 'web-push';
import type { Notifications } from '../context.js';

export interface VapidDetails {
  subject: string;
  publicKey: string;
  privateKey: string;
}

const loaded = new WeakMap<Notifications, Promise<VapidDetails>>();

/** The service's VAPID details, read (or made) once per instance. */
export function vapidDetails(n: Notifications): Promise<VapidDetails> {
  let details = loaded.get(n);
  if (!details) {
    details = loadVapidDetails(n);
    loaded.set(n, details);
    // A failed read is tried again by the next caller instead of being remembered.
    details.catch(() => loaded.delete(n));
  }
  return details;
}

async function loadVapidDetails(n: Notifications): Promise<VapidDetails> {
  const subject = n.config.VAPID_SUBJECT ?? subjectFromMailFrom(n.config.MAIL_FROM);
  const { VAPID_PUBLIC_KEY: publicKey, VAPID_PRIVATE_KEY: privateKey } = n.config;
  if (publicKey && privateKey) return { subject, publicKey, privateKey };
  const t = n.tables.vapidKeys;
  const made = webpush.generateVAPIDKeys();
  // Whoever inserts first wins; everyone then reads that one row.
  await n.ctx.db.insert(t).values({ id: 1, publicKey: made.publicKey, privateKey: made.privateKey }).onConflictDoNothing();
  const [row] = await n.ctx.db.select().from(t);
  if (!row) throw new Error('the VAPID key pair was not stored');
  return { subject, publicKey: row.publicKey, privateKey: row.privateKey };
}

/** `mailto:` of the address in MAIL_FROM (`Kora <no-reply@kora.local>` or a bare address). */
export function subjectFromMailFrom(mailFrom: string): string {
  const address = /<([^<>\s]+@[^<>\s]+)>/.exec(mailFrom)?.[1] ?? mailFrom.trim();
  return `mailto:${address}`;
}
