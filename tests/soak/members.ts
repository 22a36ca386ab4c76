/**
 * The soak's members, made as a person makes an account: sign-up, the activation link from the
 * product's development outbox (auth's GET /api/dev/mail), activation, sign-in.
 */
import { randomBytes } from 'node:crypto';
import { activationPath } from '../support/mail.js';
import type { SoakClient } from './client.js';

export interface SoakMember {
  userId: number;
  email: string;
  password: string;
  token: string;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function activationLink(client: SoakClient, email: string): Promise<string> {
  for (let attempt = 0; attempt < 100; attempt++) {
    const mails = await client.call<Array<{ subject: string; text: string }>>('GET', `/api/dev/mail?to=${encodeURIComponent(email)}`);
    const mail = mails.body?.find((m) => /activ/i.test(m.subject));
    if (mail) return activationPath(mail.text);
    await sleep(200);
  }
  throw new Error(`no activation mail for ${email}`);
}

export async function signIn(client: SoakClient, email: string, password: string): Promise<{ token: string; userId: number }> {
  const res = await client.call<{ token: string; user: { user_id: number } }>('POST', '/api/signin', { json: { email, password } });
  if (res.status !== 200 || !res.body) throw new Error(`sign-in of ${email} answered ${res.status}`);
  return { token: res.body.token, userId: res.body.user.user_id };
}

export async function makeMember(client: SoakClient, index: number): Promise<SoakMember> {
  const tag = randomBytes(4).toString('hex');
  const member = {
    firstname: 'Soak',
    lastname: `Member${index}`,
    username: `soak_${tag}`,
    email: `soak.${tag}@example.com`,
    password: 'correct horse 1',
  };
  const signedUp = await client.call('POST', '/api/signUp', { json: member });
  if (signedUp.status !== 201) throw new Error(`sign-up answered ${signedUp.status}: ${JSON.stringify(signedUp.body)}`);
  const token = (await activationLink(client, member.email)).split('/').pop()!;
  const activated = await client.call('POST', '/api/activate', { json: { token } });
  if (activated.status !== 200) throw new Error(`activation answered ${activated.status}`);
  return { email: member.email, password: member.password, ...(await signIn(client, member.email, member.password)) };
}
