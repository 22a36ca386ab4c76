import { describe, expect, it } from 'vitest';
import { onlyPostModalChanged, postModalId, withoutPostModal, withPostModal } from './post-modal';

const url = (path: string) => new URL(path, 'http://kora.test');

describe('postModalId', () => {
  it('reads a post id, and nothing else', () => {
    expect(postModalId('?post=12')).toBe(12);
    expect(postModalId('?q=a&post=7')).toBe(7);
    expect(postModalId('')).toBeNull();
    expect(postModalId('?post=abc')).toBeNull();
    expect(postModalId('?post=0')).toBeNull();
  });
});

describe('withPostModal / withoutPostModal', () => {
  it('adds and removes the parameter, keeping the others', () => {
    expect(withPostModal('', 5)).toBe('?post=5');
    expect(withPostModal('?q=ada&post=1', 5)).toBe('?q=ada&post=5');
    expect(withoutPostModal('?q=ada&post=5')).toBe('?q=ada');
    expect(withoutPostModal('?post=5')).toBe('');
  });
});

describe('onlyPostModalChanged', () => {
  it('is true when the modal opens, closes or switches on the same page', () => {
    expect(onlyPostModalChanged(url('/'), url('/?post=3'))).toBe(true);
    expect(onlyPostModalChanged(url('/saved?post=3'), url('/saved'))).toBe(true);
    expect(onlyPostModalChanged(url('/?post=3'), url('/?post=4'))).toBe(true);
  });

  it('is false for another page, other parameters, or no change at all', () => {
    expect(onlyPostModalChanged(url('/'), url('/saved?post=3'))).toBe(false);
    expect(onlyPostModalChanged(url('/?a=1'), url('/?a=2&post=3'))).toBe(false);
    expect(onlyPostModalChanged(url('/?post=3'), url('/?post=3'))).toBe(false);
  });
});
