/** A clock that only moves when the test says so (starts at the real time): services take `now`. */
export interface TestClock {
  now: () => Date;
  advance: (ms: number) => void;
}

export function testClock(start = Date.now()): TestClock {
  let at = start;
  return { now: () => new Date(at), advance: (ms) => void (at += ms) };
}
