import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { QrAddCodeResponse, QrCode } from '@podium/protocol';
import { createTestApp, TEST_ADMIN_PASSWORD, type TestApp } from '../test-support/test-app.js';
import { seedSettings, snapshot } from '../test-support/seed.js';
import { startSmtp } from '../test-support/smtp.js';
import { listen, openSocket, settle, until, type TestSocket } from '../test-support/sockets.js';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
  await seedSettings(t.app, { tracks: ['AI/ML', 'Health & Care', 'Ünï.code'] });
});
afterEach(async () => {
  await t.close();
});

const generate = async (track?: string) => {
  const url = track === undefined ? '/api/admin/qr' : `/api/admin/qr/${encodeURIComponent(track)}`;
  const res = await t.admin({ method: 'POST', url, headers: { host: 'judging.example:8000' } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<QrCode>();
};
const pub = (url: string, payload: Record<string, unknown>) => t.app.inject({ method: 'POST', url, payload });

describe('admin QR codes (R71, 4.10)', () => {
  it('has empty strings until a code is generated', async () => {
    expect((await t.admin({ method: 'GET', url: '/api/admin/qr' })).json()).toEqual({ qr_code: '', url: '' });
    expect((await t.admin({ method: 'GET', url: '/api/admin/qr/AI%2FML' })).json()).toEqual({
      qr_code: '',
      url: '',
    });
  });

  it('generates a random code with the link built from the admin request', async () => {
    const general = await generate();
    expect(general.qr_code).toMatch(/^[A-Za-z0-9]{16,}$/);
    expect(general.url).toBe(`http://judging.example:8000/add-self?code=${general.qr_code}&track=`);
    expect((await t.admin({ method: 'GET', url: '/api/admin/qr' })).json()).toEqual(general);

    const track = await generate('AI/ML');
    expect(track.url).toBe(`http://judging.example:8000/add-self?code=${track.qr_code}&track=AI%2FML`);
    expect(track.qr_code).not.toBe(general.qr_code);
    const text = await t.log();
    expect(text).toContain('ADMIN  | Generated QR code');
    expect(text).toContain('Generated QR code for track AI/ML');
  });

  it('works with track names holding spaces, dots, & and Unicode in the path', async () => {
    for (const name of ['Health & Care', 'Ünï.code']) {
      const code = await generate(name);
      const res = await t.admin({ method: 'GET', url: `/api/admin/qr/${encodeURIComponent(name)}` });
      expect(res.json()).toEqual(code);
    }
  });

  it('a regenerated code replaces the old one', async () => {
    const first = await generate();
    const second = await generate();
    expect(second.qr_code).not.toBe(first.qr_code);
    expect((await pub('/api/qr/check', { code: first.qr_code })).json()).toEqual({ ok: 0 });
    expect((await pub('/api/qr/check', { code: second.qr_code })).json()).toEqual({ ok: 1 });
  });

  it('404 for a track not in settings', async () => {
    for (const method of ['GET', 'POST'] as const) {
      const res = await t.admin({ method, url: '/api/admin/qr/Robotics' });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ error: 'track not found' });
    }
  });

  it('uses PUBLIC_URL for the link when set', async () => {
    await t.close();
    t = await createTestApp({ config: { publicUrl: 'https://judging.example.org' } });
    const code = await generate();
    expect(code.url).toBe(`https://judging.example.org/add-self?code=${code.qr_code}&track=`);
  });
});

describe('qr.changed (docs/api-extensions.md)', () => {
  const sockets: TestSocket[] = [];
  afterEach(() => {
    for (const socket of sockets.splice(0)) socket.close();
  });
  const qrChanges = (socket: TestSocket) => socket.names().filter((name) => name === 'qr.changed').length;

  it('tells the admin room of each code generated, general or a track, and no judge or visitor', async () => {
    const url = await listen(t);
    const judge = await t.loginAs(await t.addJudge({ name: 'Ada', email: 'ada@x.org' }));
    const [admin, ofJudge, visitor] = await Promise.all([
      openSocket(url, { admin_password: TEST_ADMIN_PASSWORD }),
      openSocket(url, { token: judge.token }),
      openSocket(url),
    ]);
    sockets.push(admin, ofJudge, visitor);
    await generate();
    await until(() => qrChanges(admin) === 1);
    await generate('AI/ML');
    await until(() => qrChanges(admin) === 2);
    expect(admin.events.find((event) => event.name === 'qr.changed')?.payload).toEqual({
      seq: expect.any(Number),
    });
    // Refused (a track not in settings): nothing changed, nothing is said.
    const refused = await t.admin({ method: 'POST', url: '/api/admin/qr/Nope' });
    expect(refused.statusCode).toBe(404);
    await settle();
    expect(qrChanges(admin)).toBe(2);
    expect(qrChanges(ofJudge)).toBe(0);
    expect(qrChanges(visitor)).toBe(0);
  });
});

describe('POST /qr/check (R72)', () => {
  it('never matches an empty submitted or stored code', async () => {
    expect((await pub('/api/qr/check', { code: '' })).json()).toEqual({ ok: 0 });
    expect((await pub('/api/qr/check', {})).json()).toEqual({ ok: 0 });
    const track = await generate('AI/ML');
    expect((await pub('/api/qr/check', { code: '' })).json()).toEqual({ ok: 0 });
    expect((await pub('/api/qr/check', { code: track.qr_code })).json()).toEqual({ ok: 0 });
    expect((await pub('/api/qr/check/AI%2FML', { code: track.qr_code })).json()).toEqual({ ok: 1 });
    expect((await pub('/api/qr/check/Robotics', { code: track.qr_code })).json()).toEqual({ ok: 0 });
    expect((await pub('/api/qr/check', { code: 5 })).json()).toEqual({ error: 'code must be a string' });
  });
});

describe('POST /qr/add (R73)', () => {
  it('adds a general judge with a balanced group, and logs it', async () => {
    const { qr_code } = await generate();
    const res = await pub('/api/qr/add', { code: qr_code, name: ' Ada ', email: 'ada@x.org' });
    expect(res.json()).toEqual({ ok: 1 });
    expect(await t.judges()).toEqual([
      expect.objectContaining({ name: 'Ada', email: 'ada@x.org', track: '', notes: '' }),
    ]);
    await t.app.services.mailer.idle();
    const text = await t.log();
    expect(text).toContain('ADMIN  | Added judge Ada (ada@x.org) from QR code');
    expect(text).toContain('SYSTEM | Email disabled, login email not sent to ada@x.org');
  });

  it('adds a track judge with the track code', async () => {
    const { qr_code } = await generate('AI/ML');
    await pub('/api/qr/add', { code: qr_code, name: 'Tia', email: 'tia@x.org', track: 'AI/ML' });
    expect((await t.judges())[0]?.track).toBe('AI/ML');
    expect(await t.log()).toContain('Added judge Tia (tia@x.org) from QR code, track AI/ML');
  });

  it.each([
    ['no code', {}, 'Code not found, please re-scan the QR code or ask an organizer.'],
    ['an empty code', { code: '' }, 'Code not found, please re-scan the QR code or ask an organizer.'],
    ['a wrong code', { code: 'WRONGCODE' }, 'Invalid code, please re-scan the QR code or ask an organizer.'],
    ['a code type error', { code: 1 }, 'code must be a string'],
  ])('refuses %s, changing nothing', async (_label, body, message) => {
    await generate();
    const before = await snapshot(t.app);
    const res = await pub('/api/qr/add', { name: 'Ada', email: 'ada@x.org', ...body });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: message });
    expect(await snapshot(t.app)).toBe(before);
  });

  it('refuses a code when none was ever generated, or for an unknown track', async () => {
    const invalid = 'Invalid code, please re-scan the QR code or ask an organizer.';
    expect((await pub('/api/qr/add', { code: 'anything', name: 'A', email: 'a@x.org' })).json()).toEqual({
      error: invalid,
    });
    const { qr_code } = await generate();
    expect(
      (await pub('/api/qr/add', { code: qr_code, name: 'A', email: 'a@x.org', track: 'Robotics' })).json(),
    ).toEqual({
      error: invalid,
    });
    expect(
      (await pub('/api/qr/add', { code: qr_code, name: 'A', email: 'a@x.org', track: 'AI/ML' })).json(),
    ).toEqual({
      error: invalid,
    });
  });

  it('checks name, email and duplicates after the code', async () => {
    const { qr_code } = await generate();
    expect((await pub('/api/qr/add', { code: qr_code, email: 'a@x.org' })).json()).toEqual({
      error: 'Name and email are required',
    });
    expect((await pub('/api/qr/add', { code: qr_code, name: 'A', email: 'a@' })).json()).toEqual({
      error: 'invalid email: a@',
    });
    await pub('/api/qr/add', { code: qr_code, name: 'A', email: 'a@x.org' });
    expect((await pub('/api/qr/add', { code: qr_code, name: 'B', email: 'A@X.org' })).json()).toEqual({
      error: 'a judge with this email already exists',
    });
  });
});

describe('POST /qr/add/code (docs/api-extensions.md)', () => {
  it('adds the judge like /qr/add and hands the code back while email is off', async () => {
    const { qr_code } = await generate();
    const res = await pub('/api/qr/add/code', { code: qr_code, name: 'Ada', email: 'ada@x.org' });
    expect(res.statusCode, res.body).toBe(200);
    const [judge] = await t.judges();
    expect(res.json()).toEqual({
      ok: 1,
      code: judge?.code,
      proof: t.app.services.loginLinks.proof(judge?.code ?? ''),
    });
    expect(judge).toMatchObject({ name: 'Ada', email: 'ada@x.org', track: '' });
    expect(await t.log()).toContain('ADMIN  | Added judge Ada (ada@x.org) from QR code');
    // The code it handed back logs the judge in.
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/judge/login',
      payload: { code: judge?.code },
    });
    expect(login.statusCode).toBe(200);
  });

  it('regression (issue 31 item 3): the code and proof it hands back log in while code logins are blocked', async () => {
    const { qr_code } = await generate();
    const { code, proof } = (
      await pub('/api/qr/add/code', { code: qr_code, name: 'Ada', email: 'ada@x.org' })
    ).json<QrAddCodeResponse>();
    await t.admin({ method: 'POST', url: '/api/admin/login-guard', payload: { action: 'block' } });
    const login = (payload: object) => t.app.inject({ method: 'POST', url: '/api/judge/login', payload });
    expect((await login({ code })).statusCode).toBe(429);
    expect((await login({ code, proof })).statusCode).toBe(200);
  });

  it.each([
    [
      'a wrong code',
      { code: 'WRONGCODE', name: 'A', email: 'a@x.org' },
      'Invalid code, please re-scan the QR code or ask an organizer.',
    ],
    [
      'an empty code',
      { code: '', name: 'A', email: 'a@x.org' },
      'Code not found, please re-scan the QR code or ask an organizer.',
    ],
    ['no name', { email: 'a@x.org' }, 'Name and email are required'],
    ['a bad email', { name: 'A', email: 'a@' }, 'invalid email: a@'],
  ])('refuses %s with the errors of /qr/add, changing nothing', async (_label, body, message) => {
    const { qr_code } = await generate();
    const before = await snapshot(t.app);
    const res = await pub('/api/qr/add/code', { code: qr_code, ...body });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: message });
    expect(await snapshot(t.app)).toBe(before);
  });
});

describe('POST /qr/add/code with email on', () => {
  it('answers code null: the code goes by email only', async () => {
    const smtp = await startSmtp();
    const mailing = await createTestApp({ config: { smtpUrl: smtp.url, mailFrom: 'judging@example.org' } });
    try {
      const created = await mailing.admin({ method: 'POST', url: '/api/admin/qr' });
      const { qr_code } = created.json<QrCode>();
      const res = await mailing.app.inject({
        method: 'POST',
        url: '/api/qr/add/code',
        payload: { code: qr_code, name: 'Ada', email: 'ada@x.org' },
      });
      expect(res.json()).toEqual({ ok: 1, code: null, proof: null });
      await mailing.app.services.mailer.idle();
      expect(smtp.received).toHaveLength(1);
    } finally {
      await mailing.close();
      await smtp.close();
    }
  });
});
