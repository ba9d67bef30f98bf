import { describe, expect, it } from 'vitest';
import { failedChunkUrl, moduleOfChunk } from './load-once';

const origin = 'https://judging.example.org';

describe("a failed import's chunk (load-once.ts)", () => {
  it("is read from Chromium's and Firefox's words, without a query", () => {
    const chromium = new TypeError(
      `Failed to fetch dynamically imported module: ${origin}/assets/connection-YoCBMkhJ.js`,
    );
    const firefox = new TypeError(
      `error loading dynamically imported module: ${origin}/assets/x-1.js?retry=2`,
    );
    expect(failedChunkUrl(chromium, origin)).toBe(`${origin}/assets/connection-YoCBMkhJ.js`);
    expect(failedChunkUrl(firefox, origin)).toBe(`${origin}/assets/x-1.js`);
  });

  it('is none when the words name no script, or one of another origin', () => {
    expect(failedChunkUrl(new TypeError('Importing a module script failed.'), origin)).toBeUndefined();
    expect(
      failedChunkUrl(
        new TypeError('Failed to fetch dynamically imported module: https://evil.example/a.js'),
        origin,
      ),
    ).toBeUndefined();
    expect(failedChunkUrl('not an error', origin)).toBeUndefined();
  });
});

describe("a chunk's module (load-once.ts)", () => {
  const namespace = (exports: Record<string, unknown>) =>
    Object.defineProperty(Object.assign(Object.create(null), exports), Symbol.toStringTag, {
      value: 'Module',
    });

  it('is the one namespace a shared chunk exports, else the chunk itself', () => {
    const connection = namespace({ subscribe: () => {} });
    const shared = namespace({ n: connection, i: () => {}, t: 'x' });
    expect(moduleOfChunk(shared)).toBe(connection);
    const own = namespace({ RankingBoard: () => null });
    expect(moduleOfChunk(own)).toBe(own);
  });
});
