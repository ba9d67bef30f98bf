/**
 * Migrations, in order. Listed here (not read from a folder) so the compiled server and the
 * tests run exactly the same set.
 */
import type { Migration } from 'kysely/migration';
import * as initial from './001-initial.js';
import * as revisions from './002-revisions.js';
import * as idempotencyKeys from './003-idempotency-keys.js';
import * as adminSessions from './004-admin-sessions.js';
import * as hallLayout from './005-hall-layout.js';
import * as layoutPlan from './006-layout-plan.js';
import * as idempotencyKeysPerJudge from './007-idempotency-keys-per-judge.js';
import * as outbox from './008-outbox.js';
import * as loginLimits from './009-login-limits.js';
import * as teamCodes from './010-team-codes.js';
import * as judgeConflicts from './011-judge-conflicts.js';
import * as judgeReplacement from './012-judge-replacement.js';
import * as saidConflictsRefused from './013-said-conflicts-refused.js';
import * as adminLoginAddresses from './014-admin-login-addresses.js';
import * as criteria from './015-criteria.js';
import * as undoFeedback from './016-undo-feedback.js';

export const migrations: Record<string, Migration> = {
  '001-initial': initial,
  '002-revisions': revisions,
  '003-idempotency-keys': idempotencyKeys,
  '004-admin-sessions': adminSessions,
  '005-hall-layout': hallLayout,
  '006-layout-plan': layoutPlan,
  '007-idempotency-keys-per-judge': idempotencyKeysPerJudge,
  '008-outbox': outbox,
  '009-login-limits': loginLimits,
  '010-team-codes': teamCodes,
  '011-judge-conflicts': judgeConflicts,
  '012-judge-replacement': judgeReplacement,
  '013-said-conflicts-refused': saidConflictsRefused,
  '014-admin-login-addresses': adminLoginAddresses,
  '015-criteria': criteria,
  '016-undo-feedback': undoFeedback,
};
