/**
 * The push-subscription API (notifications service, decision 042): the server's public VAPID key,
 * and a member's devices subscribing and unsubscribing. The body of POST is the browser's
 * `PushSubscription.toJSON()` as it is.
 */
import { z } from 'zod';
import { pushTexts } from './push-texts.js';

export * from './push-texts.js';

/** A base64url value as browsers write a subscription's keys (no padding, or with it). */
const base64url = (max: number) =>
  z
    .string({ error: () => pushTexts.subscriptionInvalid })
    .min(1, { error: () => pushTexts.subscriptionInvalid })
    .max(max, { error: () => pushTexts.subscriptionInvalid })
    .regex(/^[A-Za-z0-9_-]+=*$/, { error: () => pushTexts.subscriptionInvalid });

const endpoint = z.url({ error: () => pushTexts.endpointInvalid }).max(2048, { error: () => pushTexts.endpointInvalid });
/** In a subscription, a missing endpoint is a body that is not a subscription at all. */
const subscriptionEndpoint = z
  .url({ error: (issue) => (issue.input === undefined ? pushTexts.subscriptionInvalid : pushTexts.endpointInvalid) })
  .max(2048, { error: () => pushTexts.endpointInvalid });

export const pushKeyAnswer = z
  .object({
    publicKey: z.string().describe("The server's VAPID public key (base64url): `applicationServerKey` for `pushManager.subscribe`"),
  })
  .meta({ example: { publicKey: 'BEl62iUYgUivxIkv69yViEuiBIa-Ib9-SkvMeAtA3LFgDzkrxZJjSgSnfckjBJuBkr3qBUYIHBQFLXYp5Nksh8U' } });

export const pushSubscriptionBody = z
  .object(
    {
      endpoint: subscriptionEndpoint,
      expirationTime: z.number().nullable().optional(),
      keys: z.object({ p256dh: base64url(200), auth: base64url(100) }, { error: () => pushTexts.subscriptionInvalid }),
    },
    { error: () => pushTexts.subscriptionInvalid },
  )
  .meta({
    example: {
      endpoint: 'https://fcm.googleapis.com/fcm/send/dGhpcy1pcy1hbi1leGFtcGxl',
      expirationTime: null,
      keys: {
        p256dh: 'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM',
        auth: 'tBHItJI5svbpez7KI4CCXg',
      },
    },
  });
export type PushSubscriptionBody = z.infer<typeof pushSubscriptionBody>;

/** One of the member's subscribed devices, as the API answers it (never its keys). */
export const pushDeviceSchema = z
  .object({ endpoint: z.string(), userAgent: z.string().nullable(), createdAt: z.string(), lastUsedAt: z.string().nullable() })
  .meta({
    example: {
      endpoint: 'https://fcm.googleapis.com/fcm/send/dGhpcy1pcy1hbi1leGFtcGxl',
      userAgent: 'Mozilla/5.0 (Linux; Android 14) Chrome/131.0 Mobile Safari/537.36',
      createdAt: '2026-11-26T18:06:00.000Z',
      lastUsedAt: null,
    },
  });
export type PushDevice = z.infer<typeof pushDeviceSchema>;

export const pushUnsubscribeQuery = z.object({
  endpoint: endpoint.describe('The endpoint of the subscription to remove (one of yours)'),
});

export const pushRemovedAnswer = z.object({ removed: z.literal(true) }).meta({ example: { removed: true } });
