/**
 * The Results view's server state (GET /admin/results) and its one write (R10's batch
 * prioritize). Kept in this one hook, over the api client, so it moves to a TanStack query and a
 * mutation without touching the components. Live like the dashboard: the events that change
 * judgments, judges, flags or tracks refetch, and so does every (re)connect.
 */
import { endpoints, type Results } from '@podium/protocol';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { callApi } from '../../../api/client';
import { useRealtime } from '../../../realtime/use-realtime';

export interface ResultsState {
  results: Results | null;
  /** The last refresh's failure; the last good results stay shown. */
  error: string;
  refresh: () => Promise<void>;
  /** Sets `prioritized` on `ids` (R10, R62); the failure's text, or '' on success. */
  prioritize: (ids: readonly string[]) => Promise<string>;
}

export function useResults(): ResultsState {
  const [results, setResults] = useState<Results | null>(null);
  const [error, setError] = useState('');
  const navigate = useNavigate();
  // Answers can arrive out of order; only the latest request's answer is shown.
  const latest = useRef(0);

  const refresh = useCallback(async () => {
    const request = ++latest.current;
    const result = await callApi(endpoints.adminResults);
    if (request !== latest.current) return;
    if (result.status === 401) {
      void navigate('/admin/login', { replace: true });
      return;
    }
    if (result.data) setResults(result.data);
    setError(result.error);
  }, [navigate]);

  const prioritize = useCallback(
    async (ids: readonly string[]) => {
      const result = await callApi(endpoints.projectPrioritizeBatch, {
        body: { items: [...ids], prioritize: true },
      });
      await refresh();
      return result.error;
    },
    [refresh],
  );

  useEffect(() => {
    void refresh();
  }, [refresh]);

  const refetch = () => void refresh();
  useRealtime(
    'admin',
    {
      'projects.changed': refetch,
      'judges.changed': refetch,
      'flags.changed': refetch,
      'options.changed': refetch,
    },
    refetch,
  );

  return { results, error, refresh, prioritize };
}
