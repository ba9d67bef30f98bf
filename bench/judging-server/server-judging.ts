/**
 * The real server as the judging of bench/judging's expo (`Judging`, expo.ts): `buildApp` on a
 * fresh SQLite file, listening on a loopback port, with a clock this process sets to the expo's
 * minute before every request. The event is set up through the admin routes (projects, judges,
 * the hall layout when the scenario gives it to the engine, the judging clock started) and the
 * judges act through their own routes (login, next, skip, finish, rank), over HTTP, one request
 * at a time in the expo's time order. Nothing waits on the wall clock, so a loaded machine
 * changes how long a run takes, never what it measures.
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import {
  DEFAULT_ADMIN_GUARD_BURST,
  DEFAULT_ADMIN_GUARD_PER_MIN,
  type JudgeAdmin,
  type Next,
  type Project,
} from '@podium/protocol';
import { buildApp } from '../../apps/server/src/app.js';
import type { Expo, Judging, SimJudge, SimProject } from '../judging/expo.js';

const ADMIN_PASSWORD = 'bench-judging-server';
const ADMIN_AUTH = `Basic ${Buffer.from(`admin:${ADMIN_PASSWORD}`).toString('base64')}`;
/** Minute 0 of the expo on the server's clock. */
const EXPO_START_MS = Date.UTC(2026, 10, 28, 10, 0, 0);
/** Logins of every judge from one address within one minute of the virtual clock (R70). */
const LOGINS_PER_MINUTE = 1000;

export class ServerJudging implements Judging {
  /** The server breaks its own ties; this stream only orders the checkpoints' ties. */
  readonly tieBreak: () => number;
  requests = 0;
  requestMs = 0;
  private readonly tokens = new Map<string, string>();
  private readonly serverIds = new Map<string, string>();
  private readonly simIds = new Map<string, string>();

  private constructor(
    private readonly base: string,
    /** The server's clock, in epoch ms. */
    private readonly clock: { ms: number },
    private readonly close: () => Promise<void>,
    tieBreak: () => number,
  ) {
    this.tieBreak = tieBreak;
  }

  /**
   * A server on a new data folder (SQLite) or on `databaseUrl` (an empty PostgreSQL database),
   * with the expo's event set up through its admin routes.
   */
  static async start(expo: Expo, tieBreak: () => number, databaseUrl?: string): Promise<ServerJudging> {
    const dataDir = mkdtempSync(join(tmpdir(), 'podium-bench-judging-'));
    const clock = { ms: EXPO_START_MS };
    const app = await buildApp(
      {
        port: 0,
        host: '127.0.0.1',
        dataDir,
        adminPassword: ADMIN_PASSWORD,
        eventName: 'bench:judging-server',
        publicUrl: undefined,
        smtpUrl: undefined,
        mailFrom: undefined,
        trustProxy: false,
        loginGuardPerMin: 0,
        loginGuardBurst: 0,
        adminGuardPerMin: DEFAULT_ADMIN_GUARD_PER_MIN,
        adminGuardBurst: DEFAULT_ADMIN_GUARD_BURST,
        hsts: false,
        clockBackupIntervalMs: 60_000,
        databaseUrl,
      },
      { webRoot: null, now: () => clock.ms },
    );
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as AddressInfo;
    const server = new ServerJudging(
      `http://127.0.0.1:${port}/api`,
      clock,
      async () => {
        await app.close();
        rmSync(dataDir, { recursive: true, force: true });
      },
      tieBreak,
    );
    try {
      await server.setUp(expo);
    } catch (error) {
      await server.stop();
      throw error;
    }
    return server;
  }

  async stop(): Promise<void> {
    await this.close();
  }

  async next(judge: SimJudge, minute: number): Promise<string | undefined> {
    const next = await this.asJudge<Next>(judge, minute, '/judge/next');
    return 'project_id' in next ? this.simIds.get(next.project_id) : undefined;
  }

  async skippedAbsent(judge: SimJudge, _project: SimProject, minute: number): Promise<void> {
    await this.asJudge(judge, minute, '/judge/skip', { reason: 'absent' });
  }

  async finished(judge: SimJudge, _project: SimProject, starred: boolean, minute: number): Promise<void> {
    await this.asJudge(judge, minute, '/judge/finish', { starred });
    await this.asJudge(judge, minute, '/judge/rank', {
      ranking: judge.rankings.map((id) => this.serverIds.get(id)),
    });
  }

  private async setUp(expo: Expo): Promise<void> {
    const { scenario, projects, judges, hall } = expo;
    await this.request('POST', '/admin/max-reqs', ADMIN_AUTH, { max_req_per_min: LOGINS_PER_MINUTE });
    if (scenario.engineKnowsLayout === true) {
      await this.request('PUT', '/admin/layout', ADMIN_AUTH, { tables: hall.slice(0, projects.length) });
    }
    // Added one by one, projects take tables 1..P in order (R45), as the expo numbers them.
    for (const project of projects) {
      await this.request('POST', '/project/new', ADMIN_AUTH, { name: `Project ${project.location}` });
    }
    for (const project of await this.request<Project[]>('GET', '/project/list', ADMIN_AUTH)) {
      const simId = `p${project.location}`;
      this.serverIds.set(simId, project.id);
      this.simIds.set(project.id, simId);
    }
    for (const judge of judges) {
      await this.request('POST', '/judge/new', ADMIN_AUTH, {
        name: `Judge ${judge.id}`,
        email: `${judge.id}@bench.example`,
        no_send: true,
      });
    }
    const codes = new Map(
      (await this.request<JudgeAdmin[]>('GET', '/judge/list', ADMIN_AUTH)).map((j) => [j.email, j.code]),
    );
    for (const judge of judges) {
      const code = codes.get(`${judge.id}@bench.example`);
      const { token } = await this.request<{ token: string }>('POST', '/judge/login', undefined, { code });
      this.tokens.set(judge.id, token);
    }
    await this.request('POST', '/admin/clock/unpause', ADMIN_AUTH);
  }

  private async asJudge<T>(judge: SimJudge, minute: number, path: string, body: unknown = {}): Promise<T> {
    this.clock.ms = EXPO_START_MS + Math.round(minute * 60_000); // whole ms, as Date.now
    // As the judge's phone sends them (R91): the write and its kept answer in one transaction.
    return await this.request<T>('POST', path, `Bearer ${this.tokens.get(judge.id) ?? ''}`, body, {
      'idempotency-key': randomUUID(),
    });
  }

  private async request<T>(
    method: string,
    path: string,
    authorization?: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ): Promise<T> {
    const started = performance.now();
    const response = await fetch(`${this.base}${path}`, {
      method,
      headers: {
        ...headers,
        ...(authorization !== undefined && { authorization }),
        ...(body !== undefined && { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    this.requests += 1;
    this.requestMs += performance.now() - started;
    if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${text}`);
    return JSON.parse(text) as T;
  }
}
