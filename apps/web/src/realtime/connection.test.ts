import { afterEach, describe, expect, it, vi } from 'vitest';
import { setJudgeToken } from '../auth/cookies';
import { disconnect, dropIfCredentialsChanged, subscribe } from './connection';

/** What the connection module gave socket.io-client: the handshake's auth callback, per socket. */
interface OpenedSocket {
  handshake: () => void;
  disconnect: ReturnType<typeof vi.fn>;
}
const opened: OpenedSocket[] = [];

// A real socket would need a server; here only what the handshake sends and what gets closed.
vi.mock('socket.io-client', () => ({
  io: (options: { auth: (send: (auth: unknown) => void) => void }) => {
    const socket = { on: vi.fn(), off: vi.fn(), disconnect: vi.fn(), connected: false, active: true };
    opened.push({ handshake: () => options.auth(() => {}), disconnect: socket.disconnect });
    return socket;
  },
}));

afterEach(() => {
  disconnect('judge');
  opened.splice(0);
});

describe('dropIfCredentialsChanged', () => {
  it("closes a judge socket whose handshake sent another judge's token (it sits in that judge's room)", () => {
    setJudgeToken('judge-a');
    subscribe('judge', {});
    opened[0]!.handshake();

    dropIfCredentialsChanged('judge');
    expect(opened[0]!.disconnect).not.toHaveBeenCalled();

    setJudgeToken('judge-b');
    dropIfCredentialsChanged('judge');
    expect(opened[0]!.disconnect).toHaveBeenCalledOnce();
    subscribe('judge', {});
    expect(opened).toHaveLength(2); // the next subscription opens a socket for judge B
  });

  it('keeps a socket that has not shaken hands yet: its handshake reads the new cookie', () => {
    setJudgeToken('judge-a');
    subscribe('judge', {});
    setJudgeToken('judge-b');
    dropIfCredentialsChanged('judge');
    expect(opened[0]!.disconnect).not.toHaveBeenCalled();
  });

  it('does nothing without a socket', () => {
    dropIfCredentialsChanged('judge');
    expect(opened).toHaveLength(0);
  });
});
