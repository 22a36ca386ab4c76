/** The data archive is ready (decision 035): `archive.ready` rings the member's bell and mails the link, once. */
import { archiveTexts, topicOf } from '@kora/contracts';
import { describe, expect, it } from 'vitest';
import { client, deliver, listOf, memberIds, registerMember, setLanguage, startNotifications } from '../test-support.js';

describe(`archive-ready notifications (${process.env.KORA_TEST_TARGET ?? 'embedded'})`, () => {
  it('tells the member in the bell and by mail with the link; a replay sends nothing more', async () => {
    const svc = await startNotifications({ env: { ...process.env, SMTP_URL: '', MAIL_DEV_OUTBOX: 'true' } });
    try {
      const me = memberIds()();
      await registerMember(svc, me, { firstname: 'Ada', lastname: 'Obi' });
      const payload = {
        userId: me,
        downloadUrl: `/api/media/archive/download?token=${me}.abc.1.x`,
        expiresAt: '2026-12-06T09:00:00.000Z',
        bytes: 1234,
      };
      const event = await deliver(svc, 'archive.ready', payload, me, me);

      const [notice, ...more] = await listOf(client(svc), me);
      expect(more).toEqual([]);
      expect(notice).toMatchObject({
        type: 'archive_ready',
        actorId: me,
        entityType: 'user',
        entityId: me,
        message: archiveTexts.notification,
      });

      const mailsTo = async () => (await svc.ctx.db.select().from(svc.tables.devMail)).filter((m) => m.to === `${me}@example.ng`);
      const [mail, ...others] = await mailsTo();
      expect(others).toEqual([]);
      expect(mail).toMatchObject({ subject: archiveTexts.mailSubject });
      expect(mail!.text).toContain(`${payload.downloadUrl}`);
      expect(mail!.text).toContain('/settings?tab=data');
      expect(mail!.text).toContain('Hello Ada Obi,');

      // The same event again, then another member's to know it was handled: still one notice, one mail.
      await svc.adapters.bus.publish([{ topic: topicOf('archive.ready'), key: String(me), value: JSON.stringify(event) }]);
      const other = memberIds()();
      await deliver(svc, 'archive.ready', { ...payload, userId: other }, other, other);
      expect(await listOf(client(svc), me)).toHaveLength(1);
      expect(await mailsTo()).toHaveLength(1);

      // A Pidgin member's notice and mail are in Pidgin.
      const pidgin = memberIds()();
      await registerMember(svc, pidgin, { firstname: 'Ada', lastname: 'Obi' });
      await setLanguage(svc, pidgin, 'pcm');
      await deliver(svc, 'archive.ready', { ...payload, userId: pidgin }, pidgin, pidgin);
      const [pidginMail] = (await svc.ctx.db.select().from(svc.tables.devMail)).filter((m) => m.to === `${pidgin}@example.ng`);
      expect(pidginMail!.text).toContain('How far Ada Obi,\n\nDi copy of your Kora data wey you ask for don ready.');
      expect(pidginMail!.text).toContain('You fit also find am for Settings → ');
      expect(pidginMail!.html).toContain('You fit also find am for <a href=');
    } finally {
      await svc.close();
    }
  });
});
