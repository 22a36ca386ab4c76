/**
 * A service's export sections are named as the archive's files and the media service's reader
 * take them: a name it would refuse fails the service's start, not a member's archive.
 */
import { describe, expect, it } from 'vitest';
import { EXPORT_SECTION_NAME, memberExportRoute, type ExportSection } from './member-export.js';
import type { ServiceApp } from '../service.js';

const section = (name: string): ExportSection => ({ name, page: () => Promise.resolve({ rows: [], last: null }) });

describe('memberExportRoute', () => {
  it('refuses a section name the archive would refuse', () => {
    const app = { get: () => undefined } as unknown as ServiceApp;
    expect(() => memberExportRoute(app, [section('notifications'), section('pushDevices')])).toThrow('pushDevices');
    expect(() => memberExportRoute(app, [section('push-devices'), section('requests-sent')])).not.toThrow();
  });

  it('names files in lowercase words with dashes', () => {
    expect(['posts', 'muted-members', 'push-devices'].every((name) => EXPORT_SECTION_NAME.test(name))).toBe(true);
    expect(['Posts', 'push_devices', '../etc', ''].some((name) => EXPORT_SECTION_NAME.test(name))).toBe(false);
  });
});
