/// <reference lib="dom" />
/**
 * Accounts through the browser, against the running product (KORA_BASE_URL, the gateway) with the
 * real auth service: sign-up → activation mail → activation → sign-in → profile (avatar upload,
 * bio) → sign-out; password recovery with the mailed code; the Security tab (password change,
 * sessions, revoking another browser); the validation texts; the token refresh.
 *
 * Mail comes from KORA_MAIL_SINK_URL (SMTP sink) or the product's development outbox (mail.ts).
 * Run: KORA_BASE_URL=http://127.0.0.1:8080 [KORA_MAIL_SINK_URL=…] \
 *      npx vitest run --config tests/browser/vitest.config.ts accounts
 */
import { authTexts, displayName } from '@kora/contracts';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { anonymousContext, BASE_URL, clientIpOf, launchBrowser, VIEWPORTS } from './support/browser';
import { saveScreenshot } from './support/screenshots';
import { activationPath, recoveryCode, waitForMail } from '../support/mail';
import { createMember, memberContext, newMemberDetails, registerMember, type Member } from './support/members';
import { waitForLiveSocket } from './support/notifications';
import { noSidewaysScroll, toastWith } from './support/page-helpers';
import { solidPng } from './support/png';

const LONG = 120_000;

let browser: Browser;
const contexts: BrowserContext[] = [];

async function visitor(viewport: { width: number; height: number } = VIEWPORTS.desktop): Promise<Page> {
  const context = await anonymousContext(browser, { viewport });
  contexts.push(context);
  return context.newPage();
}

async function signedIn(member: Member, viewport: { width: number; height: number } = VIEWPORTS.desktop): Promise<Page> {
  const context = await memberContext(browser, member, { viewport });
  contexts.push(context);
  return context.newPage();
}

const pathOf = (page: Page) => new URL(page.url()).pathname;
const onPath = (pathname: string) => (url: URL) => url.pathname === pathname;

/** The page's alert (errors are role=alert) with exactly this text. */
function alertWith(page: Page, text: string) {
  return page.getByRole('alert').filter({ hasText: text }).first();
}

async function signInThroughUi(page: Page, login: string, password: string, path = '/login') {
  await page.goto(path);
  await page.getByLabel('Email/Username').fill(login);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Login' }).click();
}

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await Promise.all(contexts.map((context) => context.close()));
  await browser?.close();
});

describe('a newcomer', () => {
  it(
    'registers, activates from the mail, signs in, uploads an avatar, edits the bio and signs out',
    async () => {
      const details = newMemberDetails('new');
      const page = await visitor();

      // Register → the server's success message → /login after 3 s.
      await page.goto('/register');
      await page.getByLabel('First Name').fill(details.firstname);
      await page.getByLabel('Last Name').fill(details.lastname);
      await page.getByLabel('User Name').fill(details.username);
      await page.getByLabel('Email').fill(details.email);
      await page.getByLabel('Password', { exact: true }).fill(details.password);
      await page.getByLabel('Confirm Password').fill(details.password);
      await page.getByRole('button', { name: 'Register' }).click();
      const success = page
        .getByRole('status')
        .filter({ hasText: /activation|created|e-?mail/i })
        .first();
      await success.waitFor();
      expect(await page.getByRole('link', { name: 'Go to login now' }).getAttribute('href')).toBe('/login');
      await page.waitForURL(onPath('/login'), { timeout: 8_000 });

      // The activation mail → its link → the success text → /login after 5 s.
      const mail = await waitForMail(details.email, /activat/i);
      await page.goto(activationPath(mail.text));
      await page.getByText(authTexts.activated, { exact: true }).waitFor();
      await saveScreenshot(page, 'accounts-activated-1440');
      await page.waitForURL(onPath('/login'), { timeout: 10_000 });

      // Sign in → the layout with the member's name; tokens only in httpOnly cookies.
      await page.getByLabel('Email/Username').fill(details.email);
      await page.getByLabel('Password').fill(details.password);
      await page.getByRole('button', { name: 'Login' }).click();
      await page.waitForURL(onPath('/'));
      const cookies = await page.context().cookies(BASE_URL);
      for (const name of ['kora_at', 'kora_rt']) {
        const cookie = cookies.find((c) => c.name === name);
        expect(cookie, name).toBeDefined();
        expect(cookie?.httpOnly, `${name} httpOnly`).toBe(true);
        expect(cookie?.sameSite, `${name} SameSite`).toBe('Lax');
        expect(cookie?.path, `${name} path`).toBe('/');
      }
      // Nothing for scripts: no readable cookie, empty localStorage, no token in sessionStorage
      // (which holds only Remix's scroll positions).
      const storage = await page.evaluate(() => ({
        cookie: document.cookie,
        local: localStorage.length,
        session: JSON.stringify({ ...sessionStorage }),
      }));
      expect(storage.cookie).toBe('');
      expect(storage.local).toBe(0);
      for (const cookie of cookies) expect(storage.session).not.toContain(cookie.value);

      await page.getByRole('button', { name: 'Account menu' }).click();
      const menu = page.getByRole('menu');
      await menu.getByText(`${details.firstname} ${details.lastname}`, { exact: true }).waitFor();
      await menu.getByText(`@${details.username}`, { exact: true }).waitFor();

      // Own profile through the avatar menu (encoded id).
      await menu.getByRole('menuitem', { name: 'Profile' }).click();
      await page.waitForURL((url) => /^\/profile\/[A-Za-z0-9]{10,}$/.test(url.pathname));
      const main = page.getByRole('main');
      await main.getByRole('heading', { level: 1, name: `${details.firstname} ${details.lastname}` }).waitFor();
      expect(await main.getByText(`@${details.username}`, { exact: true }).isVisible()).toBe(true);
      expect(await main.getByText(/^Joined [A-Z][a-z]{2} \d{4}$/).isVisible()).toBe(true);
      expect(await main.getByText('No bio yet', { exact: true }).isVisible()).toBe(true);
      expect(await main.getByText('No posts yet', { exact: true }).isVisible()).toBe(true);
      // The picture is named by the display name; no picture yet: its initials.
      const avatar = main.getByRole('img', { name: `${displayName(details)}'s profile picture` });
      expect(await avatar.innerText()).toBe(`${details.firstname[0]}${details.lastname[0]}`.toUpperCase());
      expect(await main.getByRole('button', { name: 'Add Friend' }).count()).toBe(0);

      // Upload dialog: nothing chosen → the product's text; a PNG → preview → Save → the new picture.
      await main.getByRole('button', { name: 'Change picture' }).click();
      const dialog = page.getByRole('dialog', { name: 'Change profile picture' });
      await dialog.waitFor();
      expect(await dialog.getByLabel('Image file').getAttribute('accept')).toBe('image/*');
      await dialog.getByRole('button', { name: 'Save' }).click();
      await dialog.getByRole('alert').filter({ hasText: authTexts.imageRequired }).waitFor();
      await dialog.getByLabel('Image file').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: solidPng(96, [232, 120, 40]) });
      await dialog.getByRole('img', { name: 'Preview of the chosen image' }).waitFor();
      await saveScreenshot(page, 'accounts-upload-dialog-1440');
      await dialog.getByRole('button', { name: 'Save' }).click();
      await dialog.waitFor({ state: 'detached', timeout: 15_000 });
      await expect.poll(() => avatar.getAttribute('src'), { timeout: 10_000 }).toMatch(/^\/uploads\/profile\/[^/]+\.webp$/);
      const src = (await avatar.getAttribute('src'))!;
      const image = await page.request.get(src);
      expect(image.status()).toBe(200);
      expect(image.headers()['content-type']).toMatch(/^image\/webp/);
      await expect
        .poll(() => avatar.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0), { timeout: 5_000 })
        .toBe(true);
      // The top bar shows the new picture too.
      expect(await page.getByRole('button', { name: 'Account menu' }).locator('img').getAttribute('src')).toBe(src);

      // The cover goes through the same dialog; the gradient placeholder gives way to the image.
      expect(await main.getByRole('img', { name: 'Cover photo' }).count()).toBe(0);
      await main.getByRole('button', { name: 'Change cover' }).click();
      const coverDialog = page.getByRole('dialog', { name: 'Change cover photo' });
      await coverDialog
        .getByLabel('Image file')
        .setInputFiles({ name: 'cover.png', mimeType: 'image/png', buffer: solidPng(120, [40, 90, 200]) });
      await coverDialog.getByRole('button', { name: 'Save' }).click();
      await coverDialog.waitFor({ state: 'detached', timeout: 15_000 });
      await expect
        .poll(() => main.getByRole('img', { name: 'Cover photo' }).getAttribute('src'), { timeout: 10_000 })
        .toMatch(/^\/uploads\/profile\/[^/]+\.webp$/);

      // Edit Profile → bio replaces "No bio yet".
      const bio = `Hello from the browser test ${details.username}`;
      await main.getByRole('button', { name: 'Edit Profile' }).click();
      const edit = page.getByRole('dialog', { name: 'Edit Profile' });
      expect(await edit.getByLabel('First Name').inputValue()).toBe(details.firstname);
      await edit.getByLabel('Bio').fill(bio);
      await edit.getByRole('button', { name: 'Save' }).click();
      await edit.waitFor({ state: 'detached' });
      await main.getByText(bio, { exact: true }).waitFor();
      expect(await main.getByText('No bio yet', { exact: true }).count()).toBe(0);
      await saveScreenshot(page, 'accounts-profile-1440');

      // The plain id (the drawer's form of the link) shows the same profile.
      await page.goto(`/profile/${await page.evaluate(() => location.pathname.split('/').pop())}`);
      await page.setViewportSize(VIEWPORTS.phone);
      await page.getByRole('button', { name: 'Open menu' }).click();
      const drawerLink = page.getByRole('dialog', { name: 'Menu' }).getByRole('link', { name: 'Profile' });
      const plain = await drawerLink.getAttribute('href');
      expect(plain).toMatch(/^\/profile\/\d+$/);
      await drawerLink.click();
      await page.waitForURL(onPath(plain!));
      await page.getByRole('heading', { level: 1, name: `${details.firstname} ${details.lastname}` }).waitFor();
      await page.getByText(bio, { exact: true }).waitFor();
      await noSidewaysScroll(page);
      await saveScreenshot(page, 'accounts-profile-375');
      await page.setViewportSize(VIEWPORTS.desktop);

      // Sign out → /login, cookies gone, / goes to /login again.
      await page.getByRole('button', { name: 'Account menu' }).click();
      await page.getByRole('menuitem', { name: 'Logout' }).click();
      await page.waitForURL(onPath('/login'));
      const after = await page.context().cookies(BASE_URL);
      expect(after.filter((c) => c.name === 'kora_at' || c.name === 'kora_rt')).toEqual([]);
      await page.goto('/');
      expect(pathOf(page)).toBe('/login');
    },
    LONG,
  );
});

describe('password recovery', () => {
  it(
    'sends a code, refuses a wrong one, accepts the mailed one and sets the new password',
    async () => {
      const member = await createMember('rec');
      const newPassword = 'second-pass-789';
      const page = await visitor();

      await page.goto('/forgot-password');
      await page.getByRole('button', { name: 'Send code' }).click();
      await alertWith(page, 'Please enter your email').waitFor();
      const sentAt = new Date();
      await page.getByLabel('Email').fill(member.email);
      await page.getByRole('button', { name: 'Send code' }).click();

      // Step 1b: the code field keeps at most 4 digits; Resend counts down and is disabled.
      const code = page.getByLabel('Code');
      await code.waitFor();
      const resend = page.getByRole('button', { name: /^Resend in \d+s$/ });
      await resend.waitFor();
      expect(await resend.isDisabled()).toBe(true);
      await code.pressSequentially('123456');
      expect(await code.inputValue()).toBe('1234');
      await code.fill('12');
      await page.getByRole('button', { name: 'Verify code' }).click();
      await alertWith(page, 'OTP must be a 4-digit number').waitFor();
      await saveScreenshot(page, 'accounts-forgot-code-1440');

      const mailed = recoveryCode((await waitForMail(member.email, /code|password|reset/i, 15_000, { after: sentAt })).text);
      const wrong = String((Number(mailed) + 1) % 10_000).padStart(4, '0');
      await code.fill(wrong);
      await page.getByRole('button', { name: 'Verify code' }).click();
      await alertWith(page, authTexts.otpInvalid).waitFor();

      await code.fill(mailed);
      await page.getByRole('button', { name: 'Verify code' }).click();

      // Step 2.
      const fresh = page.getByLabel('New Password');
      await fresh.waitFor();
      await page.getByRole('button', { name: 'Reset password' }).click();
      await alertWith(page, 'Please fill in both password fields').waitFor();
      await fresh.fill('abc');
      await page.getByLabel('Confirm Password').fill('abc');
      await page.getByRole('button', { name: 'Reset password' }).click();
      await alertWith(page, 'Password must be at least 6 characters long').waitFor();
      await fresh.fill(newPassword);
      await page.getByLabel('Confirm Password').fill(`${newPassword}x`);
      await page.getByRole('button', { name: 'Reset password' }).click();
      await alertWith(page, 'Passwords do not match').waitFor();
      await page.getByLabel('Confirm Password').fill(newPassword);
      await page.getByRole('button', { name: 'Reset password' }).click();
      await page.waitForURL(onPath('/login'));

      // The old password no longer works; the new one does.
      await signInThroughUi(page, member.email, member.password);
      await alertWith(page, authTexts.invalidCredentials).waitFor();
      await signInThroughUi(page, member.username, newPassword);
      await page.waitForURL(onPath('/'));
    },
    LONG,
  );
});

describe('the Security tab', () => {
  it(
    'lists sessions, revokes another browser (sent to /login), changes the password, revokes itself',
    async () => {
      const member = await createMember('sec');
      const newPassword = 'changed-pass-123';
      const pageA = await visitor();
      const pageB = await visitor();
      for (const page of [pageA, pageB]) {
        await signInThroughUi(page, member.email, member.password);
        await page.waitForURL(onPath('/'));
      }
      const ipA = clientIpOf(pageA.context())!;
      const ipB = clientIpOf(pageB.context())!;

      await pageA.goto('/settings?tab=security');
      const tab = pageA.getByRole('tab', { name: 'Security' });
      expect(await tab.getAttribute('aria-selected')).toBe('true');
      expect(await pageA.getByRole('tab').allInnerTexts()).toEqual(['General', 'Privacy', 'Notifications', 'Security', 'Your data']);

      // Sessions: this browser is marked, with its device and (forwarded) address.
      const rows = pageA.getByRole('row').filter({ has: pageA.getByRole('button', { name: /^Revoke/ }) });
      await expect.poll(() => rows.count()).toBeGreaterThanOrEqual(2);
      const current = rows.filter({ hasText: 'This device' });
      expect(await current.count()).toBe(1);
      expect(await current.innerText()).toMatch(/Chrome on Linux/);
      // The web app passes the member's address on; the gateway resolves it (the harness trusts loopback).
      expect(await current.innerText(), 'the session shows the member’s address, not the web server’s').toContain(ipA);
      const other = rows.filter({ hasText: ipB });
      expect(await other.count()).toBe(1);
      await saveScreenshot(pageA, 'accounts-settings-1440');

      // Revoke B: the row goes; B's next navigation lands on /login.
      await other.getByRole('button', { name: /^Revoke/ }).click();
      await toastWith(pageA, 'Session revoked').waitFor();
      await expect.poll(() => rows.filter({ hasText: ipB }).count()).toBe(0);
      await pageB.goto('/settings');
      await pageB.waitForURL(onPath('/login'));
      expect(new URL(pageB.url()).searchParams.get('redirectTo')).toBe('/settings');
      const bCookies = await pageB.context().cookies(BASE_URL);
      expect(bCookies.filter((c) => c.name === 'kora_at' || c.name === 'kora_rt')).toEqual([]);

      // Change password: enabled only with a current password and ≥ 8 new characters.
      const change = pageA.getByRole('button', { name: 'Change password' });
      expect(await change.isDisabled()).toBe(true);
      await pageA.getByLabel('Current password').fill('wrong-password');
      await pageA.getByLabel('New password').fill('1234567');
      expect(await change.isDisabled()).toBe(true);
      await pageA.getByLabel('New password').fill(newPassword);
      expect(await change.isEnabled()).toBe(true);
      await change.click();
      await toastWith(pageA, 'Save failed').waitFor();
      await pageA.getByLabel('Current password').fill(member.password);
      await pageA.getByLabel('New password').fill(newPassword);
      await change.click();
      const saved = toastWith(pageA, 'Saved');
      await saved.waitFor();
      expect(await saved.innerText()).toContain('Your settings were updated successfully.');

      // Revoking this browser's own session signs it out.
      await pageA.reload();
      const own = pageA.getByRole('row').filter({ hasText: 'This device' });
      if ((await own.count()) > 0) {
        await own.getByRole('button', { name: /^Revoke/ }).click();
        await pageA.waitForURL(onPath('/login'));
      }
      // …and the new password is the one that works now.
      await signInThroughUi(pageA, member.email, newPassword);
      await pageA.waitForURL(onPath('/'));
    },
    LONG,
  );

  it('fits a phone screen', async () => {
    const member = await createMember('sec375');
    const page = await signedIn(member, VIEWPORTS.phone);
    await page.goto('/settings?tab=security');
    await page.getByRole('button', { name: 'Change password' }).waitFor();
    await noSidewaysScroll(page);
    await saveScreenshot(page, 'accounts-settings-375');
  });
});

describe('validation texts', () => {
  it(
    'on /register',
    async () => {
      const existing = await createMember('dup');
      const page = await visitor(VIEWPORTS.phone);
      await page.goto('/register');
      const submit = () => page.getByRole('button', { name: 'Register' }).click();
      await submit();
      await alertWith(page, 'Please fill in all fields').waitFor();

      const details = newMemberDetails('val');
      await page.getByLabel('First Name').fill(details.firstname);
      await page.getByLabel('Last Name').fill(details.lastname);
      await page.getByLabel('User Name').fill(details.username);
      await page.getByLabel('Email').fill(details.email);
      await page.getByLabel('Password', { exact: true }).fill('secret1');
      await page.getByLabel('Confirm Password').fill('secret2');
      await submit();
      await alertWith(page, 'Passwords do not match').waitFor();

      await page.getByLabel('Password', { exact: true }).fill('abc');
      await page.getByLabel('Confirm Password').fill('abc');
      await submit();
      await alertWith(page, 'Password must be at least 6 characters long').waitFor();

      await page.getByLabel('Email').fill(existing.email);
      await page.getByLabel('Password', { exact: true }).fill('secret1');
      await page.getByLabel('Confirm Password').fill('secret1');
      await submit();
      await alertWith(page, 'Email is already in use').waitFor();

      await page.getByLabel('Email').fill(details.email);
      await page.getByLabel('User Name').fill(existing.username);
      await page.getByLabel('Password', { exact: true }).fill('secret1');
      await page.getByLabel('Confirm Password').fill('secret1');
      await submit();
      await page
        .getByRole('alert')
        .filter({ hasText: /username/i })
        .first()
        .waitFor();
      await noSidewaysScroll(page);
      await saveScreenshot(page, 'accounts-register-375');
    },
    LONG,
  );

  it(
    'on /login, with the resend offer for an account that is not activated',
    async () => {
      const waiting = await registerMember('wait');
      const page = await visitor(VIEWPORTS.phone);
      await page.goto('/login');
      await page.getByRole('button', { name: 'Login' }).click();
      await alertWith(page, 'Please fill in all fields').waitFor();

      await signInThroughUi(page, `nobody-${Date.now()}@example.test`, 'whatever1');
      await alertWith(page, authTexts.invalidCredentials).waitFor();

      await signInThroughUi(page, waiting.email, waiting.password);
      await alertWith(page, authTexts.notActivated).waitFor();
      const askedAt = new Date();
      await page.getByRole('button', { name: 'Resend activation e-mail' }).click();
      await page.getByRole('status').filter({ hasText: authTexts.activationResent }).first().waitFor();
      await waitForMail(waiting.email, /activat/i, 15_000, { after: askedAt });
      await noSidewaysScroll(page);
      await saveScreenshot(page, 'accounts-login-375');
    },
    LONG,
  );

  it('honours redirectTo for same-site paths only', async () => {
    const member = await createMember('redir');
    const page = await visitor();
    await page.goto('/settings');
    expect(page.url()).toBe(`${BASE_URL}/login?redirectTo=%2Fsettings`);
    await page.getByLabel('Email/Username').fill(member.email);
    await page.getByLabel('Password').fill(member.password);
    await page.getByRole('button', { name: 'Login' }).click();
    await page.waitForURL(onPath('/settings'));

    const other = await visitor();
    await signInThroughUi(other, member.username, member.password, '/login?redirectTo=%2F%2Fevil.example');
    await other.waitForURL(onPath('/'));
    expect(new URL(other.url()).origin).toBe(BASE_URL);
  });

  it('sends a signed-in visitor of /login and /register home', async () => {
    const member = await createMember('home');
    const page = await signedIn(member);
    for (const pathname of ['/login', '/register', '/forgot-password']) {
      await page.goto(pathname);
      expect(pathOf(page), pathname).toBe('/');
    }
  });
});

describe('staying signed in', () => {
  const refreshCookie = async (page: Page) => (await page.context().cookies(BASE_URL)).find((c) => c.name === 'kora_rt')?.value;
  const accessCookie = async (page: Page) => (await page.context().cookies(BASE_URL)).find((c) => c.name === 'kora_at')?.value;

  /** Ends the session of this access token on the server, as signing out on another device does. */
  const signOutElsewhere = async (accessToken: string) => {
    const response = await fetch(`${BASE_URL}/api/signout`, {
      method: 'POST',
      headers: { authorization: `Bearer ${decodeURIComponent(accessToken)}` },
    });
    expect(response.status).toBe(204);
  };

  /**
   * Opens `url` and waits for its notification socket: a socket still connecting when a test takes
   * the access cookie away would renew the session itself (as it should) and race the step tested.
   */
  const openSettled = async (page: Page, url: string) => {
    await page.goto(url);
    await waitForLiveSocket(page);
  };

  it('renews an expired access token on a page load (rotating the refresh token)', async () => {
    const member = await createMember('refresh');
    const page = await signedIn(member);
    await openSettled(page, '/');
    const before = await refreshCookie(page);
    // The access cookie's Max-Age ran out (as after 15 minutes): only the refresh cookie is left.
    await page.context().clearCookies({ name: 'kora_at' });
    await page.goto('/settings?tab=security');
    expect(pathOf(page)).toBe('/settings');
    await page.getByRole('button', { name: 'Change password' }).waitFor();
    expect(await accessCookie(page)).toBeTruthy();
    expect(await refreshCookie(page)).not.toBe(before);
  });

  it('renews it inside a form submission without losing what was submitted', async () => {
    const member = await createMember('refresh2');
    const page = await signedIn(member);
    await openSettled(page, `/profile/${member.userId}`);
    const before = await refreshCookie(page);
    await page.context().clearCookies({ name: 'kora_at' });
    await page.getByRole('button', { name: 'Edit Profile' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Profile' });
    await edit.getByLabel('Bio').fill('Saved across a token refresh');
    await edit.getByRole('button', { name: 'Save' }).click();
    await edit.waitFor({ state: 'detached' });
    await page.getByRole('main').getByText('Saved across a token refresh', { exact: true }).waitFor();
    expect(pathOf(page)).toBe(`/profile/${member.userId}`);
    expect(await accessCookie(page)).toBeTruthy();
    expect(await refreshCookie(page)).not.toBe(before);
  });

  it('sends a member whose session ended to /login', async () => {
    const member = await createMember('ended');
    const page = await signedIn(member);
    await openSettled(page, '/');
    // The session ends on the server (signed out elsewhere), then the access cookie expires: the
    // refresh cookie left is one auth refuses. Ended for real, not by swapping in a made-up refresh
    // cookie: the open page's own requests (its unread count, a moment after the socket is up) may
    // go out between two cookie writes and renew the session with the real one.
    await signOutElsewhere((await accessCookie(page))!);
    await page.context().clearCookies({ name: 'kora_at' });
    await page.goto('/settings');
    expect(page.url()).toBe(`${BASE_URL}/login?redirectTo=%2Fsettings`);
    const cookies = await page.context().cookies(BASE_URL);
    expect(cookies.filter((c) => c.name === 'kora_at' || c.name === 'kora_rt')).toEqual([]);
  });
});

describe('other members and missing profiles', () => {
  it('shows Add Friend on someone else’s profile and not-found for an unknown one', async () => {
    const [owner, viewer] = await Promise.all([createMember('own'), createMember('view')]);
    const page = await signedIn(viewer);
    await page.goto(`/profile/${owner.userId}`);
    const main = page.getByRole('main');
    await main.getByRole('heading', { level: 1, name: `${owner.firstname} ${owner.lastname}` }).waitFor();
    expect(await main.getByRole('button', { name: 'Edit Profile' }).count()).toBe(0);
    expect(await main.getByRole('button', { name: 'Change picture' }).count()).toBe(0);
    await main.getByRole('button', { name: 'Add Friend' }).click();
    // Until the friends service exists the honest answer is the failure toast.
    await toastWith(page, /^(Request sent successfully|Failed to send request)/).waitFor();

    await page.goto('/profile/999999999');
    await page.waitForURL(onPath('/not-found'));
    expect(await page.getByRole('heading', { name: 'Page not found' }).isVisible()).toBe(true);

    const anonymous = await visitor();
    await anonymous.goto(`/profile/${owner.userId}`);
    expect(pathOf(anonymous)).toBe('/login');
  });
});

describe('the development mailbox', () => {
  it('lists mails when the outbox is on and says so when it is off; /login links to it only when on', async () => {
    const page = await visitor();
    const response = await page.goto('/dev/mail');
    expect(response?.status()).toBe(200);
    await page.getByRole('heading', { name: 'Development mailbox' }).waitFor();
    const off = await page.getByText('The development mailbox is off (SMTP is configured or this is production)').count();
    await page.goto('/login');
    const link = await page.getByRole('link', { name: 'Open the development mailbox' }).count();
    expect(link).toBe(off ? 0 : 1);
  });
});
