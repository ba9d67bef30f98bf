/** Row types of every table, as stored (lists as JSON text); repositories make the protocol's shapes. */
import type { Generated } from 'kysely';

/** SQLite has no boolean type: 0 or 1. */
export type Flag01 = 0 | 1;

export interface ProjectsTable {
  /** Creation order (rowid alias): ties of `location` sort by it. */
  seq: Generated<number>;
  id: string;
  name: string;
  description: string;
  url: string;
  try_link: string;
  video_link: string;
  /** JSON list of challenge names. */
  challenge_list: string;
  location: number;
  group: number;
  active: Flag01;
  prioritized: Flag01;
  last_activity: number;
}

export interface JudgesTable {
  seq: Generated<number>;
  id: string;
  name: string;
  email: string;
  /** Lower-cased email: uniqueness is case-insensitive (R74). */
  email_key: string;
  notes: string;
  code: string;
  track: string;
  group: number;
  active: Flag01;
  read_welcome: Flag01;
  current_project_id: string | null;
  /** Location of the judge's previous assignment, for the table walk (R12). */
  last_location: number | null;
  /** Finishes in the current group, for automatic group switching (R25). */
  group_finishes: number;
  last_activity: number;
  /** When the organizer replaced the judge (migration 012); null when not replaced or reinstated. */
  replaced_at: number | null;
  /** 1: replaced with its rankings and stars set aside, so scores leave them out. */
  judgments_set_aside: Flag01;
  /** 1: the organizer refused the conflicts this judge says (migration 013, issue 31). */
  said_conflicts_refused: Flag01;
}

export interface JudgeTokensTable {
  /** SHA-256 hex of the token; the token itself is never stored (2.1). */
  token_hash: string;
  judge_id: string;
  created_at: number;
}

/** A judge's finished project (an entry of `seen_projects`); `seq` is the finish order. */
export interface JudgedProjectsTable {
  seq: Generated<number>;
  judge_id: string;
  project_id: string;
  notes: string;
  starred: Flag01;
  finished_at: number;
  /** For the team (issue 35), apart from the private notes; '' when none. */
  feedback: Generated<string>;
  /** 1: the organizer hid this feedback from the team. */
  feedback_hidden: Generated<Flag01>;
}

/** A judge's last finish or skip, undoable within UNDO_WINDOW_MS (issue 35). */
export interface JudgeUndoTable {
  judge_id: string;
  project_id: string;
  action: 'finished' | 'skipped';
  at: number;
  /** JSON of what the write changed beyond the view and the visit, for the undo to reverse. */
  changes: string;
}

export interface RankingsTable {
  judge_id: string;
  project_id: string;
  /** 0 = best. */
  position: number;
}

/** One project a judge was given (migration 012), from its assignment to its end. */
export interface JudgeVisitsTable {
  seq: Generated<number>;
  judge_id: string;
  project_id: string;
  started_at: number;
  ended_at: number | null;
  outcome: 'current' | 'finished' | 'skipped' | 'released' | 'removed';
  /** The skip's reason. */
  reason: string;
}

/** A judge's `flagged` list; outlives the flag records (R22). */
export interface JudgeFlaggedTable {
  seq: Generated<number>;
  judge_id: string;
  project_id: string;
}

export interface FlagsTable {
  seq: Generated<number>;
  id: string;
  project_id: string;
  /** null for the system's `hidden-absent` flags. */
  judge_id: string | null;
  reason: string;
  time: number;
}

/** One row per Options field that differs from its default; value is JSON. */
export interface SettingsTable {
  key: string;
  value: string;
}

/** A single row (id 1): the judging clock (R38–R40). */
export interface ClockTable {
  id: number;
  running: Flag01;
  accumulated_ms: number;
  /** Epoch ms of the last resume; meaningful while running. */
  resumed_at: number;
  backup_ms: number;
  backup_at: number;
}

export interface QrCodesTable {
  /** '' for the general code, else the track name. */
  track: string;
  code: string;
  /** Scheme and host of the admin request that generated it (R71). */
  base_url: string;
}

export interface AuditLogTable {
  seq: Generated<number>;
  time: number;
  type: string;
  message: string;
}

/** Counters moved by triggers on every write that matters to a cache (migration 002). */
export interface RevisionsTable {
  name: RevisionName;
  value: number;
}

export type RevisionName = 'projects' | 'view_removals' | 'layout' | 'conflicts' | 'criteria';

/** A positioned table of the hall layout (R92, migration 005). */
export interface LayoutTablesTable {
  table_number: number;
  /** Metres east. */
  x: number;
  /** Metres south. */
  y: number;
  /** Room, floor or building; '' when none. */
  area: string;
}

/** The builder's areas of the saved layout, as JSON (one row, id 1; migration 006). */
export interface LayoutPlanTable {
  id: number;
  /** JSON of the protocol's `AreaPlan[]`. */
  areas: string;
}

/** An answer kept for a judge's Idempotency-Key (R91, migration 003). */
export interface IdempotencyKeysTable {
  judge_id: string;
  key: string;
  /** SHA-256 hex of the request's method, path and body as sent. */
  fingerprint: string;
  status: number;
  /** The answer's body exactly as it was sent. */
  body: string;
  created_at: number;
}

/** Admin session tokens (R70b, migration 004): only their SHA-256 digest is stored. */
export interface AdminSessionsTable {
  token_hash: string;
  /** Epoch ms after which the token no longer authenticates. */
  expires_at: number;
}

/** A single row (id 1): the admin password the sessions were issued under, as a salted scrypt key. */
export interface AdminSessionIssuerTable {
  id: number;
  salt: string;
  password_key: string;
}

/** A committed transaction's domain events, one row each (db/outbox.ts). */
export interface OutboxTable {
  seq: Generated<number>;
  /** JSON of the `DomainEvent`. */
  event: string;
}

/** Failed logins per client and limiter (R69's `judge`, R70a's `admin`), 60 s from a first. */
export interface LoginFailuresTable {
  limiter: string;
  /** The client as counted (services/failure-limiter.ts `clientKey`: IPv6 per /64). */
  client: string;
  window_start: number;
  failures: number;
  last_failure_at: number;
}

/** Guards over all addresses' failed logins (services/login-guard.ts): token buckets, as spent. */
export interface LoginGuardsTable {
  guard: string;
  /** Failed attempts not yet paid back by the refill (0: the bucket is full). */
  spent: number;
  /** When `spent` was last computed (epoch ms). */
  counted_at: number;
  /** When the guard last ran out of allowance and went on; null while it is off. */
  active_since: Generated<number | null>;
  /** Failed attempts evaluated since `active_since` (the summary line at the end). */
  failures_while_active: Generated<number>;
  /** 1: the organizer blocked logins by code alone (judge guard only). */
  blocked: Generated<number>;
  /** The status last sent to admin sockets (JSON), so one instance sends each change once. */
  reported: Generated<string>;
}

/** An address the admin password logged in from (migration 014, services/admin-auth.service.ts). */
export interface AdminLoginAddressesTable {
  /** The client as counted (services/failure-limiter.ts `clientKey`: IPv6 per /64). */
  client: string;
  last_login_at: number;
}

/** A single row (id 1): the key that signs judges' login links (services/login-links.ts). */
export interface LoginLinkKeyTable {
  id: number;
  secret: string;
}

/** A project's team code (issue 24, migration 010): its status page's key, printed on its card. */
export interface TeamCodesTable {
  project_id: string;
  code: string;
}

/** An alert a team raised from its status page (issue 24); kept when dismissed (the 10-minute rule). */
export interface TeamAlertsTable {
  seq: Generated<number>;
  id: string;
  project_id: string;
  time: number;
  dismissed_at: number | null;
}

/** Conflicts of interest (migration 011): a judge is never assigned these projects (issue 24). */
export interface JudgeConflictsTable {
  judge_id: string;
  project_id: string;
  /** `declared` by the organizer (route or judge CSV), or said by the `judge` at a skip. */
  source: 'declared' | 'judge';
  created_at: number;
}

/** The organizer's criteria (migration 015, issue 34), listed by `position`. */
export interface CriteriaTable {
  id: string;
  name: string;
  description: string;
  weight: number;
  /** Scores run from 1 to `scale`. */
  scale: number;
  position: number;
}

/** A judge's score of a seen project on one criterion, with the scale it was given on. */
export interface CriterionScoresTable {
  judge_id: string;
  project_id: string;
  criterion_id: string;
  score: number;
  scale: number;
  scored_at: number;
}

export interface DB {
  projects: ProjectsTable;
  judges: JudgesTable;
  judge_tokens: JudgeTokensTable;
  judged_projects: JudgedProjectsTable;
  rankings: RankingsTable;
  judge_flagged: JudgeFlaggedTable;
  judge_visits: JudgeVisitsTable;
  judge_undo: JudgeUndoTable;
  flags: FlagsTable;
  settings: SettingsTable;
  clock: ClockTable;
  qr_codes: QrCodesTable;
  audit_log: AuditLogTable;
  revisions: RevisionsTable;
  idempotency_keys: IdempotencyKeysTable;
  admin_sessions: AdminSessionsTable;
  admin_session_issuer: AdminSessionIssuerTable;
  layout_tables: LayoutTablesTable;
  layout_plan: LayoutPlanTable;
  outbox: OutboxTable;
  login_failures: LoginFailuresTable;
  login_guards: LoginGuardsTable;
  login_link_key: LoginLinkKeyTable;
  admin_login_addresses: AdminLoginAddressesTable;
  team_codes: TeamCodesTable;
  team_alerts: TeamAlertsTable;
  judge_conflicts: JudgeConflictsTable;
  criteria: CriteriaTable;
  criterion_scores: CriterionScoresTable;
}
