/**
 * The `move-to-postgres` command: moves an event from its SQLite file into a PostgreSQL database,
 * with the server stopped (move-event.ts does the work; docs/operations.md, "Moving an event
 * from SQLite to PostgreSQL"). Exit codes: 0 moved, 1 not moved, 2 wrong arguments.
 */
// First: on a Node.js older than 24 this stops the command before anything else is loaded.
import './node-version.js';
import { parseArgs } from 'node:util';
import { EventNotMovedError, LEFT_BEHIND_TABLES, moveEventToPostgres } from './move-event.js';

const USAGE = `Usage: npm run move-to-postgres -- --from <data folder or podium.db> --to <postgres://user:password@host:port/database>

Copies the event in the SQLite database (the server's DATA_DIR, or its podium.db) into a PostgreSQL
database that holds no event, in one transaction. Stop the server first. The SQLite file is only read.

  --from   the data folder holding podium.db, or the database file itself
  --to     the PostgreSQL database's URL (created beforehand, e.g. with createdb)
  --help   this text`;

function parse(): { from: string; to: string } | undefined {
  const { values } = parseArgs({
    options: { from: { type: 'string' }, to: { type: 'string' }, help: { type: 'boolean' } },
  });
  if (values.help) return undefined;
  if (values.from === undefined || values.to === undefined)
    throw new TypeError('--from and --to are required');
  return { from: values.from, to: values.to };
}

async function main(): Promise<number> {
  let args: { from: string; to: string } | undefined;
  try {
    args = parse();
  } catch (error) {
    console.error(`${(error as Error).message}\n\n${USAGE}`);
    return 2;
  }
  if (args === undefined) {
    console.log(USAGE);
    return 0;
  }
  try {
    const report = await moveEventToPostgres(args.from, args.to);
    const tableWidth = Math.max(...report.rows.map(({ table }) => table.length));
    const countWidth = Math.max(...report.rows.map(({ count }) => String(count).length));
    console.log(`Moved the event from ${report.source} to ${report.target}:`);
    for (const { table, count } of report.rows) {
      console.log(`  ${table.padEnd(tableWidth)}  ${String(count).padStart(countWidth)}`);
    }
    console.log(
      `Not moved: ${LEFT_BEHIND_TABLES.join(', ')} ` +
        "(admin sessions and addresses: admins sign in again; judges' undo: two minutes, shorter than a move; " +
        'outbox: realtime events already sent; login limits: they start afresh, and login links already sent log in by their code).',
    );
    console.log(
      'Next: start the server with DATABASE_URL set to the --to URL; the admin password is not moved: ' +
        'set ADMIN_PASSWORD, or note the one the first start prints. Do not start a server on ' +
        `${report.source} again.`,
    );
    return 0;
  } catch (error) {
    // A refusal is the organizer's to fix: the message says what, a stack would not help.
    console.error(error instanceof EventNotMovedError ? error.message : error);
    return 1;
  }
}

process.exitCode = await main();
