/**
 * Every endpoint of API.md §3, one descriptor each, named after what it does, in the order of
 * the §3 tables. Paths are under `/api` (API_BASE). Rows whose request column is "–" have no
 * `body`; CSV and ZIP downloads have no `response`.
 */
import { z } from 'zod';
import {
  AdminLoginRequest,
  AdminSessionRequest,
  AdminSessionResponse,
  JudgeLoginRequest,
  LoginGuardActionRequest,
  LoginGuardStatus,
  LoginProofs,
  TokenResponse,
} from './auth.js';
import { ClockResult, Clock, DeliberationRequest } from './clock.js';
import {
  JudgeConflicts,
  JudgeConflictsRequest,
  RefuseSaidConflictsRequest,
  RefuseSaidConflictsResponse,
} from './conflict.js';
import {
  HideBatchRequest,
  HideRequest,
  MoveGroupBatchRequest,
  MoveGroupRequest,
  Ok,
  OkFlag,
  OkId,
} from './common.js';
import {
  CriteriaList,
  CriteriaOrderRequest,
  CriteriaScores,
  Criterion,
  CriterionNewRequest,
  CriterionUpdateRequest,
  JudgeScores,
  JudgeScoresRequest,
} from './criteria.js';
import { JudgeImportResponse, ProjectImportResponse } from './csv.js';
import { endpoint } from './endpoint.js';
import { EventInfo, PublicLinks } from './event.js';
import { Flag } from './flag.js';
import {
  JudgeAdmin,
  JudgeFinishRequest,
  JudgeNewRequest,
  JudgeNotesRequest,
  JudgeRankRequest,
  JudgeSelf,
  JudgeSkipRequest,
  JudgeStarByBodyRequest,
  JudgeStarRequest,
  JudgeUpdateRequest,
  JudgedProject,
  Next,
} from './judge.js';
import { Layout, LayoutImportResult, LayoutPlanAnswer, LayoutRequest } from './layout.js';
import { LogPage, LogPageQuery, LogResponse } from './log.js';
import {
  BlockReqsRequest,
  GroupInfo,
  GroupSizesRequest,
  MaxReqsRequest,
  NumGroupsRequest,
  Options,
  OptionsUpdateRequest,
  Timer,
  TrackViewsRequest,
  TracksRequest,
} from './options.js';
import {
  Count,
  MoveRequest,
  PrioritizeBatchRequest,
  PrioritizeRequest,
  Project,
  ProjectNewRequest,
  ProjectSummary,
  ProjectUpdateRequest,
  PublicListChanges,
  PublicListChangesQuery,
} from './project.js';
import { EmailStatus, Progress, QrAddCodeResponse } from './progress.js';
import { QrAddRequest, QrCheckRequest, QrCode } from './qr.js';
import { KeptCopies, PutBackRequest, ResetRequest } from './reset.js';
import { Results } from './results.js';
import { JudgesPace, JudgeVisitEnd, JudgeVisits, ReplaceJudgeRequest } from './judge-replacement.js';
import { JudgeStats, ProjectStats, Stats } from './stats.js';
import { TeamAlertRaised, TeamCode, TeamFloor, TeamStatus } from './team.js';
import {
  FeedbackHiddenRequest,
  FeedbackList,
  JudgeUndo,
  JudgeUndone,
  JudgeUndoRequest,
} from './undo-feedback.js';

export const endpoints = {
  // 3.1 Public
  heartbeat: endpoint({ method: 'GET', path: '/', auth: 'none', response: Ok }),
  eventInfo: endpoint({ method: 'GET', path: '/event', auth: 'none', response: EventInfo }),
  // A health check that reads the database (docs/api-extensions.md, issue 31): the heartbeat
  // answers without it.
  health: endpoint({ method: 'GET', path: '/health', auth: 'none', response: Ok }),
  judgeLogin: endpoint({
    method: 'POST',
    path: '/judge/login',
    auth: 'none',
    body: JudgeLoginRequest,
    response: TokenResponse,
  }),
  adminLogin: endpoint({
    method: 'POST',
    path: '/admin/login',
    auth: 'none',
    body: AdminLoginRequest,
    response: Ok,
  }),
  // R70b: a 24-hour session token in exchange for the admin password (docs/security.md).
  adminSession: endpoint({
    method: 'POST',
    path: '/admin/session',
    auth: 'none',
    body: AdminSessionRequest,
    response: AdminSessionResponse,
  }),
  judgingStarted: endpoint({ method: 'GET', path: '/admin/started', auth: 'none', response: OkFlag }),
  adminDeliberation: endpoint({ method: 'GET', path: '/admin/deliberation', auth: 'none', response: OkFlag }),
  projectListPublic: endpoint({
    method: 'GET',
    path: '/project/list/public',
    auth: 'none',
    response: z.array(ProjectSummary),
  }),
  // The public list's changes since a revision (docs/api-extensions.md): what expo screens ask
  // after an event instead of the whole list.
  projectListPublicChanges: endpoint({
    method: 'GET',
    path: '/project/list/public/changes',
    auth: 'none',
    query: PublicListChangesQuery,
    response: PublicListChanges,
  }),
  challenges: endpoint({ method: 'GET', path: '/challenges', auth: 'none', response: z.array(z.string()) }),
  groupInfo: endpoint({ method: 'GET', path: '/group-info', auth: 'none', response: GroupInfo }),

  // 3.2 Judge
  judgeAuth: endpoint({ method: 'POST', path: '/judge/auth', auth: 'judge', response: Ok }),
  judgeSelf: endpoint({ method: 'GET', path: '/judge', auth: 'judge', response: JudgeSelf }),
  judgeWelcomeGet: endpoint({ method: 'GET', path: '/judge/welcome', auth: 'judge', response: OkFlag }),
  judgeWelcomeAccept: endpoint({ method: 'POST', path: '/judge/welcome', auth: 'judge', response: Ok }),
  judgeProjects: endpoint({
    method: 'GET',
    path: '/judge/projects',
    auth: 'judge',
    response: z.array(JudgedProject),
  }),
  judgeNext: endpoint({ method: 'POST', path: '/judge/next', auth: 'judge', response: Next }),
  judgeSkip: endpoint({
    method: 'POST',
    path: '/judge/skip',
    auth: 'judge',
    body: JudgeSkipRequest,
    response: Ok,
  }),
  judgeFinish: endpoint({
    method: 'POST',
    path: '/judge/finish',
    auth: 'judge',
    body: JudgeFinishRequest,
    response: Ok,
  }),
  judgeRank: endpoint({
    method: 'POST',
    path: '/judge/rank',
    auth: 'judge',
    body: JudgeRankRequest,
    response: Ok,
  }),
  judgeStar: endpoint({
    method: 'PUT',
    path: '/judge/star/:id',
    auth: 'judge',
    body: JudgeStarRequest,
    response: Ok,
  }),
  judgeStarByBody: endpoint({
    method: 'PUT',
    path: '/judge/star',
    auth: 'judge',
    body: JudgeStarByBodyRequest,
    response: Ok,
  }),
  judgeNotes: endpoint({
    method: 'PUT',
    path: '/judge/notes/:id',
    auth: 'judge',
    body: JudgeNotesRequest,
    response: Ok,
  }),
  judgeProject: endpoint({
    method: 'GET',
    path: '/judge/project/:id',
    auth: 'judge',
    response: JudgedProject,
  }),
  projectSummary: endpoint({ method: 'GET', path: '/project/:id', auth: 'judge', response: ProjectSummary }),
  projectCount: endpoint({ method: 'GET', path: '/project/count', auth: 'judge', response: Count }),
  judgeDeliberation: endpoint({
    method: 'GET',
    path: '/judge/deliberation',
    auth: 'judge',
    response: OkFlag,
  }),
  judgeTimer: endpoint({ method: 'GET', path: '/admin/timer', auth: 'judge', response: Timer }),

  // 3.3 Admin: session and judges
  adminAuth: endpoint({ method: 'POST', path: '/admin/auth', auth: 'admin', response: Ok }),
  // R70b: revokes the session token the request used (docs/security.md).
  adminLogout: endpoint({ method: 'POST', path: '/admin/logout', auth: 'admin', response: Ok }),
  // R70c: the guessing guard's state, which the dashboard reads after every (re)connect.
  loginGuard: endpoint({
    method: 'GET',
    path: '/admin/login-guard',
    auth: 'admin',
    response: LoginGuardStatus,
  }),
  // R70c: the organizer ends the guard, or blocks logins by code alone (docs/api-extensions.md).
  loginGuardAction: endpoint({
    method: 'POST',
    path: '/admin/login-guard',
    auth: 'admin',
    body: LoginGuardActionRequest,
    response: LoginGuardStatus,
  }),
  // The login links' proofs of every judge, for the printed cards (docs/api-extensions.md).
  loginProofs: endpoint({ method: 'GET', path: '/admin/login-proofs', auth: 'admin', response: LoginProofs }),
  // The base of the links printed on cards (docs/api-extensions.md, issue 32): PUBLIC_URL first.
  publicLinks: endpoint({ method: 'GET', path: '/admin/links', auth: 'admin', response: PublicLinks }),
  judgeNew: endpoint({
    method: 'POST',
    path: '/judge/new',
    auth: 'admin',
    body: JudgeNewRequest,
    response: OkId,
  }),
  judgeCsv: endpoint({
    method: 'POST',
    path: '/judge/csv',
    auth: 'admin',
    multipart: true,
    response: JudgeImportResponse,
  }),
  judgeList: endpoint({ method: 'GET', path: '/judge/list', auth: 'admin', response: z.array(JudgeAdmin) }),
  judgeStats: endpoint({ method: 'GET', path: '/judge/stats', auth: 'admin', response: JudgeStats }),
  judgeUpdate: endpoint({
    method: 'PUT',
    path: '/judge/:id',
    auth: 'admin',
    body: JudgeUpdateRequest,
    response: Ok,
  }),
  judgeDelete: endpoint({ method: 'DELETE', path: '/judge/:id', auth: 'admin', response: Ok }),
  judgeHide: endpoint({
    method: 'PUT',
    path: '/judge/hide/:id',
    auth: 'admin',
    body: HideRequest,
    response: Ok,
  }),
  judgeHideBatch: endpoint({
    method: 'POST',
    path: '/judge/hide',
    auth: 'admin',
    body: HideBatchRequest,
    response: Ok,
  }),
  // Replacing a judge (docs/api-extensions.md, issue 24): hide, release, and keep or set aside.
  judgeReplace: endpoint({
    method: 'POST',
    path: '/judge/replace/:id',
    auth: 'admin',
    body: ReplaceJudgeRequest,
    response: Ok,
  }),
  judgeReinstate: endpoint({ method: 'POST', path: '/judge/reinstate/:id', auth: 'admin', response: Ok }),
  judgeMoveGroup: endpoint({
    method: 'PUT',
    path: '/judge/move/group/:id',
    auth: 'admin',
    body: MoveGroupRequest,
    response: Ok,
  }),
  judgeMoveGroupBatch: endpoint({
    method: 'POST',
    path: '/judge/move/group',
    auth: 'admin',
    body: MoveGroupBatchRequest,
    response: Ok,
  }),
  judgeReassign: endpoint({ method: 'POST', path: '/judge/reassign', auth: 'admin', response: Ok }),
  // Conflicts of interest (docs/api-extensions.md, issue 24): projects the judge is never assigned.
  judgeConflicts: endpoint({
    method: 'GET',
    path: '/judge/conflicts/:id',
    auth: 'admin',
    response: JudgeConflicts,
  }),
  judgeConflictsSet: endpoint({
    method: 'PUT',
    path: '/judge/conflicts/:id',
    auth: 'admin',
    body: JudgeConflictsRequest,
    response: JudgeConflicts,
  }),
  // Refusing the conflicts a judge says at its tables (docs/api-extensions.md, issue 31).
  judgeSaidConflictsRefuse: endpoint({
    method: 'PUT',
    path: '/judge/conflicts/refuse/:id',
    auth: 'admin',
    body: RefuseSaidConflictsRequest,
    response: RefuseSaidConflictsResponse,
  }),
  groupSwap: endpoint({ method: 'POST', path: '/admin/groups/swap', auth: 'admin', response: Ok }),

  // Criteria (docs/api-extensions.md "Criteria", issue 34).
  judgeCriteria: endpoint({ method: 'GET', path: '/judge/criteria', auth: 'judge', response: CriteriaList }),
  judgeScores: endpoint({ method: 'GET', path: '/judge/scores', auth: 'judge', response: JudgeScores }),
  // The organizer's Judge Scores dialog: a judge's scores as its phone reads them.
  judgeScoresAdmin: endpoint({
    method: 'GET',
    path: '/admin/judge/:id/scores',
    auth: 'admin',
    response: JudgeScores,
  }),
  judgeScoresSet: endpoint({
    method: 'PUT',
    path: '/judge/scores/:id',
    auth: 'judge',
    body: JudgeScoresRequest,
    response: Ok,
  }),
  criteria: endpoint({ method: 'GET', path: '/admin/criteria', auth: 'admin', response: CriteriaList }),
  criteriaScores: endpoint({
    method: 'GET',
    path: '/admin/criteria/scores',
    auth: 'admin',
    response: CriteriaScores,
  }),
  criterionNew: endpoint({
    method: 'POST',
    path: '/admin/criteria',
    auth: 'admin',
    body: CriterionNewRequest,
    response: Criterion,
  }),
  criterionUpdate: endpoint({
    method: 'PUT',
    path: '/admin/criteria/:id',
    auth: 'admin',
    body: CriterionUpdateRequest,
    response: Criterion,
  }),
  criterionDelete: endpoint({ method: 'DELETE', path: '/admin/criteria/:id', auth: 'admin', response: Ok }),
  criteriaOrder: endpoint({
    method: 'POST',
    path: '/admin/criteria/order',
    auth: 'admin',
    body: CriteriaOrderRequest,
    response: Ok,
  }),

  // 3.4 Admin: projects
  projectNew: endpoint({
    method: 'POST',
    path: '/project/new',
    auth: 'admin',
    body: ProjectNewRequest,
    response: OkId,
  }),
  projectCsv: endpoint({
    method: 'POST',
    path: '/project/csv',
    auth: 'admin',
    multipart: true,
    response: ProjectImportResponse,
  }),
  projectDevpost: endpoint({
    method: 'POST',
    path: '/project/devpost',
    auth: 'admin',
    multipart: true,
    response: ProjectImportResponse,
  }),
  projectList: endpoint({ method: 'GET', path: '/project/list', auth: 'admin', response: z.array(Project) }),
  projectStats: endpoint({ method: 'GET', path: '/project/stats', auth: 'admin', response: ProjectStats }),
  projectUpdate: endpoint({
    method: 'PUT',
    path: '/project/:id',
    auth: 'admin',
    body: ProjectUpdateRequest,
    response: Ok,
  }),
  projectDelete: endpoint({ method: 'DELETE', path: '/project/:id', auth: 'admin', response: Ok }),
  projectHide: endpoint({
    method: 'PUT',
    path: '/project/hide/:id',
    auth: 'admin',
    body: HideRequest,
    response: Ok,
  }),
  projectHideBatch: endpoint({
    method: 'POST',
    path: '/project/hide',
    auth: 'admin',
    body: HideBatchRequest,
    response: Ok,
  }),
  projectPrioritize: endpoint({
    method: 'PUT',
    path: '/project/prioritize/:id',
    auth: 'admin',
    body: PrioritizeRequest,
    response: Ok,
  }),
  projectPrioritizeBatch: endpoint({
    method: 'POST',
    path: '/project/prioritize',
    auth: 'admin',
    body: PrioritizeBatchRequest,
    response: Ok,
  }),
  projectMove: endpoint({
    method: 'PUT',
    path: '/project/move/:id',
    auth: 'admin',
    body: MoveRequest,
    response: Ok,
  }),
  projectMoveGroup: endpoint({
    method: 'PUT',
    path: '/project/move/group/:id',
    auth: 'admin',
    body: MoveGroupRequest,
    response: Ok,
  }),
  projectMoveGroupBatch: endpoint({
    method: 'POST',
    path: '/project/move/group',
    auth: 'admin',
    body: MoveGroupBatchRequest,
    response: Ok,
  }),
  projectReassign: endpoint({ method: 'POST', path: '/project/reassign', auth: 'admin', response: Ok }),

  // 3.5 Admin: stats, flags, clock, deliberation, options, log, reset, exports
  adminStats: endpoint({ method: 'GET', path: '/admin/stats', auth: 'admin', response: Stats }),
  adminTrackStats: endpoint({ method: 'GET', path: '/admin/stats/:track', auth: 'admin', response: Stats }),
  flags: endpoint({ method: 'GET', path: '/admin/flags', auth: 'admin', response: z.array(Flag) }),
  flagDelete: endpoint({ method: 'DELETE', path: '/admin/flag/:id', auth: 'admin', response: Ok }),
  clock: endpoint({ method: 'GET', path: '/admin/clock', auth: 'admin', response: Clock }),
  clockPause: endpoint({ method: 'POST', path: '/admin/clock/pause', auth: 'admin', response: ClockResult }),
  clockUnpause: endpoint({
    method: 'POST',
    path: '/admin/clock/unpause',
    auth: 'admin',
    response: ClockResult,
  }),
  clockReset: endpoint({ method: 'POST', path: '/admin/clock/reset', auth: 'admin', response: ClockResult }),
  clockBackup: endpoint({
    method: 'POST',
    path: '/admin/clock/backup',
    auth: 'admin',
    response: ClockResult,
  }),
  deliberationSet: endpoint({
    method: 'POST',
    path: '/admin/deliberation',
    auth: 'admin',
    body: DeliberationRequest,
    response: Ok,
  }),
  options: endpoint({ method: 'GET', path: '/admin/options', auth: 'admin', response: Options }),
  optionsUpdate: endpoint({
    method: 'POST',
    path: '/admin/options',
    auth: 'admin',
    body: OptionsUpdateRequest,
    response: Ok,
  }),
  tracksSet: endpoint({
    method: 'POST',
    path: '/admin/tracks',
    auth: 'admin',
    body: TracksRequest,
    response: Ok,
  }),
  trackViewsSet: endpoint({
    method: 'POST',
    path: '/admin/track-views',
    auth: 'admin',
    body: TrackViewsRequest,
    response: Ok,
  }),
  numGroupsSet: endpoint({
    method: 'POST',
    path: '/admin/num-groups',
    auth: 'admin',
    body: NumGroupsRequest,
    response: Ok,
  }),
  groupSizesSet: endpoint({
    method: 'POST',
    path: '/admin/group-sizes',
    auth: 'admin',
    body: GroupSizesRequest,
    response: Ok,
  }),
  blockReqsSet: endpoint({
    method: 'POST',
    path: '/admin/block-reqs',
    auth: 'admin',
    body: BlockReqsRequest,
    response: Ok,
  }),
  maxReqsSet: endpoint({
    method: 'POST',
    path: '/admin/max-reqs',
    auth: 'admin',
    body: MaxReqsRequest,
    response: Ok,
  }),
  reset: endpoint({ method: 'POST', path: '/admin/reset', auth: 'admin', body: ResetRequest, response: Ok }),
  // The copies a reset keeps first (docs/api-extensions.md).
  resetCopies: endpoint({ method: 'GET', path: '/admin/reset/copies', auth: 'admin', response: KeptCopies }),
  putBackCopy: endpoint({
    method: 'POST',
    path: '/admin/reset/copies/restore',
    auth: 'admin',
    body: PutBackRequest,
    response: Ok,
  }),
  /** Without a query: every line (R76). With one: a `LogPage` (docs/api-storage.md). */
  auditLog: endpoint({
    method: 'GET',
    path: '/admin/log',
    auth: 'admin',
    query: LogPageQuery,
    response: LogResponse,
    queryResponse: LogPage,
  }),
  exportJudges: endpoint({ method: 'GET', path: '/admin/export/judges', auth: 'admin' }),
  exportProjects: endpoint({ method: 'GET', path: '/admin/export/projects', auth: 'admin' }),
  exportRankings: endpoint({ method: 'GET', path: '/admin/export/rankings', auth: 'admin' }),
  exportChallenges: endpoint({ method: 'GET', path: '/admin/export/challenges', auth: 'admin' }),
  // Issue 34: every judge's criterion scores (docs/api-extensions.md "Criteria").
  exportScores: endpoint({ method: 'GET', path: '/admin/export/scores', auth: 'admin' }),

  // 3.6 QR codes and self-add (auth per row)
  qrGet: endpoint({ method: 'GET', path: '/admin/qr', auth: 'admin', response: QrCode }),
  qrGenerate: endpoint({ method: 'POST', path: '/admin/qr', auth: 'admin', response: QrCode }),
  qrTrackGet: endpoint({ method: 'GET', path: '/admin/qr/:track', auth: 'admin', response: QrCode }),
  qrTrackGenerate: endpoint({ method: 'POST', path: '/admin/qr/:track', auth: 'admin', response: QrCode }),
  qrCheck: endpoint({
    method: 'POST',
    path: '/qr/check',
    auth: 'none',
    body: QrCheckRequest,
    response: OkFlag,
  }),
  qrCheckTrack: endpoint({
    method: 'POST',
    path: '/qr/check/:track',
    auth: 'none',
    body: QrCheckRequest,
    response: OkFlag,
  }),
  qrAdd: endpoint({ method: 'POST', path: '/qr/add', auth: 'none', body: QrAddRequest, response: Ok }),

  // 5.24 Hall layout (R92): documented in docs/hall-layout.md.
  layoutPublic: endpoint({ method: 'GET', path: '/layout', auth: 'none', response: Layout }),
  layoutGet: endpoint({ method: 'GET', path: '/admin/layout', auth: 'admin', response: Layout }),
  layoutPlanGet: endpoint({
    method: 'GET',
    path: '/admin/layout/plan',
    auth: 'admin',
    response: LayoutPlanAnswer,
  }),
  layoutReplace: endpoint({
    method: 'PUT',
    path: '/admin/layout',
    auth: 'admin',
    body: LayoutRequest,
    response: Ok,
  }),
  layoutCsv: endpoint({
    method: 'POST',
    path: '/admin/layout/csv',
    auth: 'admin',
    multipart: true,
    response: LayoutImportResult,
  }),

  // Operations (docs/operations.md): a consistent SQLite snapshot as a file download.
  adminBackup: endpoint({ method: 'GET', path: '/admin/backup', auth: 'admin' }),

  // Results and deliberation (docs/api-extensions.md): prize odds, judges' reliability, tracks.
  adminResults: endpoint({ method: 'GET', path: '/admin/results', auth: 'admin', response: Results }),
  exportResults: endpoint({ method: 'GET', path: '/admin/export/results', auth: 'admin' }),
  // Command center (docs/api-extensions.md): progress projection, email status, code hand-back.
  adminProgress: endpoint({ method: 'GET', path: '/admin/progress', auth: 'admin', response: Progress }),
  // Judges' pace and visits (docs/api-extensions.md, issue 24).
  judgesPace: endpoint({ method: 'GET', path: '/admin/judge/pace', auth: 'admin', response: JudgesPace }),
  judgeVisits: endpoint({
    method: 'GET',
    path: '/admin/judge/:id/visits',
    auth: 'admin',
    response: JudgeVisits,
  }),
  judgeVisitEnd: endpoint({
    method: 'GET',
    path: '/judge/visit/:id',
    auth: 'judge',
    response: JudgeVisitEnd,
  }),
  // Undo, the organizer's correction, and feedback (docs/api-extensions.md, issue 35).
  judgeUndoable: endpoint({ method: 'GET', path: '/judge/undo', auth: 'judge', response: JudgeUndo }),
  judgeUndo: endpoint({
    method: 'POST',
    path: '/judge/undo',
    auth: 'judge',
    body: JudgeUndoRequest,
    response: JudgeUndone,
  }),
  judgeViewRemove: endpoint({
    method: 'DELETE',
    path: '/admin/judge/:id/views/:project',
    auth: 'admin',
    response: Ok,
  }),
  feedback: endpoint({ method: 'GET', path: '/admin/feedback', auth: 'admin', response: FeedbackList }),
  feedbackHidden: endpoint({
    method: 'PUT',
    path: '/admin/feedback/:judge/:project',
    auth: 'admin',
    body: FeedbackHiddenRequest,
    response: Ok,
  }),
  adminEmail: endpoint({ method: 'GET', path: '/admin/email', auth: 'admin', response: EmailStatus }),
  qrAddCode: endpoint({
    method: 'POST',
    path: '/qr/add/code',
    auth: 'none',
    body: QrAddRequest,
    response: QrAddCodeResponse,
  }),
  // Teams (issue 24, docs/api-extensions.md): the status page, its alert, table cards, the floor view.
  teamStatus: endpoint({ method: 'GET', path: '/team/:code', auth: 'none', response: TeamStatus }),
  teamAlert: endpoint({ method: 'POST', path: '/team/:code/alert', auth: 'none', response: TeamAlertRaised }),
  teamCodes: endpoint({
    method: 'GET',
    path: '/admin/team-codes',
    auth: 'admin',
    response: z.array(TeamCode),
  }),
  teamCodeRegenerate: endpoint({
    method: 'POST',
    path: '/admin/project/:id/team-code',
    auth: 'admin',
    response: TeamCode,
  }),
  teamFloor: endpoint({ method: 'GET', path: '/admin/team-alerts', auth: 'admin', response: TeamFloor }),
  teamAlertDismiss: endpoint({
    method: 'POST',
    path: '/admin/team-alerts/:id/dismiss',
    auth: 'admin',
    response: Ok,
  }),
} as const;

export type Endpoints = typeof endpoints;
export type EndpointName = keyof Endpoints;
