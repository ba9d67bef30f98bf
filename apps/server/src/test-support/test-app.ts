/**
 * A real app on a fresh SQLite file in a temporary folder, or on a fresh database of the test
 * PostgreSQL server (`PODIUM_TEST_ENGINE=postgres`), with a controllable clock.
 * Tests talk to it through `app.inject` (or listen on port 0 for sockets).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import {
  CLOCK_BACKUP_INTERVAL_MS,
  DEFAULT_ADMIN_GUARD_BURST,
  DEFAULT_ADMIN_GUARD_PER_MIN,
  type JudgeAdmin,
  type Project,
} from '@podium/protocol';
import type BetterSqlite3 from 'better-sqlite3';
import { buildApp, type AppOptions } from '../app.js';
import { SqliteDatabase } from '../db/sqlite.js';
import type { Engine } from '../db/database.js';
import { dropDatabase, freshDatabaseUrl } from './postgres-server.js';
import type { Config } from '../config.js';
import { snapshot } from './seed.js';

export const TEST_ADMIN_PASSWORD = 'correct horse: battery';

/** `AppOptions.inPlace` that sends every import and export to its worker, whatever its size. */
export const IN_WORKERS = { exportRowsBelow: 0, importBytesBelow: 0 } as const;

export interface TestClock {
  now: () => number;
  advance: (ms: number) => void;
  set: (ms: number) => void;
}

export function testClock(start = Date.UTC(2026, 10, 22, 9, 0, 0)): TestClock {
  let time = start;
  return {
    now: () => time,
    advance: (ms) => {
      time += ms;
    },
    set: (ms) => {
      time = ms;
    },
  };
}

export function testConfig(dataDir: string, overrides: Partial<Config> = {}): Config {
  return {
    port: 0,
    host: '127.0.0.1',
    dataDir,
    adminPassword: TEST_ADMIN_PASSWORD,
    eventName: 'Test Hackathon Judging',
    publicUrl: undefined,
    smtpUrl: undefined,
    mailFrom: undefined,
    trustProxy: false,
    loginGuardPerMin: 6,
    loginGuardBurst: 120,
    adminGuardPerMin: DEFAULT_ADMIN_GUARD_PER_MIN,
    adminGuardBurst: DEFAULT_ADMIN_GUARD_BURST,
    hsts: false,
    clockBackupIntervalMs: CLOCK_BACKUP_INTERVAL_MS,
    ...overrides,
  };
}

/** The SQLite connection under an app, for tests that read or write it directly. */
export function sqliteOf(app: FastifyInstance): BetterSqlite3.Database {
  if (!(app.db instanceof SqliteDatabase)) throw new Error('this test reads SQLite directly');
  return app.db.sqlite;
}

export function tempDataDir(): string {
  return mkdtempSync(join(tmpdir(), 'podium-test-'));
}

export function basicAuth(password: string, user = 'admin'): string {
  return `Basic ${Buffer.from(`${user}:${password}`, 'utf8').toString('base64')}`;
}

/** Requests as one judge, with its bearer token. */
export type JudgeClient = ((options: InjectOptions) => Promise<LightMyRequestResponse>) & { token: string };

export interface TestApp {
  app: FastifyInstance;
  clock: TestClock;
  dataDir: string;
  /** Injects with the admin's Basic credentials. */
  admin: (options: InjectOptions) => Promise<LightMyRequestResponse>;
  /** Injects as the admin a request that must answer 200 (its body in the failure). */
  adminOk: (options: InjectOptions) => Promise<LightMyRequestResponse>;
  /** Adds a project through the API and returns its ID. */
  addProject: (body: Record<string, unknown>) => Promise<string>;
  /** Adds a judge through the API (no email unless `no_send: false`) and returns its ID. */
  addJudge: (body: Record<string, unknown>) => Promise<string>;
  projects: () => Promise<Project[]>;
  judges: () => Promise<JudgeAdmin[]>;
  /** The audit log text. */
  log: () => Promise<string>;
  /** Logs the judge in with its code (`POST /judge/login`); returns an injector with its token. */
  loginAs: (judgeId: string) => Promise<JudgeClient>;
  /**
   * Sends a request (the admin's, or `as` a judge's) that must be refused with `status` and
   * `error`, and change nothing.
   */
  refused: (options: InjectOptions, status: number, error: string, as?: JudgeClient) => Promise<void>;
  /** Closes the app and removes its storage (unless it was given one). */
  close: () => Promise<void>;
}

/** The storage engine of test apps: `PODIUM_TEST_ENGINE=postgres` runs them on the test PostgreSQL. */
export function testEngine(): Engine {
  return process.env.PODIUM_TEST_ENGINE === 'postgres' ? 'postgres' : 'sqlite';
}

/**
 * Where test apps keep the event: a data folder and, on PostgreSQL, a fresh database on the test
 * server. Apps opened on one storage one after another are restarts of one server; `remove()`
 * deletes it (a `dataDir` given by the caller stays: it is the caller's).
 */
export interface TestStorage {
  dataDir: string;
  /** The PostgreSQL database; undefined on SQLite (the file in `dataDir`). */
  databaseUrl: string | undefined;
  remove: () => Promise<void>;
}

export async function testStorage(options: { engine?: Engine; dataDir?: string } = {}): Promise<TestStorage> {
  const dataDir = options.dataDir ?? tempDataDir();
  const databaseUrl = (options.engine ?? testEngine()) === 'postgres' ? await freshDatabaseUrl() : undefined;
  return {
    dataDir,
    databaseUrl,
    remove: async () => {
      if (databaseUrl !== undefined) await dropDatabase(databaseUrl);
      if (options.dataDir === undefined) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * Storage on a PostgreSQL database the test itself made (an event moved or restored into it):
 * `remove()` deletes the folder it made, never the database.
 */
export function onDatabase(databaseUrl: string, dataDir?: string): TestStorage {
  const folder = dataDir ?? tempDataDir();
  return {
    dataDir: folder,
    databaseUrl,
    remove: async () => {
      if (dataDir === undefined) rmSync(folder, { recursive: true, force: true });
    },
  };
}

/**
 * A test app on its own new storage, removed when it closes; or, with `storage`, on that one
 * (a restart), which it leaves for the next app.
 */
export async function createTestApp(
  options: {
    config?: Partial<Config>;
    app?: AppOptions;
    dataDir?: string;
    engine?: Engine;
    storage?: TestStorage;
  } = {},
): Promise<TestApp> {
  const storage = options.storage ?? (await testStorage(options));
  const { dataDir } = storage;
  const clock = testClock();
  const config = testConfig(dataDir, { databaseUrl: storage.databaseUrl, ...options.config });
  const app = await buildApp(config, { webRoot: null, now: clock.now, checkResponses: true, ...options.app });
  // Without a given password (R97 tests) `admin` sends an empty one: such tests log in themselves.
  const adminAuth = basicAuth(config.adminPassword ?? '');
  const admin = (inject: InjectOptions) =>
    app.inject({ ...inject, headers: { authorization: adminAuth, ...inject.headers } });
  const created = async (url: string, payload: Record<string, unknown>) => {
    const res = await admin({ method: 'POST', url, payload });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ id: string }>().id;
  };
  return {
    app,
    clock,
    dataDir,
    admin,
    addProject: (body) => created('/api/project/new', body),
    addJudge: (body) => created('/api/judge/new', { no_send: true, ...body }),
    projects: async () => (await admin({ method: 'GET', url: '/api/project/list' })).json<Project[]>(),
    judges: async () => (await admin({ method: 'GET', url: '/api/judge/list' })).json<JudgeAdmin[]>(),
    log: async () => (await admin({ method: 'GET', url: '/api/admin/log' })).json<{ log: string }>().log,
    loginAs: async (judgeId) => {
      const judges = (await admin({ method: 'GET', url: '/api/judge/list' })).json<JudgeAdmin[]>();
      const code = judges.find((j) => j.id === judgeId)?.code;
      const res = await app.inject({ method: 'POST', url: '/api/judge/login', payload: { code } });
      expect(res.statusCode, res.body).toBe(200);
      const { token } = res.json<{ token: string }>();
      const client = (inject: InjectOptions) =>
        app.inject({ ...inject, headers: { authorization: `Bearer ${token}`, ...inject.headers } });
      return Object.assign(client, { token });
    },
    adminOk: async (inject) => {
      const res = await admin(inject);
      expect(res.statusCode, res.body).toBe(200);
      return res;
    },
    refused: async (inject, status, error, as) => {
      const before = await snapshot(app);
      const res = await (as ?? admin)(inject);
      expect(res.json()).toEqual({ error });
      expect(res.statusCode).toBe(status);
      expect(await snapshot(app)).toBe(before);
    },
    close: async () => {
      await app.close();
      if (options.storage === undefined) await storage.remove();
    },
  };
}
