/**
 * Migrations, in order. Listed here (not read from a folder) so the compiled server and the
 * tests run exactly the same set.
 */
import type { Migration } from 'kysely/migration';
import * as initial from './001-initial.js';
import * as revisions from './002-revisions.js';
import * as idempotencyKeys from './003-idempotency-keys.js';

export const migrations: Record<string, Migration> = {
  '001-initial': initial,
  '002-revisions': revisions,
  '003-idempotency-keys': idempotencyKeys,
};
