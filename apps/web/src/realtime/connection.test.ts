import { afterEach, describe, expect, it, vi } from 'vitest';
import { setJudgeToken } from '../auth/cookies';
import {
  disconnect,
  dropIfCredentialsChanged,
  onCredentialsRefused,
  retryDelay,
  subscribe,
} from './connection';

/** What the connection module gave socket.io-client: the handshake's auth callback, per socket. */
interface OpenedSocket {
  handshake: () => void;
  disconnect: ReturnType<typeof vi.fn>;
  connect: ReturnType<typeof vi.fn>;
  /** Calls the module's listeners of a socket event, as socket.io-client would. */
  emit: (name: string, payload: unknown) => void;
}
const opened: OpenedSocket[] = [];

// A real socket would need a server; here only what the handshake sends and what gets closed.
vi.mock('socket.io-client', () => ({
  io: (options: { auth: (send: (auth: unknown) => void) => void }) => {
    const listeners: [string, (payload: unknown) => void][] = [];
    const socket = {
      on: vi.fn((name: string, listener: (payload: unknown) => void) => listeners.push([name, listener])),
      off: vi.fn(),
      disconnect: vi.fn(),
      connect: vi.fn(),
      connected: false,
      // A handshake turned down leaves the socket inactive: socket.io-client does not retry it.
      active: false,
    };
    opened.push({
      handshake: () => options.auth(() => {}),
      disconnect: socket.disconnect,
      connect: socket.connect,
      emit: (name, payload) =>
        listeners.filter(([n]) => n === name).forEach(([, listener]) => listener(payload)),
    });
    return socket;
  },
}));

afterEach(() => {
  disconnect('judge');
  opened.splice(0);
  vi.useRealTimers();
  vi.restoreAllMocks();
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

describe('a handshake the server turns down (issue 32)', () => {
  it('stops after `unauthorized` until the credentials change, and says so once', () => {
    vi.useFakeTimers();
    setJudgeToken('judge-a');
    const refused = vi.fn();
    onCredentialsRefused('judge', refused);
    opened[0]!.handshake();
    opened[0]!.emit('connect_error', new Error('unauthorized'));
    vi.advanceTimersByTime(10 * 60_000);
    expect(opened[0]!.connect).not.toHaveBeenCalled();
    expect(refused).toHaveBeenCalledOnce();
    subscribe('judge', {});
    expect(opened).toHaveLength(1); // the same credentials would be refused again

    setJudgeToken('judge-b'); // a new login
    subscribe('judge', {});
    expect(opened).toHaveLength(2);
  });

  it('retries a handshake turned down for now, waiting longer each time', () => {
    vi.useFakeTimers();
    vi.spyOn(Math, 'random').mockReturnValue(0.5); // no randomization
    setJudgeToken('judge-a');
    subscribe('judge', {});
    const [socket] = opened;
    const retries: number[] = [];
    for (let attempt = 0; attempt < 6; attempt++) {
      socket!.emit('connect_error', new Error('rate limited'));
      const before = socket!.connect.mock.calls.length;
      let waited = 0;
      while (socket!.connect.mock.calls.length === before) {
        vi.advanceTimersByTime(100);
        waited += 100;
      }
      retries.push(waited);
    }
    expect(retries).toEqual([1000, 2000, 4000, 8000, 10_000, 10_000]);
  });
});

describe('retryDelay', () => {
  it("doubles from socket.io's reconnectionDelay up to its max, randomized by half", () => {
    expect([0, 1, 2, 3, 4, 10].map((attempt) => retryDelay(attempt, 0.5))).toEqual([
      1000, 2000, 4000, 8000, 10_000, 10_000,
    ]);
    expect(retryDelay(0, 0)).toBe(500);
    expect(retryDelay(10, 1)).toBe(15_000);
  });
});
