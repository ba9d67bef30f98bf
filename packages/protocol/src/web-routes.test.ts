import { describe, expect, it } from 'vitest';
import { endpoints } from './api.js';
import { routeOf, routeTableSource } from './web-routes-source.js';
import { readFileSync } from 'node:fs';
import { endpoints as webEndpoints } from './web-routes.js';

describe('web-routes.ts (the schema-free descriptors of the web entry point)', () => {
  it('is up to date with api.ts (regenerate: npm run gen:web-routes -w @podium/protocol)', () => {
    const written = readFileSync(new URL('./web-routes.ts', import.meta.url), 'utf8');
    expect(written).toBe(routeTableSource());
  });

  it('has every descriptor with its method, path, auth level and multipart flag, and no schema', () => {
    expect(Object.keys(webEndpoints)).toEqual(Object.keys(endpoints));
    for (const [name, descriptor] of Object.entries(endpoints)) {
      expect(webEndpoints[name as keyof typeof endpoints]).toEqual(routeOf(descriptor));
    }
  });
});
