/**
 * The conversation page's live calls (POST /resources/conversations/{id}) read back from the form,
 * checked with the contract's schemas so a refusal carries the API's own text: send (its client
 * id, text, media URLs as JSON and the message replied to), delete, read, delivered and typing.
 * Server only: the schemas stay out of the browser.
 */
import { messageTexts as t, readBody, sendMessageBody } from '@kora/contracts';
import { z } from 'zod';
import { bodyRefusal } from '~/components/messages/composer-rules';

export type MessageAction =
  | { intent: 'send'; body: z.output<typeof sendMessageBody> }
  | { intent: 'delete'; messageId: number }
  | { intent: 'read' | 'delivered'; messageId: number }
  | { intent: 'typing' };

export type ParsedAction = { ok: true; action: MessageAction } | { ok: false; error: string };

function jsonList(value: FormDataEntryValue | null): unknown {
  if (typeof value !== 'string' || value === '') return [];
  try {
    return JSON.parse(value);
  } catch {
    return null; // refused by the schema with its own text
  }
}

/** A number field: empty is null; anything but digits goes to the schema as it is, to be refused. */
function optionalNumber(value: FormDataEntryValue | null): unknown {
  if (value === null || value === '') return null;
  return typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : value;
}

function messageIdOf(form: FormData, error: string): { ok: true; messageId: number } | { ok: false; error: string } {
  const parsed = readBody.safeParse({ messageId: optionalNumber(form.get('messageId')) ?? undefined });
  return parsed.success ? { ok: true, messageId: parsed.data.messageId } : { ok: false, error };
}

export function parseMessageAction(form: FormData): ParsedAction {
  const intent = form.get('intent');
  switch (intent) {
    case 'send': {
      const parsed = sendMessageBody.safeParse({
        clientId: form.get('clientId') ?? undefined,
        body: form.get('body') ?? '',
        media: jsonList(form.get('media')),
        replyToId: optionalNumber(form.get('replyToId')),
      });
      if (!parsed.success) return { ok: false, error: parsed.error.issues[0]?.message ?? t.bodyInvalid };
      const refusal = bodyRefusal(parsed.data.body, parsed.data.media.length);
      return refusal ? { ok: false, error: refusal } : { ok: true, action: { intent, body: parsed.data } };
    }
    case 'delete': {
      const id = messageIdOf(form, t.messageNotFound);
      return id.ok ? { ok: true, action: { intent, messageId: id.messageId } } : id;
    }
    case 'read':
    case 'delivered': {
      const id = messageIdOf(form, t.readInvalid);
      return id.ok ? { ok: true, action: { intent, messageId: id.messageId } } : id;
    }
    case 'typing':
      return { ok: true, action: { intent } };
    default:
      return { ok: false, error: t.requestFailed };
  }
}
