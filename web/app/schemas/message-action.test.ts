import { messageTexts as t } from '@kora/contracts';
import { describe, expect, it } from 'vitest';
import { parseMessageAction } from './message-action.server';

const form = (fields: Record<string, string>) => {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.set(name, value);
  return data;
};
const clientId = '0b5f8f8e-3a6e-4b8e-9a41-2c7d1f9e6a10';

describe('parseMessageAction', () => {
  it('reads a send with its client id, media and reply', () => {
    expect(
      parseMessageAction(
        form({
          intent: 'send',
          clientId,
          body: ' Hi 👋 ',
          media: '[{"url":"/uploads/images/0123456789abcdef0123456789abcdef.webp"}]',
          replyToId: '12',
        }),
      ),
    ).toEqual({
      ok: true,
      action: {
        intent: 'send',
        body: { clientId, body: ' Hi 👋 ', media: [{ url: '/uploads/images/0123456789abcdef0123456789abcdef.webp' }], replyToId: 12 },
      },
    });
    expect(parseMessageAction(form({ intent: 'send', clientId, body: 'x', replyToId: '' }))).toMatchObject({
      ok: true,
      action: { body: { media: [], replyToId: null } },
    });
  });

  it("refuses with the contract's texts", () => {
    expect(parseMessageAction(form({ intent: 'send', clientId, body: '  ' }))).toEqual({ ok: false, error: t.bodyEmpty });
    expect(parseMessageAction(form({ intent: 'send', clientId, body: 'x'.repeat(4001) }))).toEqual({ ok: false, error: t.bodyTooLong });
    expect(parseMessageAction(form({ intent: 'send', clientId: 'nope', body: 'x' }))).toEqual({ ok: false, error: t.clientIdInvalid });
    expect(parseMessageAction(form({ intent: 'send', clientId, body: 'x', media: '[{"url":"javascript:x"}]' }))).toEqual({
      ok: false,
      error: t.mediaInvalid,
    });
    expect(parseMessageAction(form({ intent: 'send', clientId, body: 'x', replyToId: 'abc' }))).toEqual({
      ok: false,
      error: t.replyNotFound,
    });
    expect(parseMessageAction(form({ intent: 'read', messageId: '-1' }))).toEqual({ ok: false, error: t.readInvalid });
    expect(parseMessageAction(form({ intent: 'delete' }))).toEqual({ ok: false, error: t.messageNotFound });
    expect(parseMessageAction(form({ intent: 'other' }))).toEqual({ ok: false, error: t.requestFailed });
  });

  it('reads the marks, deletion and typing', () => {
    expect(parseMessageAction(form({ intent: 'read', messageId: '50' }))).toEqual({ ok: true, action: { intent: 'read', messageId: 50 } });
    expect(parseMessageAction(form({ intent: 'delivered', messageId: '50' }))).toEqual({
      ok: true,
      action: { intent: 'delivered', messageId: 50 },
    });
    expect(parseMessageAction(form({ intent: 'delete', messageId: '7' }))).toEqual({
      ok: true,
      action: { intent: 'delete', messageId: 7 },
    });
    expect(parseMessageAction(form({ intent: 'typing' }))).toEqual({ ok: true, action: { intent: 'typing' } });
  });
});
