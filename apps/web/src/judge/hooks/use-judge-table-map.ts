/**
 * What the judge's table map needs (R92, R94): the hall layout and the judge's previous table
 * (its last finished project), read again whenever the project changes. Judges get no
 * `layout.changed` event; the layout is read with each new project.
 */
import { endpoints, type LayoutTable } from '@podium/protocol';
import { useEffect, useState } from 'react';
import { callApi } from '../../api/client';

export interface JudgeTableMapData {
  tables: LayoutTable[];
  /** Table number of the judge's last finished project, null before the first. */
  previous: number | null;
}

export function useJudgeTableMap(projectId: string): JudgeTableMapData {
  const [data, setData] = useState<JudgeTableMapData>({ tables: [], previous: null });
  useEffect(() => {
    let current = true;
    void Promise.all([callApi(endpoints.layoutPublic), callApi(endpoints.judgeProjects)]).then(
      ([layout, seen]) => {
        if (!current) return;
        // Without the layout there is no map; without the history, no "last table".
        setData({
          tables: layout.data?.tables ?? [],
          previous: seen.data?.filter((p) => p.project_id !== projectId).at(-1)?.location ?? null,
        });
      },
    );
    return () => {
      current = false;
    };
  }, [projectId]);
  return data;
}
