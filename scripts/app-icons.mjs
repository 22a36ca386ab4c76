#!/usr/bin/env node
// `node scripts/app-icons.mjs`: the installed app's PNG icons (web/public/icons/), drawn from
// web/public/favicon.svg so the home-screen icon is the tab's icon (decision 041). Run it again
// after changing the favicon and commit the PNGs.
//
// - icon-<size>.png: the favicon as it is (rounded square, transparent corners), purpose "any".
// - icon-maskable-<size>.png: a full square of the brand colour with the mark inside the central
//   safe circle, for launchers that cut their own shape (purpose "maskable").
// - apple-touch-icon.png: the maskable drawing, since iOS fills transparent corners with black.
// - badge-96.png: the mark alone in white on transparent, for the status bar of a notification
//   (Android draws a badge from its alpha channel only).
import { readFileSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';

const WEB_PUBLIC = fileURLToPath(new URL('../web/public/', import.meta.url));
const OUT = path.join(WEB_PUBLIC, 'icons');
const favicon = readFileSync(path.join(WEB_PUBLIC, 'favicon.svg'), 'utf8');

/** The favicon's drawing without its <svg> wrapper, and its background colour (the first fill). */
const inner = favicon.replace(/^[\s\S]*?<svg[^>]*>/, '').replace(/<\/svg>\s*$/, '');
const background = /fill="(#[0-9a-fA-F]{3,8})"/.exec(inner)?.[1];
if (!background) throw new Error('favicon.svg: no fill colour found for the maskable background');

// A launcher may cut a maskable icon down to the centred circle of its safe zone; the mark is drawn
// smaller than in the favicon so that no stroke reaches the cut.
const MASKABLE_SCALE = 0.72;
const maskable = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32">
  <rect width="32" height="32" fill="${background}"/>
  <g transform="translate(16 16) scale(${MASKABLE_SCALE}) translate(-16 -16)">${inner}</g>
</svg>`;

const badge = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32">${inner
  .replace(/<rect[^>]*\/>/, '')
  .replace(/fill="#[0-9a-fA-F]+"/g, 'fill="#fff"')}</svg>`;

async function render(svg, size, name) {
  const file = path.join(OUT, name);
  // density makes librsvg draw the 32-unit viewBox at the target size instead of scaling a bitmap.
  await sharp(Buffer.from(svg), { density: (72 * size) / 32 })
    .resize(size, size)
    .png({ compressionLevel: 9 })
    .toFile(file);
  console.log(`wrote ${path.relative(process.cwd(), file)}`);
}

mkdirSync(OUT, { recursive: true });
await render(favicon, 192, 'icon-192.png');
await render(favicon, 512, 'icon-512.png');
await render(maskable, 192, 'icon-maskable-192.png');
await render(maskable, 512, 'icon-maskable-512.png');
await render(maskable, 180, 'apple-touch-icon.png');
await render(badge, 96, 'badge-96.png');
