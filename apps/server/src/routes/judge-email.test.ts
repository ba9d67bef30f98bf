/** R75 end to end: adding judges over HTTP sends login emails through a real SMTP server. */
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { JudgeAdmin, QrCode } from '@podium/protocol';
import { multipart } from '../test-support/multipart.js';
import { closedPort, readMessage, startSmtp, type TestSmtp } from '../test-support/smtp.js';
import { createTestApp, type TestApp } from '../test-support/test-app.js';

const MAIL_FROM = 'Podium <judging@example.org>';
let t: TestApp | undefined;
let smtp: TestSmtp | undefined;
afterEach(async () => {
  await t?.close();
  await smtp?.close();
  vi.restoreAllMocks();
});

const codeOf = async (app: TestApp, email: string) =>
  (await app.admin({ method: 'GET', url: '/api/judge/list' }))
    .json<JudgeAdmin[]>()
    .find((j) => j.email === email)?.code;

describe('login emails', () => {
  it('sends the code and login link for a new judge, unless "do not send"', async () => {
    smtp = await startSmtp();
    t = await createTestApp({ config: { smtpUrl: smtp.url, mailFrom: MAIL_FROM, eventName: 'HackX' } });
    await t.admin({
      method: 'POST',
      url: '/api/judge/new',
      headers: { host: 'judging.example:8000' },
      payload: { name: 'Ada', email: 'ada@x.org' },
    });
    await t.admin({
      method: 'POST',
      url: '/api/judge/new',
      payload: { name: 'Bob', email: 'bob@x.org', no_send: true },
    });
    await t.app.services.mailer.idle();
    expect(smtp.received).toHaveLength(1);
    const [mail] = smtp.received;
    expect(mail?.rcptTo).toEqual(['ada@x.org']);
    const message = readMessage(mail?.raw ?? '');
    expect(message.headers.get('subject')).toBe('Your judging code for HackX');
    const code = await codeOf(t, 'ada@x.org');
    expect(message.text).toContain(code);
    expect(message.text).toContain(`http://judging.example:8000/judge/login?code=${code}`);
    expect(message.html).toContain(`http://judging.example:8000/judge/login?code=${code}`);
    expect(await t.log()).not.toContain('Email disabled');
  });

  it('the emailed link carries a proof that logs the judge in while the guessing guard refuses codes', async () => {
    smtp = await startSmtp();
    t = await createTestApp({
      config: { smtpUrl: smtp.url, mailFrom: MAIL_FROM, trustProxy: true, loginGuardBurst: 2 },
    });
    const app = t;
    await app.admin({ method: 'POST', url: '/api/judge/new', payload: { name: 'Ada', email: 'ada@x.org' } });
    await app.app.services.mailer.idle();
    const link =
      /http:\/\/\S+\/judge\/login\?\S+/.exec(readMessage(smtp.received[0]?.raw ?? '').text)?.[0] ?? '';
    const params = new URL(link).searchParams;
    expect(params.get('code')).toBe(await codeOf(app, 'ada@x.org'));
    expect(params.get('proof')).toMatch(/^[\w-]{22}$/);
    const login = (payload: Record<string, unknown>, address: string) =>
      app.app.inject({
        method: 'POST',
        url: '/api/judge/login',
        payload,
        headers: { 'x-forwarded-for': address },
      });
    for (const address of ['10.0.0.1', '10.0.0.2'])
      expect((await login({ code: '0' }, address)).statusCode).toBe(400);
    const code = params.get('code');
    expect((await login({ code }, '10.0.0.3')).statusCode).toBe(429);
    expect((await login({ code, proof: params.get('proof') }, '10.0.0.3')).statusCode).toBe(200);
  });

  it('emails every CSV row unless noSend, using PUBLIC_URL when set', async () => {
    smtp = await startSmtp();
    t = await createTestApp({
      config: { smtpUrl: smtp.url, mailFrom: MAIL_FROM, publicUrl: 'https://judging.example.org' },
    });
    const csv = 'Ada,ada@x.org\nBob,bob@x.org\n';
    await t.admin({
      method: 'POST',
      url: '/api/judge/csv',
      ...multipart({ noSend: 'true' }, { content: csv }),
    });
    await t.app.services.mailer.idle();
    expect(smtp.received).toHaveLength(0);
    await t.admin({
      method: 'POST',
      url: '/api/judge/csv',
      ...multipart({}, { content: 'Cy,cy@x.org\nDi,di@x.org\n' }),
    });
    await t.app.services.mailer.idle();
    expect(smtp.received.map((m) => m.rcptTo[0]).sort()).toEqual(['cy@x.org', 'di@x.org']);
    const code = await codeOf(t, 'cy@x.org');
    const cy = smtp.received.find((m) => m.rcptTo[0] === 'cy@x.org');
    expect(readMessage(cy?.raw ?? '').text).toContain(`https://judging.example.org/judge/login?code=${code}`);
  });

  it('emails only the judges a sheet uploaded again adds (skip_existing): those already here get no second one', async () => {
    smtp = await startSmtp();
    const app = (t = await createTestApp({ config: { smtpUrl: smtp.url, mailFrom: MAIL_FROM } }));
    const upload = (content: string, fields: Record<string, string> = {}) =>
      app.admin({ method: 'POST', url: '/api/judge/csv', ...multipart(fields, { content }) });
    await upload('Ada,ada@x.org\nBob,bob@x.org\n');
    await app.app.services.mailer.idle();
    expect(smtp.received).toHaveLength(2);
    const grown = await upload('Ada,ada@x.org\nBob,BOB@x.org\nCy,cy@x.org\n', { skip_existing: 'true' });
    expect(grown.json()).toEqual({ ok: 1, count: 1, skipped: 0, existing: 2 });
    await app.app.services.mailer.idle();
    expect(smtp.received.map((m) => m.rcptTo[0]).sort()).toEqual(['ada@x.org', 'bob@x.org', 'cy@x.org']);
  });

  it('always emails a QR self-add, with the base stored with the QR code', async () => {
    smtp = await startSmtp();
    t = await createTestApp({ config: { smtpUrl: smtp.url, mailFrom: MAIL_FROM } });
    const qr = (
      await t.admin({ method: 'POST', url: '/api/admin/qr', headers: { host: 'admin.example:9000' } })
    ).json<QrCode>();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/qr/add',
      headers: { host: 'attacker.example' },
      payload: { code: qr.qr_code, name: 'Eve', email: 'eve@x.org' },
    });
    expect(res.json()).toEqual({ ok: 1 });
    await t.app.services.mailer.idle();
    const code = await codeOf(t, 'eve@x.org');
    expect(readMessage(smtp.received[0]?.raw ?? '').text).toContain(
      `http://admin.example:9000/judge/login?code=${code}`,
    );
  });

  it('an unreachable SMTP server never fails or delays judge creation; the failure is logged', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    t = await createTestApp({
      config: { smtpUrl: `smtp://127.0.0.1:${await closedPort()}`, mailFrom: MAIL_FROM },
    });
    const res = await t.admin({
      method: 'POST',
      url: '/api/judge/new',
      payload: { name: 'Ada', email: 'ada@x.org' },
    });
    expect(res.statusCode).toBe(200);
    expect(await codeOf(t, 'ada@x.org')).toMatch(/^\d{8}$/);
    // The answer came before the sending gave up: it did not wait for the retries.
    expect(await t.log()).not.toContain('Failed to send login email');
    await t.app.services.mailer.idle();
    expect(await t.log()).toContain('SYSTEM | Failed to send login email to ada@x.org');
  });
});
