/** Generated pictures for the demo: soft two-colour gradients with a few circles, as PNG. */
import sharp from 'sharp';

export async function picture(colours: [string, string], width = 960, height = 720, seed = 1): Promise<Buffer> {
  const circles = Array.from({ length: 4 }, (_, i) => {
    const x = ((seed * 97 + i * 211) % 100) / 100;
    const y = ((seed * 57 + i * 131) % 100) / 100;
    const r = 40 + ((seed * 13 + i * 29) % 120);
    return `<circle cx="${Math.round(x * width)}" cy="${Math.round(y * height)}" r="${r}" fill="white" fill-opacity="0.18"/>`;
  }).join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="${colours[0]}"/><stop offset="1" stop-color="${colours[1]}"/>
    </linearGradient></defs>
    <rect width="100%" height="100%" fill="url(#g)"/>${circles}</svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

export function pngForm(field: string, files: Buffer[]): FormData {
  const form = new FormData();
  files.forEach((data, i) => form.append(field, new Blob([new Uint8Array(data)], { type: 'image/png' }), `photo-${i + 1}.png`));
  return form;
}
