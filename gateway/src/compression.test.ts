import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { request } from 'undici';
import { describe, expect, it } from 'vitest';
import { gatewayOverFakes } from './test-support.js';

const edge = gatewayOverFakes();

async function get(path: string, acceptEncoding?: string) {
  const res = await request(`${edge.gateway.url}${path}`, { headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {} });
  return { status: res.statusCode, headers: res.headers, body: Buffer.from(await res.body.arrayBuffer()) };
}

describe('compression at the edge', () => {
  it('compresses a JSON answer with Brotli, or gzip, for a client that accepts it', async () => {
    const br = await get('/api/posts/big.json', 'gzip, deflate, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    const json = JSON.parse(brotliDecompressSync(br.body).toString()) as { items: unknown[] };
    expect(json.items).toHaveLength(200);
    const plainLength = JSON.stringify(json).length;
    expect(br.body.length).toBeLessThan(plainLength / 5);

    const gzip = await get('/api/posts/big.json', 'gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gzip.body).toString())).toEqual(json);
  });

  it('sends the plain answer to a client that asks for none', async () => {
    const res = await get('/api/posts/big.json');
    expect(res.headers['content-encoding']).toBeUndefined();
    expect((JSON.parse(res.body.toString()) as { items: unknown[] }).items).toHaveLength(200);
  });

  it('leaves images, small answers and already compressed files alone', async () => {
    const image = await get('/uploads/big.png', 'br, gzip');
    expect(image.headers['content-encoding']).toBeUndefined();
    expect(image.body.length).toBe(8192);
    expect((await get('/api/posts/small.json', 'br, gzip')).headers['content-encoding']).toBeUndefined();
    const asset = await get('/assets/precompressed.js', 'br, gzip');
    expect(asset.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(asset.body).toString()).toBe('console.log(1);'.repeat(500));
  });
});
