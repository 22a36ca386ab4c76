/**
 * This device's push notifications (decision 042), the browser side without React: whether the
 * browser can take pushes, whether it is subscribed, and turning pushes on (permission asked only
 * here, on the member's click) or off. The browser's objects come in through `PushBrowser`, so the
 * steps are tested without a browser.
 */
export type PushDeviceState = 'checking' | 'unsupported' | 'denied' | 'off' | 'on';

interface DeviceSubscription {
  endpoint: string;
  toJSON(): unknown;
  unsubscribe(): Promise<boolean>;
}

interface DevicePushManager {
  getSubscription(): Promise<DeviceSubscription | null>;
  subscribe(options: { userVisibleOnly: true; applicationServerKey: Uint8Array<ArrayBuffer> }): Promise<DeviceSubscription>;
}

export interface PushBrowser {
  /** `navigator.serviceWorker.ready`'s registration's push manager. */
  pushManager(): Promise<DevicePushManager>;
  permission(): NotificationPermission;
  requestPermission(): Promise<NotificationPermission>;
  /** The server's VAPID public key (GET /resources/push). */
  publicKey(): Promise<string>;
  /** POST /resources/push; throws with the text to show when it failed. */
  send(body: { intent: 'subscribe'; subscription: unknown } | { intent: 'unsubscribe'; endpoint: string }): Promise<void>;
}

/** Whether this browser has what pushes need: a service worker, the Push API and notifications. */
export function browserSupportsPush(scope: { navigator?: Navigator } & Partial<Record<'PushManager' | 'Notification', unknown>>): boolean {
  return Boolean(scope.navigator && 'serviceWorker' in scope.navigator && scope.PushManager && scope.Notification);
}

/** A base64url key as the bytes `pushManager.subscribe` takes. */
export function applicationServerKey(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url.replace(/-/g, '+').replace(/_/g, '/') + '='.repeat((4 - (base64url.length % 4)) % 4);
  const text = atob(base64);
  const bytes = new Uint8Array(new ArrayBuffer(text.length));
  for (let i = 0; i < text.length; i++) bytes[i] = text.charCodeAt(i);
  return bytes;
}

/** What the control shows when the page opens: nothing is asked of the member here. */
export async function currentPushState(browser: PushBrowser): Promise<PushDeviceState> {
  if (browser.permission() === 'denied') return 'denied';
  const subscription = await (await browser.pushManager()).getSubscription();
  return subscription && browser.permission() === 'granted' ? 'on' : 'off';
}

/** The member clicked "Turn on": ask permission, subscribe with the server's key, tell the server. */
export async function turnPushOn(browser: PushBrowser): Promise<PushDeviceState> {
  const permission = await browser.requestPermission();
  if (permission === 'denied') return 'denied';
  if (permission !== 'granted') return 'off';
  const [manager, key] = await Promise.all([browser.pushManager(), browser.publicKey()]);
  const subscription =
    (await manager.getSubscription()) ??
    (await manager.subscribe({ userVisibleOnly: true, applicationServerKey: applicationServerKey(key) }));
  await browser.send({ intent: 'subscribe', subscription: subscription.toJSON() });
  return 'on';
}

/** The member clicked "Turn off": unsubscribe this browser and tell the server to forget it. */
export async function turnPushOff(browser: PushBrowser): Promise<PushDeviceState> {
  const subscription = await (await browser.pushManager()).getSubscription();
  if (!subscription) return 'off';
  const { endpoint } = subscription;
  await subscription.unsubscribe();
  await browser.send({ intent: 'unsubscribe', endpoint });
  return 'off';
}
