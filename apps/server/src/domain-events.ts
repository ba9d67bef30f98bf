/**
 * What changed, as recorded by services inside a transaction. `realtime/` turns committed
 * events into the socket.io emissions of API.md §6 (audiences, order, coalescing).
 */
export type DomainEvent =
  | { kind: 'clock' }
  | { kind: 'deliberation' }
  /** `public`: multi_group or group_names changed, so the expo must refetch /group-info. */
  | { kind: 'options'; public: boolean }
  | { kind: 'flags' }
  /** `public`: the change is visible on the expo (added, edited, hidden, moved, deleted). */
  | { kind: 'projects'; public: boolean }
  | { kind: 'judges' }
  /** The hall layout was replaced (R92). */
  | { kind: 'layout' }
  | { kind: 'judge'; judgeId: string }
  /** The judge no longer exists: its sockets are disconnected. */
  | { kind: 'judge-deleted'; judgeId: string }
  /** An admin session was revoked (its token's digest): the sockets it opened are disconnected. */
  | { kind: 'admin-session-revoked'; tokenHash: string }
  | { kind: 'stats' }
  /** The judge-login guard started, changed or ended (R70c). */
  | { kind: 'login-guard' };
