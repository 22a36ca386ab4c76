/// <reference lib="dom" />
/**
 * Web Push in the browser suites (decision 042). No real push service is reachable here, and
 * Chromium gives Playwright's contexts (off-the-record profiles) no push subscription at all
 * (`pushManager.subscribe` fails with "Registration failed - permission denied"). So a test device
 * is a key pair and auth secret the test holds (as a browser would) with an endpoint on the test
 * product's push sink (scripts/lib/push-sink.mjs, KORA_PUSH_SINK_URL), and the page's PushManager
 * hands out that subscription. Everything else is the product's own: the Settings card, the
 * permission, /resources/push, the notifications service encrypting, signing and posting the push.
 */
import { randomUUID } from 'node:crypto';
import { decryptPush, pushDeviceKeys, type PushDeviceKeys } from '@kora/testing/web-push';
import type { BrowserContext, Page } from 'playwright-core';

export interface SubscriptionJson {
  endpoint: string;
  expirationTime: null;
  keys: { p256dh: string; auth: string };
}

export interface TestPushDevice extends PushDeviceKeys {
  subscription: SubscriptionJson;
  /** The endpoint's path on the sink. */
  path: string;
}

export interface SinkRequest {
  path: string;
  headers: Record<string, string>;
  body: Buffer;
}

function pushSinkUrl(): string {
  const url = process.env.KORA_PUSH_SINK_URL;
  if (!url) throw new Error('KORA_PUSH_SINK_URL is not set: run the browser tests through scripts/test.mjs (the distributed stage)');
  return url;
}

export function newPushDevice(): TestPushDevice {
  const keys = pushDeviceKeys();
  const path = `/push/${randomUUID()}`;
  return { ...keys, path, subscription: { endpoint: `${pushSinkUrl()}${path}`, expirationTime: null, keys: keys.json } };
}

/** Where the page keeps the stand-in's state, so every page of the context sees one subscription. */
const STAND_IN_STATE = '__kora_test_push';
/** How many times the page asked for the notification permission, across the context's pages. */
const PERMISSION_ASKS = '__kora_test_permission_asks';

/**
 * In every page of `context`: `pushManager.subscribe` answers `device`'s subscription (and, as a
 * browser does, refuses without the notification permission), `getSubscription` answers it while
 * subscribed; and each `Notification.requestPermission` call is counted (`permissionAsks`).
 */
export async function standInPushService(context: BrowserContext, device: TestPushDevice): Promise<void> {
  await context.addInitScript(
    ({ subscription, state, asks }) => {
      if (!('PushManager' in self) || !('Notification' in self)) return;
      const made = () => ({
        endpoint: subscription.endpoint,
        expirationTime: null,
        toJSON: () => subscription,
        unsubscribe: async () => {
          localStorage.removeItem(state);
          return true;
        },
      });
      PushManager.prototype.subscribe = async function (options?: PushSubscriptionOptionsInit) {
        if (Notification.permission !== 'granted') throw new DOMException('Registration failed - permission denied', 'NotAllowedError');
        const key = new Uint8Array(options?.applicationServerKey as ArrayBuffer);
        const base64url = btoa(String.fromCharCode(...key))
          .replace(/\+/g, '-')
          .replace(/\//g, '_')
          .replace(/=+$/, '');
        localStorage.setItem(state, JSON.stringify({ applicationServerKey: base64url }));
        return made() as unknown as PushSubscription;
      };
      PushManager.prototype.getSubscription = async function () {
        return (localStorage.getItem(state) ? made() : null) as PushSubscription | null;
      };
      const ask = Notification.requestPermission.bind(Notification);
      Notification.requestPermission = (...args: Parameters<typeof Notification.requestPermission>) => {
        localStorage.setItem(asks, String(Number(localStorage.getItem(asks) ?? '0') + 1));
        return ask(...args);
      };
    },
    { subscription: device.subscription, state: STAND_IN_STATE, asks: PERMISSION_ASKS },
  );
}

/** The VAPID key the page subscribed with (base64url), or null while not subscribed. */
export async function subscribedKey(page: Page): Promise<string | null> {
  const state = await page.evaluate((key) => localStorage.getItem(key), STAND_IN_STATE);
  return state ? (JSON.parse(state) as { applicationServerKey: string }).applicationServerKey : null;
}

export async function permissionAsks(page: Page): Promise<number> {
  return Number((await page.evaluate((key) => localStorage.getItem(key), PERMISSION_ASKS)) ?? '0');
}

/** The pushes the product sent to `device` so far, oldest first. */
export async function pushesTo(device: TestPushDevice): Promise<SinkRequest[]> {
  const response = await fetch(`${pushSinkUrl()}/requests?path=${encodeURIComponent(device.path)}`);
  if (!response.ok) throw new Error(`the push sink answered ${response.status}`);
  const list = (await response.json()) as { path: string; headers: Record<string, string>; body: string }[];
  return list.map((request) => ({ ...request, body: Buffer.from(request.body, 'base64') }));
}

/** A push's body opened with the device's keys, as the browser opens it before the worker sees it. */
export function openPush(device: TestPushDevice, request: SinkRequest): string {
  return decryptPush(device, request.body);
}

/** The `k` of the request's `Authorization: vapid t=…, k=…`: the key the push was signed with. */
export function vapidKeyOf(request: SinkRequest): string | undefined {
  return /\bk=([A-Za-z0-9_-]+)/.exec(request.headers.authorization ?? '')?.[1];
}

/** The key the web's push offer keeps this device's "Not now" under (push-offer.ts). */
export const PUSH_OFFER_DISMISSED_KEY = 'kora.push-offer.dismissed';

/**
 * The context's pages start on a device that already answered the push offer "Not now": for suites
 * that send messages or friend requests and are not about the offer (push-offer.test.ts is), so the
 * card never waits over the controls they click next.
 */
export async function declinePushOffer(context: BrowserContext): Promise<void> {
  await context.addInitScript((key) => localStorage.setItem(key, 'declined before the test'), PUSH_OFFER_DISMISSED_KEY);
}
