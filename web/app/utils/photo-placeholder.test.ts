import { describe, expect, it } from 'vitest';
import { placeholderDataUrl } from './photo-placeholder';

// A ThumbHash of a 1200x600 red photo (made by the media service).
const RED = 'oAcKPZqAh4dwd3iHh3d3d3CACPeH';

describe('photo placeholders (ThumbHash → PNG data URL)', () => {
  it('paints a small PNG, a few hundred bytes, the same every time', () => {
    const url = placeholderDataUrl(RED)!;
    expect(url).toMatch(/^data:image\/png;base64,[A-Za-z0-9+/]+=*$/);
    expect(url.length).toBeLessThan(900);
    expect(placeholderDataUrl(RED)).toBe(url);
    const png = Buffer.from(url.split(',')[1]!, 'base64');
    // IHDR: width and height at most 12.
    expect([png.readUInt32BE(16), png.readUInt32BE(20)].every((side) => side >= 1 && side <= 12)).toBe(true);
  });

  it('answers null for nothing or for text that is no ThumbHash', () => {
    expect(placeholderDataUrl(null)).toBeNull();
    expect(placeholderDataUrl('')).toBeNull();
    expect(placeholderDataUrl('%%%not base64%%%')).toBeNull();
  });
});
