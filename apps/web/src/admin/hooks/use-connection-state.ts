import { useCallback, useSyncExternalStore } from 'react';
import {
  connectionState,
  onConnectionStateChange,
  type ConnectionState,
  type Portal,
} from '../../realtime/connection';

/** The portal's socket state, re-rendering on each change (the admin's banner and poll read it). */
export function useConnectionState(portal: Portal): ConnectionState {
  const subscribe = useCallback((changed: () => void) => onConnectionStateChange(portal, changed), [portal]);
  return useSyncExternalStore(subscribe, () => connectionState(portal));
}
