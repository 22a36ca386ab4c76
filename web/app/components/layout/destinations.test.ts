import { inLocale, loadLanguage } from '@kora/contracts';
import { describe, expect, it } from 'vitest';
import { drawerMenuSections, drawerSpecItems, EXPLORE_MENU, isGroup, MAIN_MENU, SETTINGS_ITEM } from './destinations';

const ALL_ON = { stories: true, reels: true, groups: true, payments: true };

/** Every page the left menu links to, groups opened up. */
function leftMenuPaths(): string[] {
  return [...MAIN_MENU, ...EXPLORE_MENU]
    .flatMap((entry) => (isGroup(entry) ? entry.children : [entry]))
    .map((item) => item.to)
    .concat(SETTINGS_ITEM.to);
}

describe('the drawer destinations', () => {
  it('offers every page of the left menu, in sections, after the spec entries', () => {
    const spec = drawerSpecItems(7);
    expect(spec.map((item) => item.label)).toEqual(['Home', 'Profile', 'Friends', 'Messages', 'Notifications']);
    expect(spec[1]!.to).toBe('/profile/7');
    const sections = drawerMenuSections(ALL_ON);
    expect(sections.map((section) => section.heading)).toEqual(['Main', 'Explore', 'Account']);
    const reachable = new Set([...spec, ...sections.flatMap((section) => section.items)].map((item) => item.to));
    for (const path of leftMenuPaths()) expect(reachable, path).toContain(path);
  });

  it('lists News Feed once, as Home, and Mine by its pages', () => {
    const labels = drawerMenuSections(ALL_ON).flatMap((section) => section.items.map((item) => item.label));
    expect(labels).not.toContain('News Feed');
    expect(labels).not.toContain('Mine');
    expect(labels.slice(0, 3)).toEqual(['Popular', 'My Offers', 'My Blogs']);
    expect(labels.at(-1)).toBe('Settings');
  });

  it('leaves out what the feature switches turn off', () => {
    const labels = (features: typeof ALL_ON) => drawerMenuSections(features).flatMap((section) => section.items.map((item) => item.label));
    expect(labels({ ...ALL_ON, groups: false })).not.toContain('Groups');
    expect(labels({ ...ALL_ON, reels: false })).not.toContain('Reels');
    const noPayments = labels({ ...ALL_ON, payments: false });
    expect(noPayments).not.toContain('Wallet');
    expect(noPayments).not.toContain('Packages');
    expect(noPayments).toContain('Groups');
  });
});

describe('the menus in another language', () => {
  it("read their labels when shown, in the page's language, with ids that stay", async () => {
    await loadLanguage('pcm');
    const [english, pidgin] = [undefined, 'pcm'].map((language) =>
      inLocale({ language: language ?? 'en' }, () =>
        drawerMenuSections(ALL_ON).map((section) => [section.id, section.heading, section.items[0]!.label]),
      ),
    );
    expect(english).toEqual([
      ['main', 'Main', 'Popular'],
      ['explore', 'Explore', 'People'],
      ['account', 'Account', 'Settings'],
    ]);
    expect(pidgin).toEqual([
      ['main', 'Main', 'Popular'],
      ['explore', 'Waka around', 'People'],
      ['account', 'Account', 'Settings'],
    ]);
    expect(inLocale({ language: 'pcm' }, () => MAIN_MENU.map((entry) => entry.label))).toContain('Wetin I save');
  });
});
