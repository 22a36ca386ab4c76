/**
 * Media paths from the API may be full URLs, root-relative paths or bare file names; the browser
 * always loads them from the one public origin, where the gateway serves `/uploads/*`.
 */
export function mediaUrl(path: string | null | undefined): string | null {
  if (!path) return null;
  if (/^(https?:)?\/\//.test(path) || path.startsWith('/') || path.startsWith('data:') || path.startsWith('blob:')) {
    return path;
  }
  return `/uploads/${path.replace(/^uploads\//, '')}`;
}

/** Up to two initials for avatar placeholders ("Ada Obi" → "AO", "member7" → "M"). */
export function initials(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const letters = words.length > 1 ? [words[0]![0], words[words.length - 1]![0]] : [words[0]?.[0]];
  return letters.join('').toUpperCase() || '?';
}

const DEFAULT_AVATAR_FILE = /(^|\/)profile\/defaultavatar\.png$/;

/**
 * The picture to show for a member, or null when they have none of their own (missing, or the
 * shared default avatar): the Avatar component then shows their initials.
 */
export function avatarSrc(path: string | null | undefined): string | null {
  const url = mediaUrl(path);
  if (!url) return null;
  return DEFAULT_AVATAR_FILE.test(url.split('?')[0]!) ? null : url;
}
