/**
 * How ffprobe and ffmpeg open an upload. The demuxer is forced from the type the magic bytes gave
 * (never left to ffmpeg's own guess, which could take a crafted file for a playlist), and only the
 * `file` protocol is allowed, so nothing inside a file can make ffmpeg open another file or a URL.
 */
const demuxers: Record<string, string> = {
  'video/mp4': 'mov',
  'video/quicktime': 'mov',
  'video/3gpp': 'mov',
  'video/3gpp2': 'mov',
  'video/webm': 'matroska',
  'video/x-matroska': 'matroska',
  'video/x-msvideo': 'avi',
  'video/x-flv': 'flv',
  'video/mpeg': 'mpeg',
  'video/mp2t': 'mpegts',
  'video/ogg': 'ogg',
};

/** Input options for a file of this MIME type (an unknown type keeps ffmpeg's probing, file only). */
export function safeInputOptions(mime: string): string[] {
  const demuxer = demuxers[mime];
  return ['-protocol_whitelist', 'file', ...(demuxer ? ['-f', demuxer] : [])];
}
