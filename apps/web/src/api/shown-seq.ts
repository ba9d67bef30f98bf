/**
 * How old the server state this tab shows may be: the lowest `SEQ_HEADER` of the API answers it
 * received (docs/api-extensions.md, "Catching up at the first connect"). A portal's first
 * handshake sends it as `since`, and the server sends back the events the page's reads missed:
 * a change made between those reads and the socket's first connect is shown like any other.
 * Reconnects need none of this: they refetch everything (API.md 6.2).
 */
import { SEQ_HEADER } from '@podium/protocol';

export class ShownSeq {
  private lowest: number | undefined;

  /** Takes the `SEQ_HEADER` of an answer (absent on writes and on other servers' answers). */
  note(headers: Pick<Headers, 'get'>): void {
    const seq = Number(headers.get(SEQ_HEADER) ?? Number.NaN);
    if (Number.isSafeInteger(seq) && seq >= 0 && (this.lowest === undefined || seq < this.lowest)) {
      this.lowest = seq;
    }
  }

  /** The `since` of a first handshake; undefined before any read answered. */
  since(): number | undefined {
    return this.lowest;
  }
}

/** One per tab, like the tab's sockets (realtime/connection.ts). */
export const shownSeq = new ShownSeq();
