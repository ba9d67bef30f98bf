/**
 * DESIGN.md §6: one repository owns each table, and only it writes that table; others may read it
 * (joins). The owner of every table of db/schema.ts is listed here, and the source of every
 * `*.repository.ts` is read: each write it makes must name, literally, a table it owns. Outside
 * the repositories nothing writes. Migrations, the rest of db/ (storage, the revision triggers),
 * event-copies/ (putting a kept copy back rewrites every event table at once, as a restore does)
 * and test-support are outside the rule.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { DB } from '../db/schema.js';

type Table = keyof DB;

/** Each table's one owner: the repository that alone writes it. */
const OWNERS: Record<Table, string> = {
  projects: 'project.repository.ts',
  judges: 'judge.repository.ts',
  judge_tokens: 'judge.repository.ts',
  judged_projects: 'judging.repository.ts',
  rankings: 'judging.repository.ts',
  judge_flagged: 'judging.repository.ts',
  judge_visits: 'judging.repository.ts',
  judge_undo: 'judging.repository.ts',
  flags: 'flag.repository.ts',
  settings: 'options.repository.ts',
  clock: 'clock.repository.ts',
  qr_codes: 'qr.repository.ts',
  audit_log: 'audit-log.repository.ts',
  // Moved by triggers on other tables' writes (migration 002); no code writes it.
  revisions: 'db/migrations',
  idempotency_keys: 'idempotency.repository.ts',
  admin_sessions: 'admin-session.repository.ts',
  admin_session_issuer: 'admin-session.repository.ts',
  layout_tables: 'layout.repository.ts',
  layout_plan: 'layout.repository.ts',
  // Storage infrastructure, like the transactions that write it: every transaction's events.
  outbox: 'db/outbox.ts',
  login_failures: 'login-limit.repository.ts',
  login_guards: 'login-limit.repository.ts',
  login_link_key: 'login-limit.repository.ts',
  admin_login_addresses: 'login-limit.repository.ts',
  team_codes: 'team.repository.ts',
  team_alerts: 'team.repository.ts',
  judge_conflicts: 'conflict.repository.ts',
  criteria: 'criteria.repository.ts',
  criterion_scores: 'criteria.repository.ts',
};

const SRC = fileURLToPath(new URL('..', import.meta.url));
const REPOSITORIES = join(SRC, 'repositories');

/** Kysely's writing builders; their first argument is the table ('name' or 'name as alias'). */
const KYSELY_WRITE = /\b(?:insertInto|updateTable|deleteFrom|replaceInto|mergeInto)\(\s*([^,)]*)/g;
/** Writes in SQL text, whatever its case. */
const SQL_WRITE = /\b(?:(?:insert|replace)\s+(?:or\s+\w+\s+)?into|delete\s+from|update)\s+["`]?(\w+)/gi;

/** The tables `source` writes, as written; a table given by a value is reported as that value. */
function writtenTables(source: string): string[] {
  // Comments may say "update" or "delete from" in prose.
  const code = source.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|\s)\/\/[^\n]*/g, '$1');
  const tables: string[] = [];
  for (const [, argument = ''] of code.matchAll(KYSELY_WRITE)) {
    const literal = /^(['"])(\w+)(?:\s+as\s+\w+)?\1$/.exec(argument.trim());
    tables.push(literal?.[2] ?? argument.trim());
  }
  for (const [, word = ''] of code.matchAll(SQL_WRITE)) {
    const table = word.toLowerCase();
    if (Object.hasOwn(OWNERS, table)) tables.push(table);
  }
  return tables;
}

const read = (path: string) => readFileSync(path, 'utf8');
const repositoryFiles = readdirSync(REPOSITORIES).filter((file) => file.endsWith('.repository.ts'));

describe('table ownership (DESIGN.md §6)', () => {
  it('gives every table of db/schema.ts one owner that exists', () => {
    const schema = read(join(SRC, 'db', 'schema.ts'));
    const body = /export interface DB \{([^}]*)\}/.exec(schema)?.[1] ?? '';
    const tables = [...body.matchAll(/^\s*(\w+):/gm)].map(([, table]) => table);
    expect(tables.length).toBeGreaterThan(0);
    expect(Object.keys(OWNERS).sort()).toEqual(tables.sort());
    for (const owner of Object.values(OWNERS).filter((owner) => owner.endsWith('.repository.ts')))
      expect(repositoryFiles).toContain(owner);
  });

  it('recognises each kind of write', () => {
    const source = `
      q.insertInto('flags').values(row); q.updateTable('judges as j').set(patch);
      q.deleteFrom(table); q.selectFrom('projects'); // update judges set x = 1
      sql\`INSERT OR IGNORE INTO "rankings" (a) values (1)\`; sql\`delete from settings\`;
      for (const update of updates) await this.update(update);`;
    expect(writtenTables(source)).toEqual(['flags', 'judges', 'table', 'rankings', 'settings']);
  });

  it.each(repositoryFiles)('%s writes only the tables it owns', (file) => {
    const foreign = writtenTables(read(join(REPOSITORIES, file))).filter(
      (table) => OWNERS[table as Table] !== file,
    );
    expect(foreign, `${file} writes tables it does not own (or names one by a value)`).toEqual([]);
  });

  it('leaves writing to the repositories', () => {
    const outside = readdirSync(SRC, { recursive: true, encoding: 'utf8' }).filter(
      (path) =>
        path.endsWith('.ts') &&
        !path.endsWith('.test.ts') &&
        !/^(repositories|db|event-copies|test-support)\//.test(path),
    );
    const writers = outside.filter((path) => writtenTables(read(join(SRC, path))).length > 0);
    expect(writers).toEqual([]);
  });
});
