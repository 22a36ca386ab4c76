/**
 * The archive's zip writer when an entry's content fails (a service's export line the archive
 * refuses, a storage error): the failure reaches the caller, which fails the archive, and never
 * becomes an unheard stream error that would end the process (vitest fails a test on one).
 */
import { describe, expect, it } from 'vitest';
import { ZipWriter } from './zip-writer.js';

describe('ZipWriter', () => {
  it('hands a failing entry to its caller without an unheard stream error', async () => {
    const zip = new ZipWriter();
    zip.output.resume();
    zip.output.on('error', () => {});
    await expect(
      zip.addWritten('notifications/broken.json', async (out) => {
        await out.write('[\n');
        throw new Error('an export line the archive refuses');
      }),
    ).rejects.toThrow('an export line the archive refuses');
    // Let any 'error' event the entry would emit fire before the test ends.
    await new Promise((resolve) => setTimeout(resolve, 50));
    zip.abort(new Error('the archive failed'));
  });
});
