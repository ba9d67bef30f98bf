/**
 * The lists every screen refetches after an event are serialised once per change and, for a
 * client that accepts gzip, sent compressed: the same bytes after decompression, and the plain
 * body for any other client (API.md's JSON is unchanged).
 */
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test-support/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  for (let i = 0; i < 40; i += 1) {
    await t.addProject({
      name: `Project ${i}`,
      description: 'A long description. '.repeat(20),
      url: 'https://x.org',
    });
  }
  await t.addJudge({ name: 'Ada', email: 'ada@x.org' });
});
afterAll(() => t.close());

describe.each([
  ['/api/project/list/public', false],
  ['/api/project/list', true],
  ['/api/judge/list', true],
])('GET %s', (url, admin) => {
  const get = (headers: Record<string, string>) =>
    admin ? t.admin({ method: 'GET', url, headers }) : t.app.inject({ method: 'GET', url, headers });

  it('sends gzip to a client that accepts it, and the same JSON once decompressed', async () => {
    const plain = await get({});
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers['content-type']).toBe('application/json; charset=utf-8');
    const zipped = await get({ 'accept-encoding': 'gzip, deflate, br' });
    if (plain.rawPayload.length < 8 * 1024) {
      // Small bodies go out as they are.
      expect(zipped.headers['content-encoding']).toBeUndefined();
      return;
    }
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(zipped.headers.vary).toBe('Accept-Encoding');
    expect(zipped.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);
    expect(gunzipSync(zipped.rawPayload).equals(plain.rawPayload)).toBe(true);
  });

  it('sends plain JSON when no compression is accepted, Brotli (over 1 kB) when only br is', async () => {
    for (const encoding of ['gzip;q=0', 'identity']) {
      const res = await get({ 'accept-encoding': encoding });
      expect([encoding, res.headers['content-encoding']]).toEqual([encoding, undefined]);
      expect(() => JSON.parse(res.body) as unknown).not.toThrow();
    }
    // Brotli comes from the general compression plugin, for answers of 1 kB and more.
    const brotli = await get({ 'accept-encoding': 'br' });
    const big = brotli.headers['content-encoding'] === 'br';
    const text = big ? brotliDecompressSync(brotli.rawPayload).toString() : brotli.body;
    expect(big).toBe(text.length >= 1024);
    expect(() => JSON.parse(text) as unknown).not.toThrow();
  });
});
