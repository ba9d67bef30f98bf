/**
 * Builds every service over one database. Routes reach them through `app.services`; nothing
 * here knows about HTTP or sockets.
 */
import type { Config } from '../config.js';
import type { Database } from '../db/database.js';
import { ExportThread } from './export/export-thread.js';
import { Mailer } from '../io/mailer.js';
import { createRepositories } from '../repositories/index.js';
import { AdminAuthService } from './admin-auth.service.js';
import { AdminSessionService } from './admin-session.service.js';
import { AuditLogService } from './audit-log.service.js';
import { BackupService } from './backup.service.js';
import { ClockService } from './clock.service.js';
import { ConflictService } from './conflict.service.js';
import { CriteriaService } from './criteria.service.js';
import { EngineSnapshots } from './engine-snapshot.js';
import { EventTimers } from './event-timers.js';
import { ExportService } from './export/export.service.js';
import { FeedbackService } from './feedback.service.js';
import { FlagService } from './flag.service.js';
import { IdempotencyService } from './idempotency.service.js';
import { JudgeAuthService } from './judge-auth.service.js';
import { JudgeSessionService } from './judge-session.service.js';
import { JudgePaceService } from './judge-pace.service.js';
import { JudgeService } from './judge.service.js';
import { JudgingService } from './judging.service.js';
import { LoginGuard, LoginGuards } from './login-guard.js';
import { LoginLinks } from './login-links.js';
import { LayoutService } from './layout.service.js';
import { OptionsService } from './options.service.js';
import { ProgressService } from './progress.service.js';
import { ProjectService } from './project.service.js';
import { QrService } from './qr.service.js';
import { ResetService } from './reset.service.js';
import { ResultsService } from './results.service.js';
import { StatsService } from './stats.service.js';
import { TeamService } from './team.service.js';
import { WriteGate } from './write-gate.js';
import { ImportService } from './import/import.service.js';
import { ImportThread } from './import/import-thread.js';
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
  const repositories = createRepositories(db);
  const auditLog = new AuditLogService({ repositories, now });
  // Every service takes what it uses from these, by name; the services it calls are added beside them.
  const deps = { db, now, repositories, auditLog };
  // Mail goes out after the commit; its outcome is logged in a transaction of its own (R75).
  const mailer = new Mailer({
    smtpUrl: config.smtpUrl,
    mailFrom: config.mailFrom,
    onDisabled: (email) =>
      db.transaction(() => auditLog.system(`Email disabled, login email not sent to ${email}`)),
    onFailure: (email) => db.transaction(() => auditLog.system(`Failed to send login email to ${email}`)),
  });
  const writeGate = new WriteGate();
  const projects = new ProjectService(deps);
  const loginLinks = new LoginLinks(deps);
  const conflicts = new ConflictService(deps);
  const criteria = new CriteriaService(deps);
  const judges = new JudgeService({
    ...deps,
    conflicts,
    mailer: {
      sendLoginEmail: (message) =>
        mailer.sendLoginEmail({
          ...message,
          eventName: config.eventName,
          proof: loginLinks.proof(message.code),
        }),
    },
  });
  const qr = new QrService({
    ...deps,
    judges,
    publicUrl: config.publicUrl,
    emailEnabled: mailer.enabled,
    loginLinks,
  });
  const clock = new ClockService(deps);
  // Timers that act on the event run on one instance at a time (R96); the app starts them.
  const timers = new EventTimers({ db });
  timers.register('automatic clock backup', config.clockBackupIntervalMs, () => clock.autoBackup());
  const adminSessions = new AdminSessionService({
    ...deps,
    adminPassword: config.adminPassword,
    passwordKeptInDatabase: config.databaseUrl !== undefined,
  });
  const loginGuards = new LoginGuards({
    ...deps,
    judgeCodes: new LoginGuard({
      ...deps,
      name: 'judge-codes',
      limiter: 'judge',
      perMin: config.loginGuardPerMin,
      burst: config.loginGuardBurst,
      lines: {
        started: (n) => `Judge logins suspended: ${n} failed attempts in the last minute`,
        ended: (n) => `Judge logins resumed: ${n} failed attempts while suspended`,
      },
      reports: true,
      writeGate,
    }),
    adminPasswords: new LoginGuard({
      ...deps,
      name: 'admin-passwords',
      limiter: 'admin',
      perMin: config.adminGuardPerMin,
      burst: config.adminGuardBurst,
      lines: {
        started: (n) => `Admin logins suspended: ${n} failed attempts in the last minute`,
        ended: (n) => `Admin logins resumed: ${n} failed attempts while suspended`,
      },
      reports: false,
      writeGate,
    }),
  });
  // Their ends and reports, every second (services/login-guard.ts).
  timers.register('login guard', 1000, () => loginGuards.tick());
  const adminAuth = new AdminAuthService({
    ...deps,
    sessions: adminSessions,
    adminGuard: loginGuards.adminPasswords,
  });
  const progress = new ProgressService(deps);
  const judgeSession = new JudgeSessionService({ ...deps, loginGuard: loginGuards.judgeCodes, loginLinks });
  const judgePace = new JudgePaceService(deps);
  const layout = new LayoutService(deps);
  const results = new ResultsService({ ...deps, projects, judges, judgePace, criteria });
  const backups = new BackupService(deps);
  return {
    auditLog,
    mailer,
    adminAuth,
    adminSessions,
    judgeAuth: new JudgeAuthService(deps),
    judgeSession,
    loginGuards,
    loginLinks,
    judging: new JudgingService({ ...deps, criteria, engine: new EngineSnapshots(deps) }),
    criteria,
    clock,
    timers,
    judges,
    projects,
    imports: new ImportService({
      ...deps,
      writeGate,
      judges,
      layout,
      thread: new ImportThread(inPlace.importBytesBelow),
    }),
    writeGate,
    qr,
    options: new OptionsService({ ...deps, projects, clock, qr }),
    stats: new StatsService(deps),
    progress,
    teams: new TeamService({ ...deps, progress }),
    flags: new FlagService(deps),
    feedback: new FeedbackService(deps),
    conflicts,
    resets: new ResetService({ ...deps, clock, backups }),
    exports: new ExportService({
      ...deps,
      thread: new ExportThread({ location: db.location }),
      // In place, the dashboard's cached lists; the worker builds its own (exportSources).
      sources: {
        projects: () => projects.list(),
        judges: () => judges.list(),
        setAsideJudges: () => judges.setAsideIds(),
        options: repositories.options,
        criteriaScores: () => results.criteriaScores(),
        scores: () => repositories.criteria.allScores(),
        snapshot: (read) => db.transaction(read, { readOnly: true }),
      },
      eventSize: async () => (await repositories.projects.count()) + (await repositories.judges.count()),
      inPlace,
    }),
    judgePace,
    results,
    backups,
    idempotency: new IdempotencyService(deps),
    layout,
  };
}

export type Services = ReturnType<typeof createServices>;
