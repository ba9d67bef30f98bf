/**
 * Project imports (API.md R83, R84, R86) and re-imports (R86a), with their dry run
 * (docs/api-extensions.md): the rows read from the file are checked, matched against the projects
 * already there, and written in one transaction. This runs in the import worker, on its own
 * connection (import.worker.ts); import.service.ts is the main thread's side.
 */
import {
  REIMPORT_FIELDS,
  type ImportPreview,
  type ImportPreviewRow,
  type ImportResult,
  type ProjectContent,
  type ReimportField,
  type ReimportResult,
} from '@podium/protocol';
import type { Database } from '../../db/database.js';
import type { CsvRow } from '../../io/csv-read.js';
import {
  devpostCsvRows,
  ignoredTrackFilter,
  projectCsvRows,
  type ProjectCsvRow,
} from '../../io/csv-import.js';
import { groupOfTable } from '../../judging/groups.js';
import type { ProjectRow } from '../../repositories/project.repository.js';
import type { Repositories } from '../../repositories/index.js';
import type { AuditLogService } from '../audit-log.service.js';
import { newId } from '../../util/secrets.js';

export interface ProjectImporterContext {
  db: Database;
  repositories: Pick<Repositories, 'projects' | 'options'>;
  auditLog: AuditLogService;
}

/** The two project import routes: R84's positional CSV and R86's hackathon-platform export. */
export type ProjectImportSource = 'csv' | 'devpost';

export interface ProjectImportOptions {
  /** R83's header flag; `/project/devpost` always has a header. */
  hasHeader: boolean;
  /** R86a: update the projects already there instead of adding them again. */
  update: boolean;
}

/** What the ADMIN log lines call each source (R84, R86). */
const SOURCE_NAMES: Record<ProjectImportSource, string> = {
  csv: 'CSV',
  devpost: 'hackathon-platform CSV',
};

/** One row's fate: a preview row, plus what to write for it. */
interface PlannedRow extends ImportPreviewRow {
  project?: ProjectContent;
  /** The matched project a `changed` row updates (R86a). */
  target?: string;
}

export class ProjectImporter {
  private readonly db: Database;
  private readonly projects: Repositories['projects'];
  private readonly options: Repositories['options'];
  private readonly audit: AuditLogService;

  constructor({ db, repositories, auditLog }: ProjectImporterContext) {
    this.db = db;
    this.projects = repositories.projects;
    this.options = repositories.options;
    this.audit = auditLog;
  }

  /**
   * Adds the checked rows (`checkProjectRows`) on the next tables in file order (R45) and, with
   * `update`, rewrites the matched projects' content (R86a), all in one transaction; events go out
   * after the commit.
   */
  async import(
    source: ProjectImportSource,
    rows: readonly ProjectCsvRow[],
    opts: ProjectImportOptions,
  ): Promise<ImportResult | ReimportResult> {
    return this.db.transaction(async () => {
      const plan = await this.plan(rows, opts.update);
      const added = plan.flatMap((row) => (row.status === 'new' && row.project ? [row.project] : []));
      await this.insert(added);
      const updated = plan.flatMap(({ status, target, project }) =>
        status === 'changed' && target !== undefined && project ? [{ id: target, content: project }] : [],
      );
      await this.projects.updateContents(updated);
      if (updated.length > 0) this.db.record({ kind: 'projects', public: true });
      await this.audit.admin(`Added ${added.length} projects from ${SOURCE_NAMES[source]}`);
      if (updated.length > 0)
        await this.audit.admin(`Updated ${updated.length} projects from ${SOURCE_NAMES[source]}`);
      const counts = countsOf(plan);
      return opts.update ? counts : { ok: 1, count: counts.count, skipped: counts.skipped };
    });
  }

  /** The dry run: what `import` would do with the same rows and flags, changing nothing. */
  async preview(rows: readonly ProjectCsvRow[], opts: ProjectImportOptions): Promise<ImportPreview> {
    const plan = await this.plan(rows, opts.update);
    return {
      ...countsOf(plan),
      rows: plan.map(({ line, status, name, changes }) => ({ line, status, name, changes })),
    };
  }

  /**
   * R86a matching: a row with a url takes the first project with that url; a row without one the
   * first project of the same name (trimmed, case-insensitive). When several rows match one project,
   * the last of them is the one written; the earlier ones are `unchanged` (they write nothing).
   */
  private async plan(rows: readonly ProjectCsvRow[], update: boolean): Promise<PlannedRow[]> {
    const isIgnored = ignoredTrackFilter((await this.options.read()).ignore_tracks);
    const existing = update ? projectIndex(await this.projects.all()) : undefined;
    const plan = rows.map((row): PlannedRow => {
      if (!('project' in row)) return { line: row.line, status: 'skipped', name: row.draft, changes: [] };
      const { line, project } = row;
      const base = { line, name: project.name, project };
      if (isIgnored(project)) return { ...base, status: 'skipped', changes: [] };
      const match = existing?.find(project);
      if (match === undefined) return { ...base, status: 'new', changes: [] };
      const changes = changedFields(match, project);
      return { ...base, status: changes.length > 0 ? 'changed' : 'unchanged', changes, target: match.id };
    });
    // The later row wins: an earlier row matching the same project writes nothing.
    const last = new Map(plan.flatMap((row, i) => (row.target === undefined ? [] : [[row.target, i]])));
    return plan.map((row, i) =>
      row.target !== undefined && last.get(row.target) !== i
        ? { ...row, status: 'unchanged', changes: [] }
        : row,
    );
  }

  /** New projects on consecutive tables after the highest, in file order (R45). */
  private async insert(rows: readonly ProjectContent[]): Promise<void> {
    if (rows.length === 0) return;
    const { group_sizes } = await this.options.read();
    const first = (await this.projects.maxLocation()) + 1;
    await this.projects.insertMany(
      rows.map((content, i) => ({
        id: newId(),
        ...content,
        challenge_list: JSON.stringify(content.challenge_list),
        location: first + i,
        group: groupOfTable(first + i, group_sizes),
        active: 1,
        prioritized: 0,
        last_activity: 0,
      })),
    );
    this.db.record({ kind: 'projects', public: true });
    this.db.record({ kind: 'stats' });
  }
}

/** R84/R86's rules over the rows read from the file; throws the first invalid row. */
export function checkProjectRows(
  source: ProjectImportSource,
  csvRows: readonly CsvRow[],
  opts: ProjectImportOptions,
): ProjectCsvRow[] {
  return source === 'csv' ? projectCsvRows(csvRows, opts) : devpostCsvRows(csvRows);
}

/** The first project (creation order) per url and per trimmed, lower-cased name. */
function projectIndex(projects: readonly ProjectRow[]) {
  const byUrl = new Map<string, ProjectRow>();
  const byName = new Map<string, ProjectRow>();
  for (const row of [...projects].sort((a, b) => a.seq - b.seq)) {
    if (row.url !== '' && !byUrl.has(row.url)) byUrl.set(row.url, row);
    const key = row.name.trim().toLowerCase();
    if (!byName.has(key)) byName.set(key, row);
  }
  return {
    find: (project: ProjectContent): ProjectRow | undefined =>
      project.url !== '' ? byUrl.get(project.url) : byName.get(project.name.trim().toLowerCase()),
  };
}

/** The R86a fields whose stored value differs from the row's. */
function changedFields(stored: ProjectRow, row: ProjectContent): ReimportField[] {
  return REIMPORT_FIELDS.filter((field) =>
    field === 'challenge_list'
      ? stored.challenge_list !== JSON.stringify(row.challenge_list)
      : stored[field] !== row[field],
  );
}

function countsOf(plan: readonly PlannedRow[]): ReimportResult {
  const count = (status: ImportPreviewRow['status']) => plan.filter((row) => row.status === status).length;
  return {
    ok: 1,
    count: count('new'),
    skipped: count('skipped'),
    updated: count('changed'),
    unchanged: count('unchanged'),
  };
}
