/** PostgreSQL's migrations, in order (its history starts at SQLite's seventh, see 001-schema.ts). */
import type { Migration } from 'kysely/migration';
import * as schema from './001-schema.js';
import * as outbox from './002-outbox.js';
import * as loginLimits from './003-login-limits.js';
import * as teamCodes from './004-team-codes.js';
import * as judgeConflicts from './005-judge-conflicts.js';
import * as judgeReplacement from './006-judge-replacement.js';
import * as othersRevision from './007-others-revision.js';
import * as saidConflictsRefused from './008-said-conflicts-refused.js';
import * as adminLoginAddresses from './009-admin-login-addresses.js';
import * as noOthersRevision from './010-no-others-revision.js';
import * as criteria from './011-criteria.js';
import * as undoFeedback from './012-undo-feedback.js';
import * as statementRevisions from './013-statement-revisions.js';

export const postgresMigrations: Record<string, Migration> = {
  'pg-001-schema': schema,
  'pg-002-outbox': outbox,
  'pg-003-login-limits': loginLimits,
  'pg-004-team-codes': teamCodes,
  'pg-005-judge-conflicts': judgeConflicts,
  'pg-006-judge-replacement': judgeReplacement,
  'pg-007-others-revision': othersRevision,
  'pg-008-said-conflicts-refused': saidConflictsRefused,
  'pg-009-admin-login-addresses': adminLoginAddresses,
  'pg-010-no-others-revision': noOthersRevision,
  'pg-011-criteria': criteria,
  'pg-012-undo-feedback': undoFeedback,
  'pg-013-statement-revisions': statementRevisions,
};
