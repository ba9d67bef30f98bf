/**
 * The feedback page's writes (issue 35): hiding or showing one feedback, and the release switch
 * (Options `feedback_released`, set as the settings page sets `teams_may_leave`). Each shows its
 * answer in the kept list at once and refetches it; `feedback.changed` and `options.changed` follow.
 */
import type { FeedbackEntry } from '@podium/protocol';
import { endpoints } from '@podium/protocol';
import type { ApiResult } from '../../api/client';
import { callApi } from '../../api/client';
import { queryClient, updateKept } from '../../queries/query-client';
import { invalidate } from '../../realtime/use-query-invalidation';
import { notify } from '../../stores/notice.store';
import { actionErrorText } from '../dashboard/messages';
import { hiddenNotice } from '../logic/feedback';
import { settingsApi } from '../settings/settings-actions';

const refetchFeedback = () => void invalidate(queryClient, endpoints.feedback, true);

const sameFeedback = (a: FeedbackEntry, b: FeedbackEntry) =>
  a.judge_id === b.judge_id && a.project_id === b.project_id;

/** Hides one feedback from its team, or shows it again; says so in a notice either way. */
export async function setFeedbackHidden(entry: FeedbackEntry, hidden: boolean): Promise<void> {
  const result = await callApi(endpoints.feedbackHidden, {
    params: { judge: entry.judge_id, project: entry.project_id },
    body: { hidden },
  });
  if (!result.data) {
    notify.error(actionErrorText(result.status, result.error));
    return;
  }
  updateKept(endpoints.feedback, (list) => ({
    ...list,
    feedback: list.feedback.map((kept) => (sameFeedback(kept, entry) ? { ...kept, hidden } : kept)),
  }));
  notify.success(hiddenNotice(hidden));
  refetchFeedback();
}

/** The release switch: teams see their feedback (not hidden) from now on, or no longer. */
export async function releaseFeedback(released: boolean): Promise<ApiResult<unknown>> {
  const result = await settingsApi.updateOptions({ feedback_released: released });
  if (result.data) {
    updateKept(endpoints.feedback, (list) => ({ ...list, released }));
    refetchFeedback();
  }
  return result;
}
