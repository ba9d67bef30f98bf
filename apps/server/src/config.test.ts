import { existsSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { networkInterfaces } from 'node:os';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  insecurePublicUrlWarning,
  loadConfig,
  phonesLine,
  readEnv,
  resolveAdminPassword,
  shortAdminPasswordWarning,
} from './config.js';
import { tempDataDir } from './test-support/test-app.js';
import { ensureBuilt, startServer, stopServer } from './test-support/server-process.js';

const dirs: string[] = [];
const freshDir = () => {
  const dir = tempDataDir();
  dirs.push(dir);
  return dir;
};
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('readEnv (API.md §7)', () => {
  it('applies every default', () => {
    expect(readEnv({}, '/srv/podium')).toEqual({
      port: 8000,
      host: '0.0.0.0',
      dataDir: '/srv/podium/data',
      adminPasswordFromEnv: undefined,
      eventName: 'Test Hackathon Judging',
      publicUrl: undefined,
      smtpUrl: undefined,
      mailFrom: undefined,
      trustProxy: false,
      loginGuardPerMin: 6,
      loginGuardBurst: 120,
      adminGuardPerMin: 10,
      adminGuardBurst: 30,
      hsts: false,
      clockBackupIntervalMs: 600_000,
    });
  });

  it('reads every variable', () => {
    const config = readEnv(
      {
        PORT: '9001',
        HOST: '127.0.0.1',
        DATA_DIR: '/var/lib/podium',
        ADMIN_PASSWORD: 'pw',
        EVENT_NAME: 'HackX',
        PUBLIC_URL: 'https://judging.example.org/',
        SMTP_URL: 'smtp://localhost:2525',
        MAIL_FROM: 'Podium <j@example.org>',
        TRUST_PROXY: '1',
        LOGIN_GUARD_PER_MIN: '0',
        LOGIN_GUARD_BURST: '40',
        ADMIN_GUARD_PER_MIN: '0',
        ADMIN_GUARD_BURST: '5',
        HSTS: 'true',
        CLOCK_BACKUP_INTERVAL_MS: '500',
      },
      '/ignored',
    );
    expect(config).toEqual({
      port: 9001,
      host: '127.0.0.1',
      dataDir: '/var/lib/podium',
      adminPasswordFromEnv: 'pw',
      eventName: 'HackX',
      publicUrl: 'https://judging.example.org',
      smtpUrl: 'smtp://localhost:2525',
      mailFrom: 'Podium <j@example.org>',
      trustProxy: true,
      loginGuardPerMin: 0,
      loginGuardBurst: 40,
      adminGuardPerMin: 0,
      adminGuardBurst: 5,
      hsts: true,
      clockBackupIntervalMs: 500,
    });
  });

  it.each(['-1', '2.5', 'many'])('refuses LOGIN_GUARD_PER_MIN=%s', (value) => {
    expect(() => readEnv({ LOGIN_GUARD_PER_MIN: value })).toThrow(
      `LOGIN_GUARD_PER_MIN must be a whole number (0 or more), got "${value}"`,
    );
  });

  it.each(['-1', '2.5', 'many'])('refuses ADMIN_GUARD_PER_MIN=%s', (value) => {
    expect(() => readEnv({ ADMIN_GUARD_PER_MIN: value })).toThrow(
      `ADMIN_GUARD_PER_MIN must be a whole number (0 or more), got "${value}"`,
    );
  });

  it.each(['0', '-1', 'all'])(
    'refuses ADMIN_GUARD_BURST=%s: the organizer must be able to log in',
    (value) => {
      expect(() => readEnv({ ADMIN_GUARD_BURST: value })).toThrow(
        `ADMIN_GUARD_BURST must be a whole number (1 or more), got "${value}"`,
      );
    },
  );

  it.each(['0', '-5', '1.5'])('refuses CLOCK_BACKUP_INTERVAL_MS=%s', (value) => {
    expect(() => readEnv({ CLOCK_BACKUP_INTERVAL_MS: value })).toThrow(
      `CLOCK_BACKUP_INTERVAL_MS must be a whole number (1 or more), got "${value}"`,
    );
  });

  it('resolves a relative DATA_DIR against the working directory', () => {
    expect(readEnv({ DATA_DIR: 'state' }, '/srv').dataDir).toBe('/srv/state');
  });

  it.each([
    ['true', true],
    ['1', true],
    ['TRUE', false],
    ['yes', false],
    ['0', false],
  ])('TRUST_PROXY=%s is %s', (value, expected) => {
    expect(readEnv({ TRUST_PROXY: value }).trustProxy).toBe(expected);
  });

  it('treats empty values as unset', () => {
    const config = readEnv({ PORT: '', ADMIN_PASSWORD: '', EVENT_NAME: '', SMTP_URL: '' });
    expect(config.port).toBe(8000);
    expect(config.adminPasswordFromEnv).toBeUndefined();
    expect(config.eventName).toBe('Test Hackathon Judging');
    expect(config.smtpUrl).toBeUndefined();
  });

  it('refuses a PORT that is not a port number', () => {
    expect(() => readEnv({ PORT: 'http' })).toThrow(/PORT must be an integer/);
    expect(() => readEnv({ PORT: '70000' })).toThrow(/PORT must be an integer/);
  });

  it('takes a PostgreSQL DATABASE_URL (R95), with or without ADMIN_PASSWORD (R97), and refuses any other', () => {
    const url = 'postgres://podium:secret@db.internal:5432/podium';
    expect(readEnv({ DATABASE_URL: url, ADMIN_PASSWORD: 'p' }).databaseUrl).toBe(url);
    expect(readEnv({ DATABASE_URL: 'postgresql://db/podium', ADMIN_PASSWORD: 'p' }).databaseUrl).toBe(
      'postgresql://db/podium',
    );
    expect(() => readEnv({ DATABASE_URL: 'mysql://db/podium', ADMIN_PASSWORD: 'p' })).toThrow(
      /DATABASE_URL must be a postgres/,
    );
    expect(readEnv({ DATABASE_URL: url }).adminPasswordFromEnv).toBeUndefined();
    expect(readEnv({ DATABASE_URL: ' ' }).databaseUrl).toBeUndefined();
  });

  it('refuses a PUBLIC_URL that is not an absolute URL', () => {
    expect(() => readEnv({ PUBLIC_URL: 'judging.example.org' })).toThrow(/PUBLIC_URL/);
  });
});

describe('resolveAdminPassword', () => {
  it('generates a strong password once, stores it with mode 0600 and announces it once', () => {
    const dir = freshDir();
    const announce = vi.fn();
    const first = resolveAdminPassword(dir, undefined, announce);
    expect(first.length).toBeGreaterThanOrEqual(20);
    expect(announce).toHaveBeenCalledTimes(1);
    expect(announce).toHaveBeenCalledWith(first, join(dir, 'admin-password'));
    const file = join(dir, 'admin-password');
    expect(readFileSync(file, 'utf8').trim()).toBe(first);
    expect(statSync(file).mode & 0o777).toBe(0o600);

    const second = resolveAdminPassword(dir, undefined, announce);
    expect(second).toBe(first);
    expect(announce).toHaveBeenCalledTimes(1);
  });

  it('prefers ADMIN_PASSWORD over the stored file and announces nothing', () => {
    const dir = freshDir();
    writeFileSync(join(dir, 'admin-password'), 'stored\n');
    const announce = vi.fn();
    expect(resolveAdminPassword(dir, 'from-env', announce)).toBe('from-env');
    expect(announce).not.toHaveBeenCalled();
  });

  it('generates different passwords for different data directories', () => {
    const a = resolveAdminPassword(freshDir(), undefined, () => {});
    const b = resolveAdminPassword(freshDir(), undefined, () => {});
    expect(a).not.toBe(b);
  });

  it('loadConfig combines the environment and the password', () => {
    const dir = freshDir();
    const config = loadConfig({ DATA_DIR: dir, ADMIN_PASSWORD: 'x:y' }, () => {});
    expect(config.adminPassword).toBe('x:y');
    expect(config.dataDir).toBe(dir);
  });

  it('with DATABASE_URL and no ADMIN_PASSWORD, leaves the password to the database and writes nothing (R97)', () => {
    const dir = join(freshDir(), 'data');
    const announce = vi.fn();
    const config = loadConfig({ DATA_DIR: dir, DATABASE_URL: 'postgres://db/podium' }, announce);
    expect(config.adminPassword).toBeUndefined();
    expect(announce).not.toHaveBeenCalled();
    expect(existsSync(dir)).toBe(false);
  });
});

describe('shortAdminPasswordWarning', () => {
  it('warns for a chosen password under 12 characters, not for a long or a generated one', () => {
    expect(shortAdminPasswordWarning('hunter2')).toMatch(
      /^WARNING: ADMIN_PASSWORD is shorter than 12 characters/,
    );
    expect(shortAdminPasswordWarning('elevenchars')).toBeDefined();
    expect(shortAdminPasswordWarning('twelve chars')).toBeUndefined();
    // Characters, not UTF-16 units: 12 emoji are 12 characters.
    expect(shortAdminPasswordWarning('🎉'.repeat(12))).toBeUndefined();
    expect(shortAdminPasswordWarning(undefined)).toBeUndefined();
  });
});

describe('insecurePublicUrlWarning', () => {
  it('warns for plain HTTP on a public host only', () => {
    expect(insecurePublicUrlWarning('http://judging.example.org')).toMatch(
      /^WARNING: PUBLIC_URL is not HTTPS/,
    );
    expect(insecurePublicUrlWarning('https://judging.example.org')).toBeUndefined();
    expect(insecurePublicUrlWarning('http://localhost:8000')).toBeUndefined();
    expect(insecurePublicUrlWarning('http://127.0.0.1:8000')).toBeUndefined();
    expect(insecurePublicUrlWarning(undefined)).toBeUndefined();
  });
});

describe('phonesLine', () => {
  const info = (address: string, family: 'IPv4' | 'IPv6', internal = false) => ({
    address,
    family,
    internal,
    netmask: '',
    mac: '',
    cidr: null,
    ...(family === 'IPv6' && { scopeid: 0 }),
  });
  const laptop = {
    lo: [info('127.0.0.1', 'IPv4', true), info('::1', 'IPv6', true)],
    wlan0: [info('192.168.1.23', 'IPv4'), info('fe80::1', 'IPv6')],
    eth1: [info('10.0.0.5', 'IPv4')],
  } as Parameters<typeof phonesLine>[2];

  it("names this computer's IPv4 addresses on its networks when the server listens on all of them", () => {
    expect(phonesLine({ host: '0.0.0.0', publicUrl: undefined }, 8000, laptop)).toBe(
      "Phones on this computer's network open it at http://192.168.1.23:8000 or http://10.0.0.5:8000 " +
        '(plain HTTP: fine for a rehearsal; a real event needs HTTPS, docs/operations.md section 4)',
    );
    expect(phonesLine({ host: '::', publicUrl: undefined }, 8000, laptop)).toContain(
      'http://192.168.1.23:8000',
    );
  });

  it('names PUBLIC_URL when set, and nothing when phones have no address to open', () => {
    expect(phonesLine({ host: '127.0.0.1', publicUrl: 'https://judging.example.org' }, 8000, laptop)).toBe(
      'Phones open it at https://judging.example.org',
    );
    expect(phonesLine({ host: '127.0.0.1', publicUrl: undefined }, 8000, laptop)).toBeUndefined();
    expect(phonesLine({ host: '0.0.0.0', publicUrl: undefined }, 8000, { lo: laptop?.lo })).toBeUndefined();
  });

  it('leaves out the addresses of containers, virtual machines and VPNs, unless there is no other', () => {
    const virtual = {
      docker0: [info('172.17.0.1', 'IPv4')],
      'br-3f2a9c1d7e4b': [info('172.18.0.1', 'IPv4')],
      veth1a2b3c: [info('169.254.10.1', 'IPv4')],
      virbr0: [info('192.168.122.1', 'IPv4')],
      tailscale0: [info('100.101.102.103', 'IPv4')],
      utun3: [info('10.8.0.2', 'IPv4')],
      wg0: [info('10.9.0.2', 'IPv4')],
      'vEthernet (WSL)': [info('172.25.96.1', 'IPv4')],
      'VirtualBox Host-Only Network': [info('192.168.56.1', 'IPv4')],
    } as Parameters<typeof phonesLine>[2];
    expect(phonesLine({ host: '0.0.0.0', publicUrl: undefined }, 8000, { ...laptop, ...virtual })).toContain(
      'open it at http://192.168.1.23:8000 or http://10.0.0.5:8000 (plain HTTP',
    );
    // A machine whose only network looks virtual (a VPN-only server) still says it.
    expect(
      phonesLine({ host: '0.0.0.0', publicUrl: undefined }, 8000, { lo: laptop?.lo, wg0: virtual?.wg0 }),
    ).toContain('open it at http://10.9.0.2:8000 (plain HTTP');
  });
});

describe('what the built server prints at start', () => {
  it('names a short ADMIN_PASSWORD and a plain-HTTP PUBLIC_URL, and says nothing of a long one over HTTPS', async () => {
    ensureBuilt();
    const warned = await startServer(freshDir(), 'hunter2', {
      env: { PUBLIC_URL: 'http://judging.example.org' },
    });
    await stopServer(warned);
    const output = warned.output.join('');
    expect(output).toContain('WARNING: ADMIN_PASSWORD is shorter than 12 characters');
    expect(output).toContain('WARNING: PUBLIC_URL is not HTTPS');

    const quiet = await startServer(freshDir(), 'a long enough password', {
      env: { PUBLIC_URL: 'https://judging.example.org' },
    });
    await stopServer(quiet);
    expect(quiet.output.join('')).not.toContain('WARNING');
    expect(quiet.output.join('')).toContain('Phones open it at https://judging.example.org\n');
  }, 60_000);

  it("names the addresses phones open on this computer's network when it listens on all of them", async () => {
    ensureBuilt();
    const server = await startServer(freshDir(), 'a long enough password', { env: { HOST: '0.0.0.0' } });
    await stopServer(server);
    const port = new URL(server.url).port;
    const lan = Object.values(networkInterfaces())
      .flatMap((infos) => infos ?? [])
      .filter((info) => info.family === 'IPv4' && !info.internal);
    const output = server.output.join('');
    // A machine on no network has no address to name.
    if (lan.length === 0) expect(output).not.toContain('Phones');
    else expect(output).toMatch(/^Phones on this computer's network open it at http:\/\//m);
    for (const { address } of lan) expect(output).toContain(`http://${address}:${port}`);
  }, 60_000);
});
