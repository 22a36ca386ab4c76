import { describe, expect, it } from 'vitest';
import { memberActionForm, memberActions } from './member-actions';

const owner = { userId: 1, role: 'owner' as const };
const admin = { userId: 2, role: 'admin' as const };
const member = { userId: 3, role: 'member' as const };

describe('memberActions', () => {
  it('lets the owner manage everyone but themselves', () => {
    expect(memberActions(owner, member)).toEqual(['make-admin', 'hand-over', 'remove']);
    expect(memberActions(owner, admin)).toEqual(['remove-admin', 'hand-over', 'remove']);
    expect(memberActions(owner, owner)).toEqual([]);
  });

  it('lets admins remove plain members only', () => {
    expect(memberActions(admin, member)).toEqual(['remove']);
    expect(memberActions(admin, { userId: 4, role: 'admin' })).toEqual([]);
    expect(memberActions(admin, owner)).toEqual([]);
  });

  it('offers members and outsiders nothing', () => {
    expect(memberActions(member, { userId: 5, role: 'member' })).toEqual([]);
    expect(memberActions({ userId: 9, role: null }, member)).toEqual([]);
  });
});

describe('memberActionForm', () => {
  it('sends role changes and removals as the API takes them', () => {
    expect(memberActionForm('hand-over', 7, 3)).toEqual({ intent: 'role', fields: { groupId: 7, userId: 3, role: 'owner' } });
    expect(memberActionForm('remove-admin', 7, 2)).toEqual({ intent: 'role', fields: { groupId: 7, userId: 2, role: 'member' } });
    expect(memberActionForm('remove', 7, 3)).toEqual({ intent: 'remove', fields: { groupId: 7, userId: 3 } });
  });
});
