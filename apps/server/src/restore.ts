/**
 * The `restore` command: lists the backups in DATA_DIR/backups, or restores one into DATA_DIR with
 * the server stopped; with DATABASE_URL, the same for the copies kept in the PostgreSQL database
 * (restore-backup.ts does the work; docs/operations.md, sections 3 and 5). Exit codes: 0 restored
 * or listed, 1 not restored, 2 wrong arguments.
 */
// First: on a Node.js older than 24 this stops the command before anything else is loaded.
import './node-version.js';
import { isAbsolute, join, relative, sep } from 'node:path';
import { parseArgs } from 'node:util';
import { eventCounts } from '@podium/protocol';
import { readEnv, type EnvConfig } from './config.js';
import { redactedUrl } from './db/location.js';
import {
  BackupNotRestoredError,
  listBackups,
  listPostgresCopies,
  restoreBackup,
  restorePostgresCopy,
} from './restore-backup.js';
import { BACKUPS_FOLDER } from './event-copies/file-copies.js';
import { KEPT_COPIES, type EventSummary } from './event-copies/kept-copies.js';

const USAGE = `Usage: npm run restore -- <backup file>
       npm run restore            lists the backups kept in DATA_DIR/backups

Puts the event in a backup (a file from "Download a backup", GET /api/admin/backup, or a copy the
server kept before a reset) in place of the event in DATA_DIR: the server's data folder, ./data
when DATA_DIR is unset. Stop the server first; start it again afterwards. The event it replaces is
kept in DATA_DIR/backups/podium-before-restore-<time>.db, so a restore is undone the same way
(the newest ${KEPT_COPIES} of these copies are kept, and ${KEPT_COPIES} of those taken before resets).

With DATABASE_URL set (PostgreSQL): npm run restore lists the copies the database keeps (one
before each reset, one of the event each restore replaced, the newest ${KEPT_COPIES} of each), and npm run restore -- <copy name>
restores one, with every instance stopped. Other backups of PostgreSQL are pg_dump's.

  --help   this text`;

/** `12 projects, 1 judge, 40 judgments; last change 2026-12-04 17:01:02 UTC` */
function described(summary: EventSummary): string {
  const { lastChange } = summary;
  const counts = eventCounts(summary);
  if (lastChange === null) return counts;
  const time = new Date(lastChange)
    .toISOString()
    .replace('T', ' ')
    .replace(/\.\d+Z$/, ' UTC');
  return `${counts}; last change ${time}`;
}

/**
 * A file's path as the command takes it back: relative to where it runs (npm runs it at the
 * project's root), or absolute when outside it (DATA_DIR=/var/lib/podium).
 */
function asArgument(file: string): string {
  const inHere = relative(process.cwd(), file);
  return inHere.startsWith(`..${sep}`) || isAbsolute(inHere) ? file : inHere;
}

function list(dataDir: string): void {
  const folder = join(dataDir, BACKUPS_FOLDER);
  const backups = listBackups(dataDir);
  if (backups.length === 0) {
    console.log(`No backups in ${folder}. Name a backup file: npm run restore -- <backup file>`);
    return;
  }
  console.log(`Backups in ${folder}, newest first:`);
  for (const { file, summary } of backups) {
    const holds = 'unreadable' in summary ? `cannot be restored: ${summary.unreadable}` : described(summary);
    console.log(`  ${asArgument(file)}  ${holds}`);
  }
  console.log('Restore one with: npm run restore -- <its path, as listed>');
}

/** Lists the copies kept in the PostgreSQL database, or restores the one named. */
async function fromPostgres(url: string, copy: string | undefined): Promise<void> {
  if (copy === undefined) {
    const copies = await listPostgresCopies(url);
    if (copies.length === 0) {
      console.log(
        `No copies kept in the database at ${redactedUrl(url)}: restore a pg_dump backup with pg_restore (docs/operations.md, section 3).`,
      );
      return;
    }
    console.log(`Copies kept in the database at ${redactedUrl(url)}, newest first:`);
    for (const { copy: name, summary } of copies) console.log(`  ${name}  ${described(summary)}`);
    console.log('Restore one, with every instance stopped, with: npm run restore -- <its name>');
    return;
  }
  const { kept, summary } = await restorePostgresCopy(url, copy);
  console.log(`Restored ${copy} into the database at ${redactedUrl(url)}: ${described(summary)}.`);
  console.log(`The event it replaced is kept as ${kept}: restore that copy to undo this restore.`);
  console.log('Next: start the servers. Check the clock on the admin page: it is as the copy kept it.');
}

async function main(): Promise<number> {
  let backup: string | undefined;
  try {
    const { values, positionals } = parseArgs({
      options: { help: { type: 'boolean' } },
      allowPositionals: true,
    });
    if (values.help) {
      console.log(USAGE);
      return 0;
    }
    if (positionals.length > 1) throw new TypeError('name one backup file');
    backup = positionals[0];
  } catch (error) {
    console.error(`${(error as Error).message}\n\n${USAGE}`);
    return 2;
  }
  let env: EnvConfig;
  try {
    env = readEnv(process.env);
  } catch (error) {
    // A setting the server would refuse too (PORT=abc): said as the server says it.
    console.error((error as Error).message);
    return 1;
  }
  const { dataDir, databaseUrl } = env;
  try {
    if (databaseUrl !== undefined) {
      await fromPostgres(databaseUrl, backup);
      return 0;
    }
    if (backup === undefined) {
      list(dataDir);
      return 0;
    }
    const report = await restoreBackup(backup, dataDir);
    console.log(`Restored ${report.backup} into ${report.database}: ${described(report.summary)}.`);
    if (report.kept !== null) {
      console.log(`The event it replaced is kept in ${report.kept}: restore that file to undo this restore.`);
    }
    const migrations =
      report.missingMigrations.length > 0 ? ' It applies the migrations this older backup lacks.' : '';
    console.log(
      `Next: start the server (npm start).${migrations} Check the clock on the admin page: it is as the backup kept it.`,
    );
    return 0;
  } catch (error) {
    // A refusal is the organizer's to fix: the message says what, a stack would not help.
    console.error(error instanceof BackupNotRestoredError ? error.message : error);
    return 1;
  }
}

process.exitCode = await main();
