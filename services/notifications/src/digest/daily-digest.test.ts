import { verifyLinkToken } from '@kora/platform/service';
import { eventually, recipientsOf, startSmtpSink, testEnv, type SinkMessage, type SmtpSink } from '@kora/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  client,
  deliver,
  like,
  memberIds,
  registerMember,
  sendMessage,
  setLanguage,
  setNotificationSettings,
  setTimezone,
  someId,
  startNotifications,
  type NotificationsTestService,
} from '../test-support.js';
import { DIGEST_QUEUE, digestSender, sendDueDigests } from './daily-digest.js';
import { DIGEST_LISTED } from './mail.js';

describe(`daily digest (${process.env.KORA_TEST_TARGET ?? 'embedded'})`, () => {
  let svc: NotificationsTestService;
  let sink: SmtpSink;
  let now = new Date('2026-11-26T06:00:00Z');
  const nextId = memberIds();
  const secret = testEnv().INTERNAL_SECRET;

  beforeAll(async () => {
    sink = await startSmtpSink();
    svc = await startNotifications({ env: { ...process.env, SMTP_URL: sink.url, PUBLIC_URL: 'https://kora.test' }, now: () => now });
  });
  afterAll(async () => {
    await svc?.close();
    await sink?.close();
  });

  const at = (iso: string) => void (now = new Date(iso));
  const mailsTo = (userId: number): SinkMessage[] => sink.messages.filter((m) => recipientsOf(m).includes(`${userId}@example.ng`));
  const run = () => sendDueDigests(svc.handle, digestSender(svc.handle));

  /** A registered member with the digest on (or not) and `unread` notifications. */
  async function member({
    digest = true,
    unread = 2,
    timezone,
    language,
  }: { digest?: boolean; unread?: number; timezone?: string; language?: 'pcm' } = {}): Promise<number> {
    const me = nextId();
    await registerMember(svc, me, { firstname: 'Amaka', lastname: 'Obi' });
    if (digest) await setNotificationSettings(svc, me, { emailDigest: true });
    if (timezone) await setTimezone(svc, me, timezone);
    if (language) await setLanguage(svc, me, language);
    for (let i = 0; i < unread; i++) {
      const actor = nextId();
      await registerMember(svc, actor, { firstname: 'Tunde', lastname: `Bakare${i}` });
      await like(svc, me, actor);
    }
    return me;
  }

  it('sends at 08:00 local time, not at 07:00, and not twice that day; again the next day', async () => {
    const me = await member();
    at('2026-11-26T07:59:00Z');
    await run();
    expect(mailsTo(me)).toHaveLength(0);
    at('2026-11-26T08:05:00Z');
    await run();
    expect(mailsTo(me)).toHaveLength(1);
    at('2026-11-26T08:50:00Z');
    await run();
    expect(mailsTo(me)).toHaveLength(1);
    at('2026-11-26T09:05:00Z');
    await run();
    expect(mailsTo(me)).toHaveLength(1);
    at('2026-11-27T08:20:00Z');
    await run();
    expect(mailsTo(me)).toHaveLength(2);
  });

  it("is written in the member's language, the notifications it lists included", async () => {
    const me = await member({ unread: 2, language: 'pcm' });
    at('2026-11-28T08:05:00Z');
    await run();
    const [mail] = mailsTo(me);
    expect(mail?.subject).toBe('Your Kora daily digest: 2 notifications wey you never read');
    expect(mail?.text).toContain('How far Amaka Obi,');
    expect(mail?.text).toContain('You get 2 notifications wey you never read for Kora:');
    expect(mail?.text).toMatch(/- Tunde Bakare1 like your post\n- Tunde Bakare0 like your post/);
    expect(mail?.text).toContain('See all of dem: https://kora.test/notifications');
    expect(mail?.html).toContain('You dey get dis e-mail because daily digest dey on');
  });

  it("follows the member's time zone", async () => {
    const lagos = await member({ timezone: 'Africa/Lagos' });
    at('2026-11-26T08:10:00Z'); // 09:10 in Lagos
    await run();
    expect(mailsTo(lagos)).toHaveLength(0);
    at('2026-11-28T07:10:00Z'); // 08:10 in Lagos
    await run();
    expect(mailsTo(lagos)).toHaveLength(1);
  });

  it('lists the unread notifications with a link to them and a valid unsubscribe link and headers', async () => {
    const me = await member({ unread: 3 });
    const api = client(svc);
    const [newest] = (await api.get('/api/notifications', me)).json<{ id: number }[]>();
    await api.post('/api/notifications/mark-read', me, { ids: [newest!.id] });
    at('2026-11-29T08:01:00Z');
    await run();
    const [mail] = mailsTo(me);
    expect(mail!.subject).toBe('Your Kora daily digest: 2 unread notifications');
    expect(mail!.text).toContain('Hello Amaka Obi,');
    expect(mail!.text).toContain('- Tunde Bakare0 liked your post');
    expect(mail!.text).toContain('- Tunde Bakare1 liked your post');
    expect(mail!.text).not.toContain('Tunde Bakare2');
    expect(mail!.text).toContain('See them all: https://kora.test/notifications');
    const token = /https:\/\/kora\.test\/unsubscribe\?token=([^\s]+)/.exec(mail!.text ?? '')?.[1];
    expect(verifyLinkToken(secret, 'unsubscribe-digest', decodeURIComponent(token!))).toBe(me);
    const header = (key: string) => mail!.headers.find((h) => h.key === key)?.value;
    expect(header('list-unsubscribe')).toBe(`<https://kora.test/api/settings/unsubscribe?token=${token}>`);
    expect(header('list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
  });

  it('lists the unread conversations by the other member or the group, in the text and the HTML, apart from the notifications', async () => {
    const me = await member({ unread: 1 });
    const [bola, chidi] = [nextId(), nextId()];
    await registerMember(svc, bola, { firstname: 'Bola', lastname: 'Adeyemi' });
    await registerMember(svc, chidi, { firstname: 'Chidi', lastname: 'Okeke' });
    const [direct, beach, readOne] = [someId(), someId(), someId()];
    await sendMessage(svc, direct, bola, [me, bola]);
    await sendMessage(svc, direct, bola, [me, bola]);
    await sendMessage(svc, beach, chidi, [me, bola, chidi], { title: 'Beach <Saturday>' });
    const { payload } = await sendMessage(svc, readOne, chidi, [me, chidi]);
    await deliver(
      svc,
      'conversation.read',
      { conversationId: readOne, memberIds: [me, chidi], userId: me, readUpTo: payload.message.id },
      readOne,
      me,
    );
    at('2026-12-03T08:01:00Z');
    await run();
    const [mail] = mailsTo(me);
    expect(mail!.subject).toBe('Your Kora daily digest: 1 unread notification, 2 unread conversations');
    expect(mail!.text).toContain('You have 1 unread notification on Kora:\n\n- Tunde Bakare0 liked your post\n');
    expect(mail!.text).toContain(
      'You have 2 unread conversations:\n\n- Beach <Saturday>\n- Bola Adeyemi\n\nRead them: https://kora.test/messages',
    );
    expect(mail!.text).not.toContain('sent you a message');
    expect(mail!.html).toContain('<p>You have 2 unread conversations:</p><ul><li>Beach &lt;Saturday&gt;</li><li>Bola Adeyemi</li></ul>');
    expect(mail!.html).toContain('<a href="https://kora.test/messages">Read them</a>');
  });

  it('sends a digest of unread conversations alone, and counts those past the listed ones', async () => {
    const me = await member({ unread: 0 });
    for (let i = 0; i < DIGEST_LISTED + 2; i++) await sendMessage(svc, someId(), nextId(), [me]);
    at('2026-12-04T08:01:00Z');
    await run();
    const [mail] = mailsTo(me);
    expect(mail!.subject).toBe(`Your Kora daily digest: ${DIGEST_LISTED + 2} unread conversations`);
    expect(mail!.text).not.toContain('unread notification');
    expect(mail!.text).toContain('- and 2 more\n');
    expect(mail!.html).toContain('<li>and 2 more</li>');
  });

  it('sends nothing when nothing is unread, nor to members who did not ask for it', async () => {
    const nothingUnread = await member({ unread: 0 });
    const notAsked = await member({ digest: false });
    const switchedOff = await member();
    await setNotificationSettings(svc, switchedOff, { emailDigest: false });
    at('2026-11-30T08:01:00Z');
    await run();
    expect([...mailsTo(nothingUnread), ...mailsTo(notAsked), ...mailsTo(switchedOff)]).toEqual([]);
  });

  it('two runs at once (two instances, a retry) send one mail', async () => {
    const me = await member();
    at('2026-12-01T08:01:00Z');
    await Promise.all([run(), run(), run()]);
    expect(mailsTo(me)).toHaveLength(1);
  });

  it('runs as the notifications.digest job', async () => {
    const me = await member();
    at('2026-12-02T08:01:00Z');
    await svc.ctx.jobs.enqueue(DIGEST_QUEUE, {});
    await eventually(() => mailsTo(me).length === 1);
  });
});

describe(`daily digest without SMTP (${process.env.KORA_TEST_TARGET ?? 'embedded'})`, () => {
  it('keeps the mail in the dev outbox when it is on', async () => {
    const svc = await startNotifications({
      env: { ...process.env, SMTP_URL: '', MAIL_DEV_OUTBOX: 'true' },
      now: () => new Date('2026-11-26T08:30:00Z'),
    });
    try {
      const [me, actor] = [memberIds()(), memberIds()()];
      await registerMember(svc, me);
      await setNotificationSettings(svc, me, { emailDigest: true });
      await like(svc, me, actor);
      // On Kafka this file's earlier members reach this service too (same topics): only mine count.
      expect(await sendDueDigests(svc.handle, digestSender(svc.handle))).toBeGreaterThanOrEqual(1);
      const mails = (await svc.ctx.db.select().from(svc.tables.devMail)).filter((m) => m.to === `${me}@example.ng`);
      expect(mails).toMatchObject([{ to: `${me}@example.ng`, subject: 'Your Kora daily digest: 1 unread notification' }]);
    } finally {
      await svc.close();
    }
  });
});
