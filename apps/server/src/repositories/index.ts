/**
 * Every repository over one database: what `services/index.ts` hands the services. A service
 * names the ones it uses as `Pick<Repositories, ...>`.
 */
import type { Database } from '../db/database.js';
import { AdminSessionRepository } from './admin-session.repository.js';
import { AuditLogRepository } from './audit-log.repository.js';
import { ClockRepository } from './clock.repository.js';
import { ConflictRepository } from './conflict.repository.js';
import { CriteriaRepository } from './criteria.repository.js';
import { FeedbackRepository } from './feedback.repository.js';
import { FlagRepository } from './flag.repository.js';
import { IdempotencyRepository } from './idempotency.repository.js';
import { JudgeRepository } from './judge.repository.js';
import { JudgingRepository } from './judging.repository.js';
import { LayoutRepository } from './layout.repository.js';
import { LoginLimitRepository } from './login-limit.repository.js';
import { OptionsRepository } from './options.repository.js';
import { ProjectRepository } from './project.repository.js';
import { QrRepository } from './qr.repository.js';
import { StatsRepository } from './stats.repository.js';
import { TeamRepository } from './team.repository.js';

export function createRepositories(db: Database) {
  return {
    adminSessions: new AdminSessionRepository(db),
    auditLog: new AuditLogRepository(db),
    clock: new ClockRepository(db),
    conflicts: new ConflictRepository(db),
    criteria: new CriteriaRepository(db),
    feedback: new FeedbackRepository(db),
    flags: new FlagRepository(db),
    idempotency: new IdempotencyRepository(db),
    judges: new JudgeRepository(db),
    judging: new JudgingRepository(db),
    layout: new LayoutRepository(db),
    loginLimits: new LoginLimitRepository(db),
    options: new OptionsRepository(db),
    projects: new ProjectRepository(db),
    qr: new QrRepository(db),
    stats: new StatsRepository(db),
    teams: new TeamRepository(db),
  };
}

export type Repositories = ReturnType<typeof createRepositories>;
