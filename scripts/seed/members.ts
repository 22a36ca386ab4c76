/**
 * Demo members made the way a newcomer makes an account: sign-up, the activation link from the dev
 * mailbox (`/api/dev/mail`, on for `npm start` and `npm run start:cluster`), sign-in. A member that
 * already exists (a second run) is only signed in.
 */
import { ApiError, type Client } from './client.js';
import { DEMO_PASSWORD, type DemoMember } from './content.js';

export interface SeededMember extends DemoMember {
  index: number;
  userId: number;
  email: string;
  token: string;
  ip: string;
  created: boolean;
}

export const emailOf = (member: DemoMember) => `${member.username}@demo.kora.ng`;

async function activationToken(client: Client, email: string): Promise<string> {
  for (let attempt = 0; attempt < 100; attempt++) {
    let mails: { links: string[] }[];
    try {
      mails = await client.call(`/api/dev/mail?to=${encodeURIComponent(email)}`);
    } catch (err) {
      if (err instanceof ApiError && err.status === 404) {
        throw new Error(
          'The dev mailbox is off, so the seed cannot read activation mails. Start Kora with MAIL_DEV_OUTBOX=true (the default of npm start and npm run start:cluster without SMTP_URL).',
        );
      }
      throw err;
    }
    const link = mails.flatMap((m) => m.links).find((l) => l.includes('/activate/'));
    if (link) return link.split('/').pop()!;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`No activation mail arrived for ${email}`);
}

export async function ensureMember(client: Client, member: DemoMember, index: number): Promise<SeededMember> {
  const email = emailOf(member);
  const ip = `10.77.${Math.floor(index / 200)}.${(index % 200) + 10}`;
  let created = false;
  try {
    await client.call('/api/signUp', {
      ip,
      json: { firstname: member.firstname, lastname: member.lastname, username: member.username, email, password: DEMO_PASSWORD },
    });
    created = true;
  } catch (err) {
    if (!(err instanceof ApiError && err.status === 409)) throw err;
  }
  if (created) await client.call('/api/activate', { ip, json: { token: await activationToken(client, email) } });
  const session = await client.call<{ token: string; user: { user_id: number } }>('/api/signin', {
    ip,
    json: { email, password: DEMO_PASSWORD },
  });
  return { ...member, index, email, ip, created, userId: session.user.user_id, token: session.token };
}
