/**
 * Photo-like JPEGs for the light-media browser test and bench (decision 044): soft coloured shapes
 * over a gradient with fine grain, which compress the way camera photos do (a flat colour or pure
 * noise would flatter or punish one format). Deterministic from `seed`, made with sharp.
 */
import sharp from 'sharp';

export interface PhotoOptions {
  width: number;
  height: number;
  /** Picks the shapes and colours: the same seed makes the same photo. */
  seed?: number;
}

export async function makePhoto({ width, height, seed = 1 }: PhotoOptions): Promise<Buffer> {
  let state = (seed * 7919) % 2147483647 || 1;
  const random = () => (state = (state * 16807) % 2147483647) / 2147483647;
  const hue = () => Math.round(random() * 360);
  const defs: string[] = [];
  const shapes: string[] = [];
  for (let i = 0; i < 40; i++) {
    defs.push(
      `<radialGradient id="g${i}"><stop offset="0" stop-color="hsl(${hue()},${40 + Math.round(random() * 40)}%,${30 + Math.round(random() * 40)}%)"/>` +
        `<stop offset="1" stop-color="hsl(${hue()},50%,50%)" stop-opacity="0"/></radialGradient>`,
    );
    shapes.push(`<circle cx="${random() * width}" cy="${random() * height}" r="${(0.05 + random() * 0.3) * width}" fill="url(#g${i})"/>`);
  }
  for (let i = 0; i < 200; i++) {
    shapes.push(
      `<rect x="${random() * width}" y="${random() * height}" width="${random() * width * 0.08}" height="${random() * height * 0.02}" ` +
        `fill="hsl(${hue()},30%,${20 + Math.round(random() * 60)}%)" opacity="0.5"/>`,
    );
  }
  // Drawn at a quarter of the size and enlarged: the shapes are soft anyway, and drawing is the slow part.
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="${Math.ceil(width / 4)}" height="${Math.ceil(height / 4)}" viewBox="0 0 ${width} ${height}"><defs>` +
    `<linearGradient id="sky" x2="0" y2="1"><stop offset="0" stop-color="hsl(${hue()},45%,70%)"/><stop offset="1" stop-color="hsl(${hue()},35%,35%)"/></linearGradient>` +
    `${defs.join('')}</defs><rect width="100%" height="100%" fill="url(#sky)"/>${shapes.join('')}</svg>`;
  const grain = await sharp({
    create: { width, height, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 128, sigma: 9 } },
  })
    .png({ compressionLevel: 0 })
    .toBuffer();
  const scene = await sharp(Buffer.from(svg))
    .resize(width, height, { fit: 'fill', kernel: 'cubic' })
    .png({ compressionLevel: 0 })
    .toBuffer();
  return sharp(scene)
    .composite([{ input: grain, blend: 'overlay' }])
    .jpeg({ quality: 88 })
    .toBuffer();
}
