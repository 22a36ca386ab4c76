import { describe, expect, it } from 'vitest';
import { dataSaverOn } from './data-saver';
import { DATA_SAVER_COOKIE, dataSaverCookie, dataSaverFromCookie, pageDataSaver, requestHints } from './data-saver.server';

const page = (headers: Record<string, string> = {}) => new Request('http://kora.test/', { headers });

describe('data saver (decision 044)', () => {
  it("follows the member's choice, and on Automatic the browser's hints", () => {
    const none = { saveData: false, effectiveType: null };
    expect(dataSaverOn('on', none)).toBe(true);
    expect(dataSaverOn('off', { saveData: true, effectiveType: '2g' })).toBe(false);
    expect(dataSaverOn('auto', none)).toBe(false);
    expect(dataSaverOn('auto', { saveData: true, effectiveType: '4g' })).toBe(true);
    for (const slow of ['slow-2g', '2g', '3g', ' 3G ']) expect(dataSaverOn('auto', { saveData: false, effectiveType: slow })).toBe(true);
    expect(dataSaverOn('auto', { saveData: false, effectiveType: '4g' })).toBe(false);
  });

  it('reads Save-Data and the ECT client hint from the request', () => {
    expect(requestHints(page({ 'save-data': 'on', ect: '3g' }))).toEqual({ saveData: true, effectiveType: '3g' });
    expect(requestHints(page({ 'save-data': 'off' }))).toEqual({ saveData: false, effectiveType: null });
  });

  it('keeps a copy per member in a cookie, and decides from it without asking the settings service', async () => {
    const set = dataSaverCookie(page(), 42, 'on');
    expect(set).toMatch(new RegExp(`^${DATA_SAVER_COOKIE}=42\\.on;.*HttpOnly`));
    const withCopy = (value: string, headers: Record<string, string> = {}) => page({ cookie: `${DATA_SAVER_COOKIE}=${value}`, ...headers });
    expect(dataSaverFromCookie(withCopy('42.on'), 42)).toBe('on');
    // Another member's copy, or a value that is no choice, is no copy.
    expect(dataSaverFromCookie(withCopy('41.on'), 42)).toBeNull();
    expect(dataSaverFromCookie(withCopy('42.sometimes'), 42)).toBeNull();

    const fromCopy = (request: Request) => pageDataSaver(request, dataSaverFromCookie(request, 42)!);
    expect(fromCopy(withCopy('42.auto', { 'save-data': 'on' }))).toEqual({ choice: 'auto', on: true });
    expect(fromCopy(withCopy('42.off', { 'save-data': 'on' }))).toEqual({ choice: 'off', on: false });
  });
});
