import { describe, expect, it } from 'vitest';
import { isReviewer, membershipOf } from './membership';

describe('membershipOf', () => {
  it("follows the spec's flags: Join, then Pending approval, then Joined", () => {
    expect(membershipOf({ joined: '0', approved: '0' }, null)).toBe('join');
    expect(membershipOf({ joined: '1', approved: '0' }, null)).toBe('pending');
    expect(membershipOf({ joined: '1', approved: '1' }, 'member')).toBe('joined');
    expect(membershipOf({ joined: '1', approved: '1' }, 'admin')).toBe('joined');
    // A list card does not know the role: an approved member without one is Joined.
    expect(membershipOf({ joined: '1', approved: '1' }, null)).toBe('joined');
  });

  it('shows the owner Manage instead of a way to leave', () => {
    expect(membershipOf({ joined: '1', approved: '1' }, 'owner')).toBe('owner');
  });
});

describe('isReviewer', () => {
  it('is the owner and the admins', () => {
    expect(isReviewer('owner')).toBe(true);
    expect(isReviewer('admin')).toBe(true);
    expect(isReviewer('member')).toBe(false);
    expect(isReviewer(null)).toBe(false);
  });
});
