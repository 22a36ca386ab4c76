import { describe, expect, it } from 'vitest';
import { failureText, relationAfter, successText } from './friend-outcome';

describe('successText', () => {
  it("uses the spec's toasts", () => {
    expect(successText('send', { id: 4, status: 0 })).toBe('Request sent successfully');
    expect(successText('accept')).toBe('Request accepted successfully');
    expect(successText('decline')).toBe('Request declined successfully');
  });

  it('says accepted when sending answered their earlier request', () => {
    expect(successText('send', { id: 4, status: 'accepted' })).toBe('Request accepted successfully');
  });
});

describe('failureText', () => {
  it("uses the spec's errors for sending and responding", () => {
    expect(failureText('send')).toBe('Failed to send request');
    expect(failureText('accept')).toBe('Failed to respond');
    expect(failureText('decline')).toBe('Failed to respond');
  });
});

describe('relationAfter', () => {
  it('is requested after sending, with the new request to cancel', () => {
    expect(relationAfter('send', 9, { id: 4, status: 0 })).toEqual({
      userId: 9,
      status: 'requested',
      requestId: 4,
      canRequest: false,
      reason: null,
    });
  });

  it('is friends after accepting, or after sending to someone who had asked first', () => {
    expect(relationAfter('accept', 9)).toEqual({ userId: 9, status: 'friends', requestId: null, canRequest: false, reason: null });
    expect(relationAfter('send', 9, { id: 4, status: 'accepted' })).toEqual({
      userId: 9,
      status: 'friends',
      requestId: null,
      canRequest: false,
      reason: null,
    });
  });

  it('is none after declining, cancelling or unfriending', () => {
    for (const intent of ['decline', 'cancel', 'unfriend'] as const) {
      expect(relationAfter(intent, 9)).toEqual({ userId: 9, status: 'none', requestId: null, canRequest: true, reason: null });
    }
  });
});
