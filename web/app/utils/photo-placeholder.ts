/**
 * A photo's ThumbHash (decision 044) as a tiny PNG data URL to paint behind it while it loads.
 * ThumbHash decodes to at most 32 px a side; that picture is averaged down to at most 12 px a side
 * first, which looks the same once stretched smoothly over the photo's box but keeps the data URL
 * a few hundred bytes, since the server writes it into the page's HTML for every photo. The same
 * function runs on the server and in the browser, so both render the same attribute.
 */
import { rgbaToDataURL, thumbHashToRGBA } from 'thumbhash';

const MAX_SIDE = 12;
const cache = new Map<string, string | null>();

function decodeBase64(text: string): Uint8Array {
  const binary = atob(text);
  return Uint8Array.from(binary, (c) => c.charCodeAt(0));
}

/** Box-averages an RGBA picture down by a whole factor. */
function shrink(w: number, h: number, rgba: Uint8Array, factor: number): { w: number; h: number; rgba: Uint8Array } {
  const sw = Math.ceil(w / factor);
  const sh = Math.ceil(h / factor);
  const out = new Uint8Array(sw * sh * 4);
  for (let y = 0; y < sh; y++) {
    for (let x = 0; x < sw; x++) {
      const sums = [0, 0, 0, 0];
      let count = 0;
      for (let dy = 0; dy < factor && y * factor + dy < h; dy++) {
        for (let dx = 0; dx < factor && x * factor + dx < w; dx++) {
          const at = ((y * factor + dy) * w + x * factor + dx) * 4;
          for (let c = 0; c < 4; c++) sums[c]! += rgba[at + c]!;
          count++;
        }
      }
      for (let c = 0; c < 4; c++) out[(y * sw + x) * 4 + c] = Math.round(sums[c]! / count);
    }
  }
  return { w: sw, h: sh, rgba: out };
}

/** The data URL for a ThumbHash in base64, or null when it is not one. */
export function placeholderDataUrl(hash: string | null | undefined): string | null {
  if (!hash) return null;
  const known = cache.get(hash);
  if (known !== undefined) return known;
  let url: string | null;
  try {
    const decoded = thumbHashToRGBA(decodeBase64(hash));
    const factor = Math.ceil(Math.max(decoded.w, decoded.h) / MAX_SIDE);
    const small = factor > 1 ? shrink(decoded.w, decoded.h, decoded.rgba, factor) : decoded;
    url = rgbaToDataURL(small.w, small.h, small.rgba);
  } catch {
    url = null;
  }
  if (cache.size > 500) cache.clear();
  cache.set(hash, url);
  return url;
}
