/**
 * Writes src/web-routes.ts: every endpoint descriptor of api.ts without its zod schemas, so the
 * web app can call the API without bundling zod (issue 14). Run after changing api.ts:
 * `npm run gen:web-routes -w @podium/protocol`; web-routes.test.ts fails while the file is stale.
 */
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { routeTableSource } from '../src/web-routes-source.js';

const target = fileURLToPath(new URL('../src/web-routes.ts', import.meta.url));
writeFileSync(target, routeTableSource());
console.log(`wrote ${target}`);
