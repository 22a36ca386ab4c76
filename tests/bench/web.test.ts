import { describe, expect, it } from 'vitest';
import { backOfficeScripts, budgetedPages, homeJs, type PageJs } from './web.js';

const weighed = (name: string, urls: string[]): PageJs => ({
  name,
  path: `/${name}`,
  budgetBytes: 160 * 1024,
  jsBytes: urls.length * 1000,
  jsFiles: urls.length,
  totalBytes: urls.length * 2000,
  files: urls.map((url) => ({ url, bytes: 1000 })),
});

describe('the member pages the bench weighs', () => {
  it('budgets the home feed at 150 KiB and the other member pages at 160', () => {
    const pages = budgetedPages({ userId: 7 });
    expect(pages.map((page) => [page.name, page.budgetBytes / 1024])).toEqual([
      ['home', 150],
      ['profile', 160],
      ['reels', 160],
      ['groups', 160],
      ['wallet', 160],
      ['search', 160],
      ['messages', 160],
    ]);
    expect(pages.find((page) => page.name === 'profile')?.path).toBe('/profile/7');
  });

  it("names the back office's scripts a page loaded: its routes' chunks and its texts", () => {
    const page = weighed('home', [
      '/assets/react-a1.js',
      '/assets/admin.users.export-b2.js',
      '/assets/admin-texts-c3.js',
      '/assets/_app.saved-d4.js',
    ]);
    expect(backOfficeScripts(page)).toEqual(['/assets/admin.users.export-b2.js', '/assets/admin-texts-c3.js']);
    expect(backOfficeScripts(weighed('groups', ['/assets/_app.groups._index-e5.js']))).toEqual([]);
  });

  it("keeps the home feed's figure as the bench reported it", () => {
    expect(homeJs([weighed('groups', ['/a.js']), weighed('home', ['/b.js', '/c.js'])])).toMatchObject({ jsFiles: 2, jsBytes: 2000 });
    expect(() => homeJs([weighed('groups', ['/a.js'])])).toThrow('the home page was not weighed');
  });
});
