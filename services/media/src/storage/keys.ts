/**
 * Storage keys: the only names that ever reach the storage adapter. We generate every key ourselves
 * (`<area>/<32 random hex>[-<variant>].<ext>`) and check each one against one strict pattern before
 * any adapter touches the disk, so no client-written path, no `..`, no absolute path, no encoded
 * trick, no NUL byte can name a file. A key is also a URL path: `/uploads/<key>`.
 *
 * Areas say what a key holds and whether `/uploads/*` may serve it:
 * - `profile`  avatars and covers (re-encoded WebP), public;
 * - `images`   images of posts, stories and the like, public; a photo's smaller widths and AVIFs
 *              are its variants (`<id>-640.avif`, `<id>.avif`: decision 044);
 * - `videos`   transcoded videos and their poster frames, public — clients tell a video
 *              from an image by this path;
 * - `incoming` raw uploads waiting for a worker (a video before its transcode), never served;
 * - `archives` members' data archives (decision 035), never served here: only the signed
 *              download route reads them.
 */
import { randomBytes } from 'node:crypto';

export const storageAreas = {
  profile: { public: true },
  images: { public: true },
  videos: { public: true },
  incoming: { public: false },
  archives: { public: false },
} as const;

export type StorageArea = keyof typeof storageAreas;

/** Extensions a key may end in, and the content type each is stored and served with. */
export const contentTypes = {
  webp: 'image/webp',
  avif: 'image/avif',
  png: 'image/png',
  jpg: 'image/jpeg',
  gif: 'image/gif',
  mp4: 'video/mp4',
  webm: 'video/webm',
  bin: 'application/octet-stream',
  zip: 'application/zip',
} as const;

export type StorageExtension = keyof typeof contentTypes;

const AREAS = Object.keys(storageAreas).join('|');
const EXTENSIONS = Object.keys(contentTypes).join('|');

/** The whole grammar of a key; nothing else is ever accepted. */
export const KEY_PATTERN = new RegExp(`^(${AREAS})/([0-9a-f]{32})(?:-([a-z0-9]{1,16}))?\\.(${EXTENSIONS})$`);

export interface ParsedKey {
  key: string;
  area: StorageArea;
  /** The random part, shared by variants of one upload (a video and its poster). */
  id: string;
  variant: string | null;
  ext: StorageExtension;
  contentType: string;
}

export class InvalidKeyError extends Error {
  constructor() {
    // The offending key is deliberately not echoed: it may be an attacker's path.
    super('Invalid storage key');
    this.name = 'InvalidKeyError';
  }
}

export function parseKey(key: unknown): ParsedKey | null {
  if (typeof key !== 'string' || key.length > 80) return null;
  const match = KEY_PATTERN.exec(key);
  if (!match) return null;
  const [, area, id, variant, ext] = match as unknown as [string, StorageArea, string, string | undefined, StorageExtension];
  return { key, area, id, variant: variant ?? null, ext, contentType: contentTypes[ext] };
}

export function isValidKey(key: unknown): key is string {
  return parseKey(key) !== null;
}

/** The parsed key, or an `InvalidKeyError` before anything touches the disk. */
export function assertValidKey(key: unknown): ParsedKey {
  const parsed = parseKey(key);
  if (!parsed) throw new InvalidKeyError();
  return parsed;
}

/** A key `/uploads/*` may serve: valid and in a public area. */
export function isPublicKey(key: unknown): boolean {
  const parsed = parseKey(key);
  return parsed !== null && storageAreas[parsed.area].public;
}

/** A fresh key: 16 random bytes, so names are unguessable and never reused. */
export function newKey(area: StorageArea, ext: StorageExtension, variant?: string): string {
  const key = `${area}/${randomBytes(16).toString('hex')}${variant ? `-${variant}` : ''}.${ext}`;
  return assertValidKey(key).key;
}

/** Another file of the same upload (a video's poster frame): same area and id, new variant/extension. */
export function siblingKey(key: string, variant: string | null, ext: StorageExtension, area?: StorageArea): string {
  const parsed = assertValidKey(key);
  return assertValidKey(`${area ?? parsed.area}/${parsed.id}${variant ? `-${variant}` : ''}.${ext}`).key;
}

/** The public URL of a stored key (served by `GET /uploads/*`, routed by the gateway). */
export function publicUrl(key: string): string {
  const parsed = assertValidKey(key);
  if (!storageAreas[parsed.area].public) throw new InvalidKeyError();
  return `/uploads/${parsed.key}`;
}
