/** The judges with their codes (`GET /judge/list`), for the printable sheet of codes. */
import type { JudgeAdmin } from '@podium/protocol';
import { endpoints } from '@podium/protocol';
import { useEffect, useState } from 'react';
import { callApi } from '../../api/client';

export type JudgeListState =
  { status: 'loading' } | { status: 'error'; error: string } | { status: 'ready'; judges: JudgeAdmin[] };

export function useJudgeList(): JudgeListState {
  const [state, setState] = useState<JudgeListState>({ status: 'loading' });
  useEffect(() => {
    const controller = new AbortController();
    void callApi(endpoints.judgeList, { signal: controller.signal }).then((result) => {
      if (controller.signal.aborted) return;
      setState(
        result.data ? { status: 'ready', judges: result.data } : { status: 'error', error: result.error },
      );
    });
    return () => controller.abort();
  }, []);
  return state;
}
