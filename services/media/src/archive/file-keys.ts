/**
 * The stored files a member's rows point at (`/uploads/<key>` in a post's media, a story, a reel,
 * an avatar), so the archive carries the files themselves. Only keys of our public areas are
 * taken; the key grammar (storage/keys.ts) is checked again before storage is asked.
 */
import { parseKey } from '../storage/keys.js';

const UPLOAD_URL = /\/uploads\/((?:profile|images|videos)\/[0-9a-f]{32}(?:-[a-z0-9]{1,16})?\.[a-z0-9]{2,4})/g;

/** Adds to `keys` every stored key named in `text`. */
export function collectFileKeys(text: string, keys: Set<string>): void {
  for (const match of text.matchAll(UPLOAD_URL)) {
    if (parseKey(match[1]) !== null) keys.add(match[1]!);
  }
}
