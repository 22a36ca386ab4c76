import { beforeEach, describe, expect, it, vi } from 'vitest';
import { APT_LOCK_TIMEOUT_SECONDS, aptGet } from './apt.mjs';

const lockHeld = new Error(
  'command failed (exit 100): apt-get install -y ffmpeg\nE: Could not get lock /var/lib/dpkg/lock-frontend. It is held by process 4242 (apt-get)',
);

describe('aptGet', () => {
  // Its warnings about the failed first try are expected here; keep them out of the test log.
  beforeEach(() => void vi.spyOn(process.stderr, 'write').mockImplementation(() => true));

  it('waits for the dpkg lock instead of failing at once', async () => {
    const calls: string[][] = [];
    const runner = (_cmd: string, args: string[]) => {
      calls.push(args);
      return Promise.resolve();
    };
    await aptGet(['install', '-y', 'ffmpeg'], { runner, retryDelayMs: 0 });
    expect(calls).toEqual([['-o', `DPkg::Lock::Timeout=${APT_LOCK_TIMEOUT_SECONDS}`, 'install', '-y', 'ffmpeg']]);
    expect(APT_LOCK_TIMEOUT_SECONDS).toBeGreaterThanOrEqual(60);
  });

  it('tries once more when the first call fails, and succeeds then', async () => {
    let calls = 0;
    const runner = () => {
      calls += 1;
      return calls === 1 ? Promise.reject(lockHeld) : Promise.resolve({ code: 0 });
    };
    await expect(aptGet(['install', '-y', 'ffmpeg'], { runner, retryDelayMs: 0 })).resolves.toEqual({ code: 0 });
    expect(calls).toBe(2);
  });

  it('gives up after the second failure, with apt-get’s own words', async () => {
    let calls = 0;
    const runner = () => {
      calls += 1;
      return Promise.reject(lockHeld);
    };
    await expect(aptGet(['install', '-y', 'ffmpeg'], { runner, retryDelayMs: 0 })).rejects.toThrow('Could not get lock');
    expect(calls).toBe(2);
  });
});
