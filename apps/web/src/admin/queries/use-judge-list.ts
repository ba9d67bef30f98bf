/** The judges with their codes (`GET /judge/list`), for the printable sheet of codes. */
import type { JudgeAdmin } from '@podium/protocol';
import { endpoints } from '@podium/protocol';
import { useEndpointQuery } from '../../queries/use-endpoint-query';
import { useQueryInvalidation } from '../../realtime/use-query-invalidation';

export type JudgeListState =
  { status: 'loading' } | { status: 'error'; error: string } | { status: 'ready'; judges: JudgeAdmin[] };

/** Read once on opening; `judges.changed` and reconnects refetch it. A failed refetch keeps the list. */
export function useJudgeList(): JudgeListState {
  const { data, error } = useEndpointQuery(endpoints.judgeList);
  useQueryInvalidation('admin', { 'judges.changed': [endpoints.judgeList, endpoints.loginProofs] });
  if (data) return { status: 'ready', judges: data };
  return error ? { status: 'error', error } : { status: 'loading' };
}
