import { describe, expect, it } from 'vitest';
import { auditChanges, compactJson } from './audit-diff';

describe('auditChanges', () => {
  it('lists only the keys that changed', () => {
    expect(auditChanges({ status: 'active', role: 'user' }, { status: 'suspended', role: 'user' })).toEqual([
      { key: 'status', before: '"active"', after: '"suspended"' },
    ]);
  });

  it('shows added and dropped keys against a dash', () => {
    expect(auditChanges(null, { isDeleted: true })).toEqual([{ key: 'isDeleted', before: '—', after: 'true' }]);
    expect(auditChanges({ note: 'x' }, {})).toEqual([{ key: 'note', before: '"x"', after: '—' }]);
  });

  it('compares nested values as JSON', () => {
    expect(auditChanges({ features: { reels: true } }, { features: { reels: false } })).toEqual([
      { key: 'features', before: '{"reels":true}', after: '{"reels":false}' },
    ]);
  });

  it('compares other values whole', () => {
    expect(auditChanges(['a'], ['a', 'b'])).toEqual([{ key: null, before: '["a"]', after: '["a","b"]' }]);
    expect(auditChanges(null, null)).toEqual([]);
  });

  it('cuts long values', () => {
    expect(compactJson('x'.repeat(500))).toHaveLength(120);
  });
});
