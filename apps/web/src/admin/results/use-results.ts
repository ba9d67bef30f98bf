/**
 * The Results view's server state (GET /admin/results) as a query, and its one write (R10's batch
 * prioritize). Live like the dashboard: the events that change judgments, judges, flags or tracks
 * refetch it, and so does every reconnect; Options (deliberation) follow as on the settings page
 * (useLiveOptions). A 401 (the session ended) goes to the login page.
 */
import { endpoints, type CriteriaScores, type Results } from '@podium/protocol';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useNavigate } from 'react-router-dom';
import { callApi } from '../../api/client';
import { endpointKey } from '../../queries/query-client';
import { useEndpointQuery } from '../../queries/use-endpoint-query';
import { useQueryInvalidation } from '../../realtime/use-query-invalidation';
import { useLiveOptions } from '../settings/use-live-options';

export interface ResultsState {
  results: Results | null;
  /** The criteria's calibrated scores (issue 34); null until loaded, or without criteria. */
  criteria: CriteriaScores | null;
  /** Deliberation is on (options): the view drops what only helps while judges still look. */
  deliberation: boolean;
  /** The last refresh's failure; the last good results stay shown. */
  error: string;
  /** Sets `prioritized` on `ids` (R10, R62); the failure's text, or '' on success. */
  prioritize: (ids: readonly string[]) => Promise<string>;
}

const RESULTS_STALE_ON = [endpoints.adminResults, endpoints.criteriaScores];

export function useResults(): ResultsState {
  const client = useQueryClient();
  const navigate = useNavigate();
  const { data, error, failedStatus } = useEndpointQuery(endpoints.adminResults);
  // Deliberation hides the contenders' marks (ResultsBody); it comes as its own event.
  useLiveOptions();
  const deliberation = useEndpointQuery(endpoints.options).data?.deliberation ?? false;
  const criteria = useEndpointQuery(endpoints.criteriaScores).data;
  useQueryInvalidation('admin', {
    'projects.changed': RESULTS_STALE_ON,
    'judges.changed': RESULTS_STALE_ON,
    'flags.changed': RESULTS_STALE_ON,
    'options.changed': RESULTS_STALE_ON,
  });

  useEffect(() => {
    if (failedStatus === 401) void navigate('/admin/login', { replace: true });
  }, [failedStatus, navigate]);

  const prioritize = async (ids: readonly string[]) => {
    const result = await callApi(endpoints.projectPrioritizeBatch, {
      body: { items: [...ids], prioritize: true },
    });
    // The notice does not wait for the refetch: on a busy server the draws can take a while.
    void client.invalidateQueries({ queryKey: endpointKey(endpoints.adminResults) });
    return result.error;
  };

  return {
    results: data ?? null,
    criteria: criteria !== undefined && criteria.criteria.length > 0 ? criteria : null,
    deliberation,
    error: failedStatus === 401 ? '' : error,
    prioritize,
  };
}
