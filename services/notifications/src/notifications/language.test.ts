/**
 * Notifications in their recipient's language (decision 045): written once, when made, in the
 * language the member chose (settings.profile-changed), so the bell, the live socket and the push
 * say the same words. A member who chose English, or nothing, reads English.
 */
import { type EventPayload } from '@kora/contracts';
import { describe, expect, it } from 'vitest';
import {
  announcedTo,
  deliver,
  like,
  listOf,
  memberIds,
  registerMember,
  sendMessage,
  setLanguage,
  someId,
  useNotificationsService,
} from '../test-support.js';

describe(`notifications in the recipient's language (${process.env.KORA_TEST_TARGET ?? 'embedded'})`, () => {
  const file = useNotificationsService();
  const nextId = memberIds();

  it("tells a Pidgin member in Pidgin and an English member in English, in the list and on the socket's event", async () => {
    const [pidgin, english, actor] = [nextId(), nextId(), nextId()];
    await registerMember(file.svc, actor, { firstname: 'Bola', lastname: 'Adeyemi' });
    await setLanguage(file.svc, pidgin, 'pcm');
    await setLanguage(file.svc, english, 'en');
    await like(file.svc, pidgin, actor);
    await like(file.svc, english, actor);

    expect((await listOf(file.api, pidgin))[0]).toMatchObject({ type: 'post_like', actorName: 'Bola Adeyemi', message: 'like your post' });
    expect((await announcedTo(file.svc, pidgin))[0]?.message).toBe('like your post');
    expect((await listOf(file.api, english))[0]?.message).toBe('liked your post');
  });

  it("writes a whole notice (a report's outcome) in Pidgin, and reads a language not offered yet as English", async () => {
    const [pidgin, french, admin] = [nextId(), nextId(), nextId()];
    await setLanguage(file.svc, pidgin, 'pcm');
    await setLanguage(file.svc, french, 'fr');
    for (const reporterId of [pidgin, french]) {
      const postId = someId();
      const payload: EventPayload<'report.closed'> = {
        reportId: someId(),
        reporterId,
        targetType: 'comment',
        targetId: someId(),
        postId,
        status: 'dismissed',
        moderation: null,
      };
      await deliver(file.svc, 'report.closed', payload, payload.reportId, admin);
    }
    expect((await listOf(file.api, pidgin))[0]?.message).toBe('We don check di comment wey you report, and e no break our rules.');
    expect((await listOf(file.api, french))[0]?.message).toBe(
      'We reviewed the comment you reported and found it does not break our rules.',
    );
  });

  it('tells each member of a group conversation in their own language, a renewal included', async () => {
    const [sender, pidgin, english] = [nextId(), nextId(), nextId()];
    await setLanguage(file.svc, pidgin, 'pcm');
    const conversationId = someId();
    await sendMessage(file.svc, conversationId, sender, [sender, pidgin, english], { title: 'Lagos runners' });
    expect((await listOf(file.api, pidgin))[0]?.message).toBe('send message for Lagos runners');
    expect((await listOf(file.api, english))[0]?.message).toBe('sent a message in Lagos runners');

    // The next message renews the unread row quietly: still in each member's language.
    await sendMessage(file.svc, conversationId, sender, [sender, pidgin, english], { title: 'Lagos runners' });
    const rows = await listOf(file.api, pidgin);
    expect(rows.filter((n) => n.type === 'message')).toHaveLength(1);
    expect(rows[0]?.message).toBe('send message for Lagos runners');
    expect((await listOf(file.api, english))[0]?.message).toBe('sent a message in Lagos runners');
  });
});
