/** `target` with calls of its method `method` counted: how a test tells how many transactions or passes ran. */
export function countingCalls<T extends object>(target: T, method: keyof T): { counted: T; calls: () => number } {
  let calls = 0;
  const counted = new Proxy(target, {
    get(object, key, receiver) {
      const value = Reflect.get(object, key, receiver) as unknown;
      if (key !== method || typeof value !== 'function') return value;
      return (...args: unknown[]) => {
        calls += 1;
        return (value as (...a: unknown[]) => unknown).apply(object, args);
      };
    },
  });
  return { counted, calls: () => calls };
}
