import { useLocation } from 'react-router-dom';
import { challengeFromPath } from '../logic/links';
import { ExpoBrowse } from '../components/ExpoBrowse';
import { ExpoDisplay } from '../components/ExpoDisplay';
import { ExpoPrintView } from '../components/ExpoPrintView';
import { useExpoLive } from '../hooks/use-expo-live';

/**
 * `/expo` and `/expo/:track`: the public list of projects and their tables, filtered by the
 * challenge in the path. `?display=true` is the lobby screen, `?print=true` the paper version.
 */
export function ExpoPage() {
  const { pathname, search } = useLocation();
  const query = new URLSearchParams(search);
  const challenge = challengeFromPath(pathname);
  useExpoLive();

  if (query.get('display') === 'true') return <ExpoDisplay challenge={challenge} />;
  if (query.get('print') === 'true') return <ExpoPrintView challenge={challenge} />;
  return <ExpoBrowse challenge={challenge} />;
}
