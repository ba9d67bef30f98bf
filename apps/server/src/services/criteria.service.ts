/**
 * The organizer's criteria (issue 34, docs/api-extensions.md "Criteria"): defined, renamed,
 * reweighted, rescaled and reordered at any time. A score keeps the scale it was given on, so a
 * new scale changes no stored score (the calibrated scores read each on its own scale); deleting
 * a criterion deletes its scores. The judges' scores themselves are JudgingService's.
 */
import {
  CRITERIA_ORDER_INVALID,
  CRITERION_NOT_FOUND,
  MAX_CRITERIA,
  criterionNameTaken,
  tooManyCriteria,
  type CriteriaList,
  type Criterion,
  type CriterionChanges,
  type CriterionContent,
} from '@podium/protocol';
import type { Database } from '../db/database.js';
import { Derived } from '../db/derived.js';
import { NotFoundError, ValidationError } from '../errors.js';
import type { CriterionRow } from '../repositories/criteria.repository.js';
import type { Repositories } from '../repositories/index.js';
import { newId } from '../util/secrets.js';
import type { AuditLogService } from './audit-log.service.js';

export interface CriteriaServiceContext {
  db: Database;
  repositories: Pick<Repositories, 'criteria' | 'options'>;
  auditLog: AuditLogService;
}

export class CriteriaService {
  private readonly db: Database;
  private readonly criteria: Repositories['criteria'];
  private readonly options: Repositories['options'];
  private readonly audit: AuditLogService;
  /** Read by every finish: kept until a criterion changes (no round trip on PostgreSQL). */
  private readonly rows: Derived<CriterionRow[]>;

  constructor({ db, repositories, auditLog }: CriteriaServiceContext) {
    this.db = db;
    this.criteria = repositories.criteria;
    this.options = repositories.options;
    this.audit = auditLog;
    this.rows = new Derived(db, ['criteria'], () => repositories.criteria.all());
  }

  /** Every criterion in the organizer's order; shared, do not modify. */
  async all(): Promise<readonly CriterionRow[]> {
    return await this.rows.get();
  }

  /** `GET /judge/criteria` and `GET /admin/criteria`. */
  async list(): Promise<CriteriaList> {
    const [rows, { criteria_required }] = await Promise.all([this.all(), this.options.read()]);
    return { criteria: rows.map(criterionOf), required: criteria_required };
  }

  /** `POST /admin/criteria`: added last. */
  async add(request: CriterionContent): Promise<Criterion> {
    return await this.db.transaction(async () => {
      const rows = await this.criteria.all();
      if (rows.length >= MAX_CRITERIA) throw new ValidationError(tooManyCriteria(MAX_CRITERIA));
      refuseTakenName(rows, request.name);
      const row: CriterionRow = {
        id: newId(),
        ...request,
        position: rows.reduce((last, criterion) => Math.max(last, criterion.position + 1), 0),
      };
      await this.criteria.insert(row);
      await this.audit.admin(`Added criterion ${row.name} (${row.id})`);
      this.changed();
      // Unscored, it still moves the weighted calibrated score, and rank_score with it.
      this.db.record({ kind: 'projects', public: false });
      return criterionOf(row);
    });
  }

  /** `PUT /admin/criteria/:id`. */
  async update(id: string, patch: CriterionChanges): Promise<Criterion> {
    return await this.db.transaction(async () => {
      const rows = await this.criteria.all();
      const before = rows.find((row) => row.id === id);
      if (before === undefined) throw new NotFoundError(CRITERION_NOT_FOUND);
      if (patch.name !== undefined)
        refuseTakenName(
          rows.filter((row) => row.id !== id),
          patch.name,
        );
      const changes = Object.fromEntries(
        Object.entries(patch).filter(([, value]) => value !== undefined),
      ) as Partial<CriterionRow>;
      await this.criteria.update(id, changes);
      const after = { ...before, ...changes };
      await this.audit.admin(`Updated criterion ${after.name} (${id}): ${describeChanges(before, after)}`);
      this.changed();
      // The weighted calibrated score, and rank_score with it, follow a weight and a scale.
      if (after.weight !== before.weight || after.scale !== before.scale)
        this.db.record({ kind: 'projects', public: false });
      return criterionOf(after);
    });
  }

  /** `DELETE /admin/criteria/:id`: with every score given on it. */
  async remove(id: string): Promise<void> {
    await this.db.transaction(async () => {
      const row = (await this.criteria.all()).find((criterion) => criterion.id === id);
      if (row === undefined) throw new NotFoundError(CRITERION_NOT_FOUND);
      await this.criteria.delete(id);
      await this.audit.admin(`Deleted criterion ${row.name} (${id}) and its scores`);
      this.changed();
      this.db.record({ kind: 'projects', public: false });
    });
  }

  /** `POST /admin/criteria/order`: `ids` names every criterion once. */
  async order(ids: readonly string[]): Promise<void> {
    await this.db.transaction(async () => {
      const rows = await this.criteria.all();
      const known = new Set(rows.map((row) => row.id));
      if (ids.length !== rows.length || !ids.every((id) => known.has(id)))
        throw new ValidationError(CRITERIA_ORDER_INVALID);
      await this.criteria.setOrder(ids);
      await this.audit.admin(`Reordered criteria: [${ids.join(', ')}]`);
      this.changed();
    });
  }

  /** Settings and the judges' Done dialog read the criteria (`options.changed`, then a refetch). */
  private changed(): void {
    this.db.record({ kind: 'options', public: false });
  }
}

export function criterionOf(row: CriterionRow): Criterion {
  return { id: row.id, name: row.name, description: row.description, weight: row.weight, scale: row.scale };
}

/** Names are told apart without regard to case: "Impact" and "impact" are one criterion. */
function refuseTakenName(others: readonly CriterionRow[], name: string): void {
  const taken = others.find((row) => row.name.toLowerCase() === name.toLowerCase());
  if (taken !== undefined) throw new ValidationError(criterionNameTaken(taken.name));
}

function describeChanges(before: CriterionRow, after: CriterionRow): string {
  const fields = ['name', 'description', 'weight', 'scale'] as const;
  const changed = fields.filter((field) => before[field] !== after[field]);
  if (changed.length === 0) return 'nothing changed';
  return changed
    .map((field) => `${field} ${JSON.stringify(before[field])} → ${JSON.stringify(after[field])}`)
    .join(', ');
}
