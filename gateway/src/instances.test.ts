import { describe, expect, it } from 'vitest';
import { createInstances, INSTANCE_DOWN_MS } from './instances.js';

describe('several instances of a service', () => {
  it('takes them in turn', () => {
    const instances = createInstances(['http://a', 'http://b', 'http://c']);
    expect(Array.from({ length: 6 }, () => instances.pick())).toEqual([
      'http://a',
      'http://b',
      'http://c',
      'http://a',
      'http://b',
      'http://c',
    ]);
  });

  it('passes over one that refused a connection for a while, then tries it again', () => {
    let now = 1_000;
    const instances = createInstances(['http://a', 'http://b'], () => now);
    instances.down('http://b');
    expect(Array.from({ length: 4 }, () => instances.pick())).toEqual(['http://a', 'http://a', 'http://a', 'http://a']);
    now += INSTANCE_DOWN_MS;
    expect(new Set(Array.from({ length: 4 }, () => instances.pick()))).toEqual(new Set(['http://a', 'http://b']));
  });

  it('still answers one in turn when every one is passed over', () => {
    const instances = createInstances(['http://a', 'http://b']);
    instances.down('http://a');
    instances.down('http://b');
    expect(new Set([instances.pick(), instances.pick()])).toEqual(new Set(['http://a', 'http://b']));
  });

  it('orders a socket’s tries: the next in turn first, those passed over last', () => {
    const instances = createInstances(['http://a', 'http://b', 'http://c']);
    expect(instances.tryOrder()).toEqual(['http://a', 'http://b', 'http://c']);
    expect(instances.tryOrder()).toEqual(['http://b', 'http://c', 'http://a']);
    instances.down('http://a');
    expect(instances.tryOrder()).toEqual(['http://c', 'http://b', 'http://a']);
  });

  it('never passes over the only one', () => {
    const instances = createInstances(['http://a']);
    instances.down('http://a');
    expect(instances.tryOrder()).toEqual(['http://a']);
    expect(instances.pick()).toBe('http://a');
  });
});
