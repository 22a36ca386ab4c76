import { describe, expect, it } from 'vitest';
import { newClusterId } from './kafka.mjs';

describe('newClusterId', () => {
  it('is 22 base64url characters, as kafka-storage random-uuid makes', () => {
    expect(newClusterId()).toMatch(/^[A-Za-z0-9_-]{22}$/);
  });

  it("never starts with '-', which the storage tool would take for an option", () => {
    // 0xF8 = 111110..: the first six bits are 62, base64url's '-'.
    const draws = [Buffer.alloc(16, 0xf8), Buffer.alloc(16, 0x04)];
    const id = newClusterId(() => draws.shift()!);
    expect(id.startsWith('-')).toBe(false);
    expect(draws).toHaveLength(0);
    expect(Buffer.alloc(16, 0xf8).toString('base64url').startsWith('-')).toBe(true);
  });
});
