/**
 * The team code of the status page open in this tab (issue 24), which the `team` socket sends at
 * its handshake. Kept apart from `connection.ts` so the page sets it without loading socket.io.
 */
let code = '';

export function setTeamCode(next: string): void {
  code = next;
}

export function teamCode(): string {
  return code;
}
