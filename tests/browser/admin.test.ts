/// <reference lib="dom" />
/**
 * The back office through the browser, against the running product: the /admin guard for the
 * three kinds of visitor (anonymous → login, then back to the admin page with its query after
 * signing in; a member → home; an admin → the page), the dashboard (cards streamed in after "-",
 * the 30-day chart), the layout (sidebar on a desktop, a focus-trapped drawer on a phone that Esc
 * closes; titles "<Page> · Admin · <site>"), the settings tabs with the product's parsing, sign-ups
 * closed (login hides Register, /register says so), and the admin profile (profile, avatar,
 * password, sessions). Screens at 1280x800 and 375x812.
 */
import { adminTexts, authTexts } from '@kora/contracts';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAdmin, putSettings } from './support/admins';
import { anonymousContext, BASE_URL, clientIpOf, launchBrowser, VIEWPORTS, contextPool } from './support/browser';
import { createMember, memberContext, type Member } from './support/members';
import { noSidewaysScroll, toastWith } from './support/page-helpers';
import { solidPng } from './support/png';
import { saveScreenshot } from './support/screenshots';

const LONG = 300_000;

let browser: Browser;
const pool = contextPool();
let admin: Member;
let member: Member;
let siteName: string;

const onPath = (pathname: string) => (url: URL) => url.pathname === pathname;

const track = (context: Promise<BrowserContext>): Promise<Page> => pool.open(context);

const asAdmin = (viewport = VIEWPORTS.laptop) => track(memberContext(browser, admin, { viewport }));

async function signInThroughUi(page: Page, who: Member) {
  await page.getByLabel('Email/Username').fill(who.email);
  await page.getByLabel('Password').fill(who.password);
  await page.getByRole('button', { name: 'Login' }).click();
}

beforeAll(async () => {
  browser = await launchBrowser();
  [admin, member] = await Promise.all([createAdmin('adg'), createMember('adm')]);
  siteName = ((await (await fetch(`${BASE_URL}/api/site`)).json()) as { siteName: string }).siteName;
}, LONG);

afterAll(async () => {
  // Whatever a failed test left, the rest of the run gets the defaults back.
  await putSettings('general', { allowSignups: true }).catch(() => undefined);
  await putSettings('moderation', { maxPostLength: 5000, badWords: [] }).catch(() => undefined);
  await pool.closeAll();
  await browser?.close();
}, LONG);

describe('the admin guard', () => {
  it(
    'sends a visitor to login and back to the admin page with its query, a member home, an admin in',
    async () => {
      const visitor = await track(anonymousContext(browser, { viewport: VIEWPORTS.laptop }));
      await visitor.goto('/admin/settings?tab=email');
      await visitor.waitForURL(onPath('/login'));
      expect(new URL(visitor.url()).searchParams.get('redirectTo')).toBe('/admin/settings?tab=email');
      expect(await visitor.getByText(adminTexts.smtpPasswordHint).count()).toBe(0);
      await signInThroughUi(visitor, admin);
      await visitor.waitForURL((url) => url.pathname === '/admin/settings' && url.searchParams.get('tab') === 'email');
      await visitor.getByText(adminTexts.smtpPasswordHint).waitFor();

      // Login only goes back to same-site paths: an absolute URL ends on the home page.
      const other = await track(anonymousContext(browser, { viewport: VIEWPORTS.laptop }));
      await other.goto(`/login?redirectTo=${encodeURIComponent('https://evil.example/admin')}`);
      await signInThroughUi(other, admin);
      await other.waitForURL(onPath('/'));

      const memberPage = await track(memberContext(browser, member, { viewport: VIEWPORTS.laptop }));
      for (const path of ['/admin', '/admin/users', '/admin/settings', '/admin/profile']) {
        const answer = await memberPage.goto(path);
        await memberPage.waitForURL(onPath('/'));
        expect(answer?.url() ?? '', path).not.toContain('/admin');
        expect(await memberPage.getByRole('navigation', { name: 'Admin' }).count()).toBe(0);
      }
      // The export (a resource route) refuses a member too, without a file.
      const exportAnswer = await memberPage.request.get('/admin/users/export?format=csv', { maxRedirects: 0 });
      expect(exportAnswer.status()).toBe(302);
      expect(exportAnswer.headers()['location']).toBe('/');

      const adminPage = await asAdmin();
      await adminPage.goto('/admin');
      await adminPage.getByRole('heading', { name: 'Dashboard' }).waitFor();
      expect(await adminPage.title()).toBe(`Dashboard · Admin · ${siteName}`);
    },
    LONG,
  );
});

describe('the dashboard and the layout', () => {
  it(
    'streams the counts in after "-", draws the 30-day chart, and lists the sections in the sidebar',
    async () => {
      const page = await asAdmin();
      await page.goto('/admin');
      const users = page.locator('[data-stat="totalUsers"]');
      await expect.poll(async () => (await users.innerText()).split('\n').pop()).toMatch(/^[\d,]+$/);
      for (const label of ['Users', 'Pending Users', 'Not Activated', 'Banned', 'Posts']) {
        expect(await page.getByRole('list', { name: 'Counts' }).getByText(label, { exact: true }).count(), label).toBe(1);
      }
      const chart = page.getByRole('img', { name: /Sign-ups and posts per day/ });
      await chart.waitFor();
      expect(await chart.locator('polyline').count()).toBe(2);
      expect(await page.locator('details table tbody tr').count()).toBe(30);

      const nav = page.getByRole('navigation', { name: 'Admin' });
      expect(await nav.getByRole('link').allInnerTexts()).toEqual(['Dashboard', 'Users', 'Settings', 'Posts', 'Representatives', 'Audit']);
      expect(await nav.getByRole('link', { name: 'Profile' }).count()).toBe(0);
      expect(await page.getByRole('link', { name: /^Profile/ }).getAttribute('href')).toBe('/admin/profile');
      await saveScreenshot(page, 'admin-dashboard-1280');
    },
    LONG,
  );

  it(
    'on a phone the sidebar gives way to a drawer that traps focus and closes on Escape',
    async () => {
      const page = await asAdmin(VIEWPORTS.phone);
      await page.goto('/admin');
      await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
      expect(await page.getByRole('navigation', { name: 'Admin' }).isVisible()).toBe(false);
      await noSidewaysScroll(page);
      await saveScreenshot(page, 'admin-dashboard-375');

      const open = page.getByRole('button', { name: 'Open admin menu' });
      await open.click();
      const drawer = page.getByRole('dialog');
      await drawer.waitFor();
      await saveScreenshot(page, 'admin-drawer-375');
      for (let i = 0; i < 10; i += 1) {
        await page.keyboard.press('Tab');
        expect(await drawer.evaluate((el) => el.contains(document.activeElement))).toBe(true);
      }
      await page.keyboard.press('Escape');
      await drawer.waitFor({ state: 'detached' });
      // Radix hands focus back a task after the drawer leaves the page.
      await expect.poll(() => open.evaluate((el) => el === document.activeElement)).toBe(true);

      await open.click();
      await page.getByRole('dialog').getByRole('link', { name: 'Settings' }).click();
      await page.waitForURL(onPath('/admin/settings'));
      await page.getByRole('dialog').waitFor({ state: 'detached' });
      await expect.poll(() => page.title()).toBe(`Settings · Admin · ${siteName}`);
    },
    LONG,
  );
});

describe('settings', () => {
  it(
    'saves each tab with the spec parsing: number defaults, trimmed lists, the kept SMTP secret',
    async () => {
      const page = await asAdmin();
      await page.goto('/admin/settings');
      expect(await page.getByRole('tab').allInnerTexts()).toEqual(['General', 'Features', 'Moderation', 'Storage', 'Email', 'Security']);
      await page.getByRole('tab', { name: 'Moderation' }).click();
      await page.waitForURL((url) => url.searchParams.get('tab') === 'moderation');
      await page.getByLabel('Max post length').fill('lots');
      await page.getByLabel('Bad words').fill(' scam, ,  419 ,, yahoo yahoo ');
      await page.getByRole('button', { name: 'Save' }).click();
      const saved = toastWith(page, adminTexts.saved);
      await saved.waitFor();
      expect(await saved.innerText()).toContain('Updated moderation settings');
      await page.reload();
      expect(await page.getByLabel('Max post length').inputValue()).toBe('5000');
      expect(await page.getByLabel('Bad words').inputValue()).toBe('scam, 419, yahoo yahoo');
      await saveScreenshot(page, 'admin-settings-1280');

      // The server's refusal comes back as "Save failed" with its text.
      await page.getByRole('tab', { name: 'Security' }).click();
      await page.getByLabel('CORS origins').fill('https://partner.example.com\n\nnot a url\n');
      await page.getByRole('button', { name: 'Save' }).click();
      const failed = toastWith(page, adminTexts.saveFailed);
      await failed.waitFor();
      expect(await failed.innerText()).toMatch(/CORS origin/);

      // Email: a stored password shows as ********; saving that keeps it (it still shows masked).
      await page.getByRole('tab', { name: 'Email' }).click();
      await page.getByLabel('SMTP port').fill('not a port');
      await page.getByLabel('SMTP password').fill('s3cret-pass');
      await page.getByRole('button', { name: 'Save' }).click();
      await toastWith(page, 'Updated email settings').waitFor();
      await page.reload();
      expect(await page.getByLabel('SMTP port').inputValue()).toBe('587');
      expect(await page.getByLabel('SMTP password').inputValue()).toBe('********');
      await page.getByText(adminTexts.smtpPasswordHint).waitFor();
      const before = await toastWith(page, 'Updated email settings').count();
      await page.getByRole('button', { name: 'Save' }).click();
      await expect
        .poll(() =>
          page
            .getByRole('region', { name: /^Notifications/ })
            .getByRole('listitem')
            .filter({ hasText: 'Updated email settings' })
            .count(),
        )
        .toBeGreaterThan(before);
      await page.reload();
      expect(await page.getByLabel('SMTP password').inputValue()).toBe('********');
      await putSettings('email', { smtpHost: '', smtpUser: '', smtpPassword: '' });

      const phone = await asAdmin(VIEWPORTS.phone);
      await phone.goto('/admin/settings?tab=storage');
      await phone.getByLabel('Max upload (MB)').waitFor();
      await noSidewaysScroll(phone);
      await saveScreenshot(phone, 'admin-settings-375');
    },
    LONG,
  );

  it(
    'with sign-ups closed, login hides Register and /register shows the closed text',
    async () => {
      const page = await asAdmin();
      await page.goto('/admin/settings?tab=general');
      const allow = page.getByRole('switch', { name: 'Allow new signups' });
      expect(await allow.isChecked()).toBe(true);
      await allow.uncheck();
      await page.getByRole('button', { name: 'Save' }).click();
      await toastWith(page, 'Updated general settings').waitFor();
      try {
        const visitor = await track(anonymousContext(browser, { viewport: VIEWPORTS.laptop }));
        // The web app keeps the site info for a few seconds.
        await expect
          .poll(async () => {
            await visitor.goto('/register');
            return visitor.getByText(authTexts.signUpsClosed).count();
          })
          .toBe(1);
        expect(await visitor.getByRole('button', { name: 'Register' }).count()).toBe(0);
        await visitor.goto('/login');
        expect(await visitor.getByRole('link', { name: 'Register' }).count()).toBe(0);
      } finally {
        await page.reload();
        await page.getByRole('switch', { name: 'Allow new signups' }).check();
        await page.getByRole('button', { name: 'Save' }).click();
        await toastWith(page, 'Updated general settings').waitFor();
      }
      const later = await track(anonymousContext(browser, { viewport: VIEWPORTS.laptop }));
      await expect
        .poll(async () => {
          await later.goto('/login');
          return later.getByRole('link', { name: 'Register' }).count();
        })
        .toBe(1);
    },
    LONG,
  );
});

describe('the admin profile', () => {
  it(
    'updates the profile and the avatar, changes the password, lists and revokes other sessions',
    async () => {
      const page = await asAdmin();
      await page.goto('/admin/profile');
      expect(await page.getByRole('tab').allInnerTexts()).toEqual(['Profile', 'Avatar', 'Password', 'Sessions']);
      expect(await page.getByLabel('Username').inputValue()).toBe(admin.username);
      expect(await page.getByLabel('Timezone').getAttribute('placeholder')).toBe('Asia/Kolkata');
      await page.getByLabel('Bio').fill('Keeps the lights on');
      await page.getByRole('button', { name: 'Save' }).click();
      await toastWith(page, adminTexts.profileUpdated).waitFor();
      await page.reload();
      expect(await page.getByLabel('Bio').inputValue()).toBe('Keeps the lights on');
      await saveScreenshot(page, 'admin-profile-1280');

      const avatarTab = page.getByRole('tab', { name: 'Avatar' });
      await avatarTab.click();
      // The tab's own Save only once its panel shows (the Profile tab has a Save too).
      await expect.poll(() => avatarTab.getAttribute('aria-selected')).toBe('true');
      await page.getByRole('button', { name: 'Save' }).click();
      await page.getByText(adminTexts.chooseImageFirst).waitFor();
      await page
        .getByLabel('Choose an image')
        .setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: solidPng(96, [232, 120, 40]) });
      await page.getByRole('img', { name: 'New avatar preview' }).waitFor();
      await page.getByRole('button', { name: 'Save' }).click();
      await toastWith(page, adminTexts.avatarUpdated).waitFor();
      await page.getByRole('img', { name: 'New avatar preview' }).waitFor({ state: 'detached' });

      // Password: Change only with the current password and 8+ new characters.
      await page.getByRole('tab', { name: 'Password' }).click();
      const change = page.getByRole('button', { name: 'Change password' });
      expect(await change.isDisabled()).toBe(true);
      await page.getByLabel('Old password').fill('wrong-password');
      await page.getByLabel('New password').fill('short');
      await page.getByText(adminTexts.newPasswordTooShort).waitFor();
      expect(await change.isDisabled()).toBe(true);
      const newPassword = 'admin-new-pass-1';
      await page.getByLabel('New password').fill(newPassword);
      expect(await change.isEnabled()).toBe(true);
      await change.click();
      await toastWith(page, adminTexts.changePasswordFailed).waitFor();
      await page.getByLabel('Old password').fill(admin.password);
      await page.getByLabel('New password').fill(newPassword);
      await change.click();
      await toastWith(page, adminTexts.passwordChanged).waitFor();
      admin = { ...admin, password: newPassword };

      // Sessions: another browser signed in as the admin shows up, and Revoke ends it.
      const second = await asAdmin();
      await second.goto('/admin');
      const secondIp = clientIpOf(second.context())!;
      await page.goto('/admin/profile?tab=sessions');
      const row = page.getByRole('row').filter({ hasText: secondIp });
      await row.waitFor();
      expect((await page.getByRole('columnheader').allTextContents()).map((t) => t.trim())).toEqual([
        'Device',
        'IP',
        'Last Seen',
        'Revoke',
      ]);
      await saveScreenshot(page, 'admin-profile-sessions-1280');
      await row.getByRole('button', { name: /^Revoke/ }).click();
      await toastWith(page, adminTexts.sessionRevoked).waitFor();
      await expect.poll(() => page.getByRole('row').filter({ hasText: secondIp }).count()).toBe(0);
      await second.goto('/admin/users');
      await second.waitForURL(onPath('/login'));

      const phone = await asAdmin(VIEWPORTS.phone);
      await phone.goto('/admin/profile');
      await phone.getByLabel('Username').waitFor();
      await noSidewaysScroll(phone);
      await saveScreenshot(phone, 'admin-profile-375');
    },
    LONG,
  );
});
