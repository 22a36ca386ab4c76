import { describe, expect, it } from 'vitest';
import { applicationServerKey, browserSupportsPush, currentPushState, turnPushOff, turnPushOn, type PushBrowser } from './push-device';

function fakeBrowser(options: { permission?: NotificationPermission; answer?: NotificationPermission; subscribed?: boolean } = {}) {
  let permission = options.permission ?? 'default';
  let subscription: { endpoint: string; toJSON(): unknown; unsubscribe(): Promise<boolean> } | null = null;
  const calls = { requestPermission: 0, subscribeKeys: [] as Uint8Array[], sent: [] as unknown[], unsubscribed: 0 };
  const make = (endpoint: string) => ({
    endpoint,
    toJSON: () => ({ endpoint, keys: { p256dh: 'p', auth: 'a' } }),
    unsubscribe: async () => {
      calls.unsubscribed++;
      subscription = null;
      return true;
    },
  });
  if (options.subscribed) subscription = make('https://push.example/old');
  const browser: PushBrowser = {
    pushManager: async () => ({
      getSubscription: async () => subscription,
      subscribe: async ({ applicationServerKey: key }) => {
        calls.subscribeKeys.push(key);
        return (subscription = make('https://push.example/new'));
      },
    }),
    permission: () => permission,
    requestPermission: async () => {
      calls.requestPermission++;
      return (permission = options.answer ?? 'granted');
    },
    publicKey: async () => 'AQID-_8',
    send: async (body) => void calls.sent.push(body),
  };
  return { browser, calls };
}

describe("this device's push notifications", () => {
  it('says a browser without a service worker, the Push API or notifications cannot take pushes', () => {
    const navigator = { serviceWorker: {} } as unknown as Navigator;
    expect(browserSupportsPush({ navigator, PushManager: class {}, Notification: class {} })).toBe(true);
    expect(browserSupportsPush({ navigator, Notification: class {} })).toBe(false);
    expect(browserSupportsPush({ navigator: {} as Navigator, PushManager: class {}, Notification: class {} })).toBe(false);
  });

  it('shows the state without asking for permission', async () => {
    const { browser, calls } = fakeBrowser({ permission: 'granted', subscribed: true });
    expect(await currentPushState(browser)).toBe('on');
    expect(await currentPushState(fakeBrowser().browser)).toBe('off');
    expect(await currentPushState(fakeBrowser({ permission: 'denied' }).browser)).toBe('denied');
    expect(calls.requestPermission).toBe(0);
  });

  it("turning on asks permission, subscribes with the server's key and posts the subscription", async () => {
    const { browser, calls } = fakeBrowser();
    expect(await turnPushOn(browser)).toBe('on');
    expect(calls.requestPermission).toBe(1);
    expect([...calls.subscribeKeys[0]!]).toEqual([1, 2, 3, 251, 255]);
    expect(calls.sent).toEqual([
      { intent: 'subscribe', subscription: { endpoint: 'https://push.example/new', keys: { p256dh: 'p', auth: 'a' } } },
    ]);
  });

  it('a refused permission subscribes nothing', async () => {
    const { browser, calls } = fakeBrowser({ answer: 'denied' });
    expect(await turnPushOn(browser)).toBe('denied');
    expect(calls.subscribeKeys).toEqual([]);
    expect(calls.sent).toEqual([]);
  });

  it('turning off unsubscribes the browser and tells the server its endpoint', async () => {
    const { browser, calls } = fakeBrowser({ permission: 'granted', subscribed: true });
    expect(await turnPushOff(browser)).toBe('off');
    expect(calls.unsubscribed).toBe(1);
    expect(calls.sent).toEqual([{ intent: 'unsubscribe', endpoint: 'https://push.example/old' }]);
  });

  it('reads a base64url key into bytes', () => {
    expect([...applicationServerKey('AQID-_8')]).toEqual([1, 2, 3, 251, 255]);
  });
});
