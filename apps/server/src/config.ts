/**
 * Configuration from the environment (API.md §7), read once at start.
 */
import { chmodSync, existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { networkInterfaces, type NetworkInterfaceInfo } from 'node:os';
import { join, resolve } from 'node:path';
import {
  CLOCK_BACKUP_INTERVAL_MS,
  DEFAULT_ADMIN_GUARD_BURST,
  DEFAULT_ADMIN_GUARD_PER_MIN,
  DEFAULT_EVENT_NAME,
  DEFAULT_LOGIN_GUARD_BURST,
  DEFAULT_LOGIN_GUARD_PER_MIN,
} from '@podium/protocol';
import { isPostgresUrl } from './db/location.js';
import { generatedPassword } from './util/secrets.js';

export interface Config {
  port: number;
  host: string;
  /** Absolute path of the data directory (database and generated admin password). */
  dataDir: string;
  /**
   * ADMIN_PASSWORD, or with SQLite the one generated into DATA_DIR. Undefined with PostgreSQL and
   * no ADMIN_PASSWORD: the password is the salted hash kept in the database (R97).
   */
  adminPassword: string | undefined;
  eventName: string;
  /** Public base URL without a trailing slash, if set. */
  publicUrl: string | undefined;
  smtpUrl: string | undefined;
  mailFrom: string | undefined;
  trustProxy: boolean;
  /** R70c: failed judge-code logins from all addresses let through per minute, sustained; 0 = off. */
  loginGuardPerMin: number;
  /** R70c: ... and let through at once before the sustained rate applies (docs/security.md). */
  loginGuardBurst: number;
  /** Failed admin authentications from all addresses let through per minute, sustained; 0 = off. */
  adminGuardPerMin: number;
  /** ... and let through at once (at least 1: the organizer must be able to log in). */
  adminGuardBurst: number;
  /** Send Strict-Transport-Security (only behind HTTPS; docs/operations.md). */
  hsts: boolean;
  /** R40: how often the running clock is backed up with `clock_sync` on (tests shorten it). */
  clockBackupIntervalMs: number;
  /** R95: a `postgres://` URL keeps the event in PostgreSQL; unset, SQLite in `dataDir`. */
  databaseUrl?: string;
}

/** The environment variables without the admin password, which needs the data directory. */
export type EnvConfig = Omit<Config, 'adminPassword'> & { adminPasswordFromEnv: string | undefined };

export const ADMIN_PASSWORD_FILE = 'admin-password';
export const DATABASE_FILE = 'podium.db';

const nonEmpty = (value: string | undefined) => (value === undefined || value === '' ? undefined : value);
const isOn = (value: string | undefined) => value === 'true' || value === '1';

/** A whole number ≥ `min` from the environment, or the default when unset. */
function countFromEnv(name: string, value: string | undefined, fallback: number, min = 0): number {
  if (value === undefined || value.trim() === '') return fallback;
  const count = Number(value);
  if (!Number.isInteger(count) || count < min) {
    throw new Error(`${name} must be a whole number (${min} or more), got ${JSON.stringify(value)}`);
  }
  return count;
}

/** Pure: environment → typed settings with the defaults of API.md §7. */
export function readEnv(env: NodeJS.ProcessEnv, cwd = process.cwd()): EnvConfig {
  const port = env.PORT === undefined || env.PORT === '' ? 8000 : Number(env.PORT);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new Error(`PORT must be an integer between 0 and 65535, got ${JSON.stringify(env.PORT)}`);
  }
  const databaseUrl = nonEmpty(env.DATABASE_URL?.trim());
  if (databaseUrl !== undefined && !isPostgresUrl(databaseUrl)) {
    throw new Error('DATABASE_URL must be a postgres:// or postgresql:// URL (unset: SQLite in DATA_DIR)');
  }
  const publicUrl = nonEmpty(env.PUBLIC_URL?.trim());
  if (publicUrl !== undefined && !URL.canParse(publicUrl)) {
    throw new Error(`PUBLIC_URL must be an absolute URL, got ${JSON.stringify(publicUrl)}`);
  }
  return {
    port,
    host: nonEmpty(env.HOST) ?? '0.0.0.0',
    dataDir: resolve(cwd, nonEmpty(env.DATA_DIR) ?? './data'),
    adminPasswordFromEnv: nonEmpty(env.ADMIN_PASSWORD),
    eventName: nonEmpty(env.EVENT_NAME) ?? DEFAULT_EVENT_NAME,
    publicUrl: publicUrl?.replace(/\/+$/, ''),
    smtpUrl: nonEmpty(env.SMTP_URL),
    mailFrom: nonEmpty(env.MAIL_FROM),
    trustProxy: isOn(env.TRUST_PROXY),
    loginGuardPerMin: countFromEnv(
      'LOGIN_GUARD_PER_MIN',
      env.LOGIN_GUARD_PER_MIN,
      DEFAULT_LOGIN_GUARD_PER_MIN,
    ),
    loginGuardBurst: countFromEnv('LOGIN_GUARD_BURST', env.LOGIN_GUARD_BURST, DEFAULT_LOGIN_GUARD_BURST),
    adminGuardPerMin: countFromEnv(
      'ADMIN_GUARD_PER_MIN',
      env.ADMIN_GUARD_PER_MIN,
      DEFAULT_ADMIN_GUARD_PER_MIN,
    ),
    adminGuardBurst: countFromEnv('ADMIN_GUARD_BURST', env.ADMIN_GUARD_BURST, DEFAULT_ADMIN_GUARD_BURST, 1),
    hsts: isOn(env.HSTS),
    clockBackupIntervalMs: countFromEnv(
      'CLOCK_BACKUP_INTERVAL_MS',
      env.CLOCK_BACKUP_INTERVAL_MS,
      CLOCK_BACKUP_INTERVAL_MS,
      1,
    ),
    databaseUrl,
  };
}

/**
 * The admin password: ADMIN_PASSWORD when set; otherwise the one stored in
 * DATA_DIR/admin-password, generated (mode 0600) and announced through `announce` on the first
 * start only.
 */
export function resolveAdminPassword(
  dataDir: string,
  fromEnv: string | undefined,
  announce: (password: string, file: string) => void,
): string {
  if (fromEnv !== undefined) return fromEnv;
  const file = join(dataDir, ADMIN_PASSWORD_FILE);
  if (existsSync(file)) {
    const stored = readFileSync(file, 'utf8').trim();
    if (stored !== '') return stored;
  }
  mkdirSync(dataDir, { recursive: true });
  const password = generatedPassword();
  writeFileSync(file, `${password}\n`, { mode: 0o600 });
  chmodSync(file, 0o600);
  announce(password, file);
  return password;
}

/**
 * DATA_DIR holds judges' codes, tokens, notes and maybe the admin password: only the server's
 * user may read it. New files are private through the umask main.ts sets; this closes what an
 * older version (or a copy) left open: the folder 0700, the files in it 0600, folders 0700.
 */
export function secureDataDir(dataDir: string): void {
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  chmodSync(dataDir, 0o700);
  for (const entry of readdirSync(dataDir, { withFileTypes: true })) {
    if (entry.isFile()) chmodSync(join(dataDir, entry.name), 0o600);
    else if (entry.isDirectory()) chmodSync(join(dataDir, entry.name), 0o700);
  }
}

/** Below this many characters a chosen admin password is warned about at start (issue 22). */
export const ADMIN_PASSWORD_MIN_LENGTH = 12;

/**
 * A warning when ADMIN_PASSWORD is short: the admin guard slows guessing from many addresses,
 * but a short password is still the weakest link. Generated passwords are 32 characters.
 */
export function shortAdminPasswordWarning(fromEnv: string | undefined): string | undefined {
  if (fromEnv === undefined || [...fromEnv].length >= ADMIN_PASSWORD_MIN_LENGTH) return undefined;
  return `WARNING: ADMIN_PASSWORD is shorter than ${ADMIN_PASSWORD_MIN_LENGTH} characters; anyone who reaches the server can try to guess it. Use a longer one, or unset it to have one generated.`;
}

/** The warning of API.md §7 when PUBLIC_URL is plain HTTP on a non-local host, else undefined. */
export function insecurePublicUrlWarning(publicUrl: string | undefined): string | undefined {
  if (publicUrl === undefined) return undefined;
  const url = new URL(publicUrl);
  const local = url.hostname === 'localhost' || url.hostname === '127.0.0.1';
  if (url.protocol !== 'http:' || local) return undefined;
  return 'WARNING: PUBLIC_URL is not HTTPS; judge codes, tokens and the admin password will travel unencrypted. Use HTTPS for a real event.';
}

/**
 * Where phones open Podium, said at the start: a first event runs from a laptop, and the address
 * the start shows (`localhost`) opens nothing on a judge's phone. PUBLIC_URL when set; else, when
 * the server listens on every interface, this machine's IPv4 addresses on its networks (the venue's
 * Wi-Fi), leaving out the virtual ones no phone reaches (VIRTUAL_INTERFACE) unless there is no other.
 * Undefined when neither.
 */
/**
 * Interfaces of containers, virtual machines and VPNs (Docker's `docker0` and `br-…`, libvirt,
 * VirtualBox, VMware, Podman, WSL's `vEthernet`, WireGuard, Tailscale, ZeroTier, tunnels): a
 * laptop with Docker listed `172.17.0.1` beside the Wi-Fi's address, which opens nothing on a phone.
 */
const VIRTUAL_INTERFACE =
  /^(docker|br-|veth|virbr|vboxnet|vmnet|podman|cni|flannel|lxcbr|lxdbr|tun|tap|utun|wg|tailscale|zt)|^vEthernet|VirtualBox|VMware/i;

export function phonesLine(
  { host, publicUrl }: Pick<Config, 'host' | 'publicUrl'>,
  port: number,
  interfaces: NodeJS.Dict<NetworkInterfaceInfo[]> = networkInterfaces(),
): string | undefined {
  if (publicUrl !== undefined) return `Phones open it at ${publicUrl}`;
  if (host !== '0.0.0.0' && host !== '::') return undefined;
  const networks = Object.entries(interfaces).flatMap(([name, infos]) =>
    (infos ?? []).filter((info) => info.family === 'IPv4' && !info.internal).map((info) => ({ name, info })),
  );
  const reachable = networks.filter(({ name }) => !VIRTUAL_INTERFACE.test(name));
  const addresses = (reachable.length > 0 ? reachable : networks).map(
    ({ info }) => `http://${info.address}:${port}`,
  );
  if (addresses.length === 0) return undefined;
  return (
    `Phones on this computer's network open it at ${addresses.join(' or ')} ` +
    '(plain HTTP: fine for a rehearsal; a real event needs HTTPS, docs/operations.md section 4)'
  );
}

/**
 * Reads the whole configuration. With SQLite it generates the admin password into DATA_DIR if
 * needed; with PostgreSQL nothing is written there (R95) and a missing password is the database's
 * to keep (R97, at start).
 */
export function loadConfig(
  env: NodeJS.ProcessEnv,
  announce: (password: string, file: string) => void,
): Config {
  const { adminPasswordFromEnv, ...rest } = readEnv(env);
  const adminPassword =
    rest.databaseUrl === undefined
      ? resolveAdminPassword(rest.dataDir, adminPasswordFromEnv, announce)
      : adminPasswordFromEnv;
  return { ...rest, adminPassword };
}
