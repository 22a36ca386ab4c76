/**
 * Draws the default avatar, `assets/defaultavatar.png` (served at /uploads/profile/defaultavatar.png
 * for members without a picture): a neutral grey head-and-shoulders silhouette on a light
 * background, 256x256. The PNG is committed; run this only to redraw it:
 *
 *   npx tsx services/media/scripts/make-default-avatar.ts
 */
import { mkdir } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';

const SIZE = 256;
const BACKGROUND = '#E4E6EB';
const SILHOUETTE = '#A8ADB4';

const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${SIZE}" height="${SIZE}" viewBox="0 0 256 256">
  <rect width="256" height="256" fill="${BACKGROUND}"/>
  <circle cx="128" cy="100" r="46" fill="${SILHOUETTE}"/>
  <path d="M40 256 C40 196 80 162 128 162 C176 162 216 196 216 256 Z" fill="${SILHOUETTE}"/>
</svg>`;

const out = new URL('../assets/defaultavatar.png', import.meta.url);
await mkdir(new URL('.', out), { recursive: true });
const info = await sharp(Buffer.from(svg)).png({ compressionLevel: 9, palette: true, colours: 32 }).toFile(fileURLToPath(out));
console.log(`wrote ${fileURLToPath(out)} (${info.width}x${info.height}, ${info.size} bytes)`);
