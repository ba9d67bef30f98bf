/**
 * Builds every service over one database. Routes reach them through `app.services`; nothing
 * here knows about HTTP or sockets.
 */
import type { Config } from '../config.js';
import type { Database } from '../db/database.js';
import { ExportThread } from '../io/export-thread.js';
import { Mailer } from '../io/mailer.js';
import { AdminSessionRepository } from '../repositories/admin-session.repository.js';
import { AuditLogRepository } from '../repositories/audit-log.repository.js';
import { ClockRepository } from '../repositories/clock.repository.js';
import { FlagRepository } from '../repositories/flag.repository.js';
import { IdempotencyRepository } from '../repositories/idempotency.repository.js';
import { JudgeRepository } from '../repositories/judge.repository.js';
import { JudgingRepository } from '../repositories/judging.repository.js';
import { LayoutRepository } from '../repositories/layout.repository.js';
import { ProjectRepository } from '../repositories/project.repository.js';
import { QrRepository } from '../repositories/qr.repository.js';
import { ResetRepository } from '../repositories/reset.repository.js';
import { OptionsRepository } from '../repositories/options.repository.js';
import { StatsRepository } from '../repositories/stats.repository.js';
import { AdminAuthService } from './admin-auth.service.js';
import { AdminSessionService } from './admin-session.service.js';
import { AuditLogService } from './audit-log.service.js';
import { BackupService } from './backup.service.js';
import { ClockService } from './clock.service.js';
import { EngineSnapshots } from './engine-snapshot.js';
import { ExportService } from './export.service.js';
import { FlagService } from './flag.service.js';
import { IdempotencyService } from './idempotency.service.js';
import { JudgeAuthService } from './judge-auth.service.js';
import { JudgeSessionService } from './judge-session.service.js';
import { JudgeService } from './judge.service.js';
import { JudgingService } from './judging.service.js';
import { LoginGuard } from './login-guard.js';
import { LayoutService } from './layout.service.js';
import { OptionsService } from './options.service.js';
import { ProgressService } from './progress.service.js';
import { ProjectImportService } from './project-import.service.js';
import { ProjectService } from './project.service.js';
import { QrService } from './qr.service.js';
import { ResetService } from './reset.service.js';
import { ResultsService } from './results.service.js';
import { StatsService } from './stats.service.js';
import { WriteGate } from './write-gate.js';
import { ImportThread } from './import-thread.js';
import type { InPlaceLimits } from './in-place.js';

export interface ServiceContext {
  db: Database;
  config: Config;
  /** Epoch milliseconds; injectable so tests control time without sleeping. */
  now: () => number;
  /** What is small enough to run without a worker (tests set 0 to exercise the workers). */
  inPlace: InPlaceLimits;
}

export function createServices({ db, config, now, inPlace }: ServiceContext) {
  const repositories = {
    adminSessions: new AdminSessionRepository(db),
    auditLog: new AuditLogRepository(db),
    clock: new ClockRepository(db),
    judges: new JudgeRepository(db),
    projects: new ProjectRepository(db),
    flags: new FlagRepository(db),
    idempotencyKeys: new IdempotencyRepository(db),
    judging: new JudgingRepository(db),
    layout: new LayoutRepository(db),
    qrCodes: new QrRepository(db),
    resets: new ResetRepository(db),
    settings: new OptionsRepository(db),
    stats: new StatsRepository(db),
  };
  const auditLog = new AuditLogService(repositories.auditLog, now);
  // Mail goes out after the commit; its outcome is logged in a transaction of its own (R75).
  const mailer = new Mailer({
    smtpUrl: config.smtpUrl,
    mailFrom: config.mailFrom,
    onDisabled: (email) =>
      db.transaction(() => auditLog.system(`Email disabled, login email not sent to ${email}`)),
    onFailure: (email) => db.transaction(() => auditLog.system(`Failed to send login email to ${email}`)),
  });
  const writeGate = new WriteGate();
  const projects = new ProjectService(
    db,
    repositories.projects,
    repositories.settings,
    repositories.clock,
    auditLog,
  );
  const judges = new JudgeService(
    db,
    repositories.judges,
    repositories.settings,
    repositories.clock,
    auditLog,
    {
      sendLoginEmail: (message) => mailer.sendLoginEmail({ ...message, eventName: config.eventName }),
    },
  );
  const qr = new QrService({
    db,
    repositories,
    judges,
    auditLog,
    publicUrl: config.publicUrl,
    emailEnabled: mailer.enabled,
  });
  const clock = new ClockService(db, repositories.clock, repositories.settings, auditLog, now);
  const adminSessions = new AdminSessionService({
    db,
    repositories,
    adminPassword: config.adminPassword,
    passwordKeptInDatabase: config.databaseUrl !== undefined,
    now,
  });
  const adminAuth = new AdminAuthService({
    db,
    auditLog,
    now,
    sessions: adminSessions,
  });
  const loginGuard = new LoginGuard({ db, auditLog, now, limit: config.loginGuardPerMin });
  const judgeSession = new JudgeSessionService({ db, repositories, auditLog, now, loginGuard });
  return {
    auditLog,
    mailer,
    adminAuth,
    adminSessions,
    judgeAuth: new JudgeAuthService(repositories.judges),
    judgeSession,
    loginGuard,
    judging: new JudgingService(
      db,
      repositories.judges,
      repositories.projects,
      repositories.judging,
      repositories.settings,
      repositories.clock,
      auditLog,
      new EngineSnapshots({
        db,
        projectRows: repositories.projects,
        judgeRows: repositories.judges,
        layout: repositories.layout,
        now,
      }),
      now,
    ),
    clock,
    judges,
    projects,
    projectImports: new ProjectImportService({ db, writeGate, now }),
    imports: new ImportThread(inPlace.importBytesBelow),
    writeGate,
    qr,
    options: new OptionsService(
      db,
      repositories.settings,
      repositories.projects,
      repositories.judges,
      projects,
      clock,
      qr,
      auditLog,
    ),
    stats: new StatsService(repositories.stats),
    progress: new ProgressService({ repositories, now }),
    flags: new FlagService(db, repositories.flags, auditLog),
    resets: new ResetService(
      db,
      repositories.resets,
      repositories.judges,
      repositories.settings,
      repositories.qrCodes,
      repositories.auditLog,
      clock,
      auditLog,
      () => {
        adminAuth.limiter.clear();
        judgeSession.limiter.clear();
        loginGuard.clear();
      },
    ),
    exports: new ExportService({
      db,
      auditLog,
      thread: new ExportThread({ location: db.location, config }),
      sources: {
        projects,
        judges,
        settings: repositories.settings,
        snapshot: (read) => db.transaction(read, { readOnly: true }),
      },
      eventSize: async () => (await repositories.projects.count()) + (await repositories.judges.count()),
      inPlace,
    }),
    results: new ResultsService({
      db,
      projects,
      judges,
      flags: repositories.flags,
      judging: repositories.judging,
      settings: repositories.settings,
      auditLog,
      now,
    }),
    backups: new BackupService(db, auditLog, now),
    idempotency: new IdempotencyService({ db, keys: repositories.idempotencyKeys, now }),
    layout: new LayoutService({ db, layout: repositories.layout, auditLog }),
  };
}

export type Services = ReturnType<typeof createServices>;
