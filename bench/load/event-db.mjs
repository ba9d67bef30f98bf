/**
 * A database of a finished big event, written straight into SQLite (seconds instead of the
 * minutes the API would take): 600 projects, 250 judges with tokens, 20,000 judgments with
 * rankings and notes, 300,000 audit-log lines. Used to measure the start-up check and the
 * audit-log reads at a realistic size (docs/benchmarks.md).
 */
import { createHash, randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { MAIN } from './server.mjs';

export const EVENT_SIZE = { projects: 600, judges: 250, judgments: 20_000, logLines: 300_000 };

const hex = () => randomBytes(12).toString('hex');

/**
 * Fills `file` (created with the migrations of the build `main` starts) and closes it. Returns
 * the judges' bearer tokens, so a benchmark can act as them.
 */
export async function writeEventDb(file, size = EVENT_SIZE, main = MAIN) {
  // The SQLite engine's module; a build from before issue 33 (a --baseline) named it database.js.
  const engine = ['sqlite.js', 'database.js']
    .map((name) => join(dirname(main), 'db', name))
    .find((path) => existsSync(path));
  const { openDatabase } = await import(pathToFileURL(engine).href);
  const db = await openDatabase(file);
  const sqlite = db.sqlite;
  const projects = Array.from({ length: size.projects }, hex);
  const judges = Array.from({ length: size.judges }, hex);
  const tokens = judges.map(() => randomBytes(32).toString('base64url'));
  const start = Date.UTC(2026, 10, 22, 9);
  sqlite.transaction(() => {
    const project = sqlite.prepare(
      'insert into projects (id, name, description, url, challenge_list, location, last_activity) values (?, ?, ?, ?, ?, ?, ?)',
    );
    projects.forEach((id, i) =>
      project.run(
        id,
        `Project ${i}`,
        `Project ${i} does things. `.repeat(12),
        `https://p${i}.org`,
        '["AI/ML"]',
        i + 1,
        start,
      ),
    );
    const judge = sqlite.prepare(
      'insert into judges (id, name, email, email_key, code, read_welcome, last_activity) values (?, ?, ?, ?, ?, 1, ?)',
    );
    const token = sqlite.prepare(
      'insert into judge_tokens (token_hash, judge_id, created_at) values (?, ?, ?)',
    );
    judges.forEach((id, i) => {
      judge.run(id, `Judge ${i}`, `j${i}@x.org`, `j${i}@x.org`, String(10_000_000 + i), start);
      token.run(createHash('sha256').update(tokens[i]).digest('hex'), id, start);
    });
    const judged = sqlite.prepare(
      'insert into judged_projects (judge_id, project_id, notes, starred, finished_at) values (?, ?, ?, ?, ?)',
    );
    const ranking = sqlite.prepare('insert into rankings (judge_id, project_id, position) values (?, ?, ?)');
    const perJudge = Math.ceil(size.judgments / size.judges);
    let made = 0;
    judges.forEach((judgeId, j) => {
      for (let k = 0; k < perJudge && made < size.judgments; k += 1, made += 1) {
        const projectId = projects[(j * 7 + k) % projects.length];
        judged.run(
          judgeId,
          projectId,
          k % 3 === 0 ? 'Solid demo, clear pitch.' : '',
          k % 5 === 0 ? 1 : 0,
          start + k * 60_000,
        );
        if (k < 10) ranking.run(judgeId, projectId, k);
      }
    });
    const line = sqlite.prepare('insert into audit_log (time, type, message) values (?, ?, ?)');
    for (let i = 0; i < size.logLines; i += 1) {
      const j = i % judges.length;
      line.run(
        start + i * 100,
        i % 10 === 0 ? 'ADMIN' : 'JUDGE',
        `Judge Judge ${j} (${judges[j]}) | Finished project ${projects[i % projects.length]}`,
      );
    }
  })();
  db.close();
  return { tokens };
}
