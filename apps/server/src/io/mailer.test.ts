/**
 * R75 login emails, against a real SMTP server (smtp-server on 127.0.0.1, port 0).
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { MockInstance } from 'vitest';
import { composeLoginEmail, Mailer } from './mailer.js';
import type { LoginEmailInput, MailerOptions } from './mailer.js';
import { closedPort, readMessage, startSmtp, type TestSmtp } from '../test-support/smtp.js';

const FROM = 'Podium <judging@example.org>';
const BASE = 'https://judging.example.org';

const judge = (overrides: Partial<LoginEmailInput> = {}): LoginEmailInput => ({
  name: 'Ada Lovelace',
  email: 'ada@example.org',
  code: '12345678',
  proof: 'Pr00f_-x',
  eventName: 'Test Hackathon Judging',
  baseUrl: BASE,
  ...overrides,
});

describe('composeLoginEmail (R75)', () => {
  it('has the subject, greeting, event name, code and login link in both bodies', () => {
    const email = composeLoginEmail(judge());
    expect(email.subject).toBe('Your judging code for Test Hackathon Judging');
    for (const body of [email.text, email.html]) {
      expect(body).toContain('Hello Ada Lovelace,');
      expect(body).toContain('Test Hackathon Judging');
      expect(body).toContain('12345678');
    }
    // The link carries the code's proof (it passes the guessing guard, docs/security.md).
    expect(email.text).toContain('https://judging.example.org/judge/login?code=12345678&proof=Pr00f_-x');
    expect(email.html).toContain(
      '<a href="https://judging.example.org/judge/login?code=12345678&amp;proof=Pr00f_-x"',
    );
  });

  it('HTML-escapes every caller-supplied string', () => {
    const email = composeLoginEmail(
      judge({
        name: '<script>alert("x")</script>',
        eventName: 'Hack & <Tell>',
        baseUrl: 'https://a.example/"x',
      }),
    );
    expect(email.html).not.toContain('<script>');
    expect(email.html).not.toContain('<Tell>');
    expect(email.html).toContain('Hello &lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;,');
    expect(email.html).toContain('Hack &amp; &lt;Tell&gt;');
    expect(email.html).toContain(
      'href="https://a.example/&quot;x/judge/login?code=12345678&amp;proof=Pr00f_-x"',
    );
    // Plain text is not markup: it keeps the name as typed.
    expect(email.text).toContain('Hello <script>alert("x")</script>,');
    expect(email.subject).toBe('Your judging code for Hack & <Tell>');
  });
});

describe('Mailer (R75)', () => {
  let smtp: TestSmtp | undefined;
  let mailer: Mailer | undefined;
  let stderr: MockInstance<typeof console.error>;
  let onDisabled: ReturnType<typeof vi.fn<(email: string) => Promise<void>>>;
  let onFailure: ReturnType<typeof vi.fn<(email: string, error: unknown) => Promise<void>>>;

  const makeMailer = (options: Partial<MailerOptions>) => {
    mailer = new Mailer({ onDisabled, onFailure, retryDelayMs: 5, ...options });
    return mailer;
  };

  beforeEach(() => {
    stderr = vi.spyOn(console, 'error').mockImplementation(() => {});
    onDisabled = vi.fn<(email: string) => Promise<void>>(async () => undefined);
    onFailure = vi.fn<(email: string, error: unknown) => Promise<void>>(async () => undefined);
  });

  afterEach(async () => {
    await mailer?.close();
    await smtp?.close();
    mailer = undefined;
    smtp = undefined;
    stderr.mockRestore();
  });

  it('delivers the login email: recipient, subject, code and link in text and HTML', async () => {
    smtp = await startSmtp();
    const m = makeMailer({ smtpUrl: smtp.url, mailFrom: FROM });
    expect(m.enabled).toBe(true);
    m.sendLoginEmail(judge());
    await m.idle();

    expect(smtp.received).toHaveLength(1);
    const [message] = smtp.received;
    expect(message?.rcptTo).toEqual(['ada@example.org']);
    const { headers, text, html } = readMessage(message?.raw ?? '');
    expect(headers.get('subject')).toBe('Your judging code for Test Hackathon Judging');
    expect(headers.get('to')).toContain('<ada@example.org>');
    expect(headers.get('from')).toBe(FROM);
    const link = 'https://judging.example.org/judge/login?code=12345678&proof=Pr00f_-x';
    expect(text).toContain('Hello Ada Lovelace,');
    expect(text).toContain('12345678');
    expect(text).toContain(link);
    expect(html).toContain('Hello Ada Lovelace,');
    expect(html).toContain('12345678');
    expect(html).toContain(`href="${link.replace('&', '&amp;')}"`);
    expect(onDisabled).not.toHaveBeenCalled();
    expect(onFailure).not.toHaveBeenCalled();
    expect(stderr).not.toHaveBeenCalled();
  });

  it('delivers a hostile name as escaped text in the HTML body', async () => {
    smtp = await startSmtp();
    const m = makeMailer({ smtpUrl: smtp.url, mailFrom: FROM });
    m.sendLoginEmail(judge({ name: '<script>alert(1)</script>', eventName: 'R&D <Jam>' }));
    await m.idle();

    const { headers, html, text } = readMessage(smtp.received[0]?.raw ?? '');
    expect(headers.get('subject')).toBe('Your judging code for R&D <Jam>');
    expect(html).not.toContain('<script>');
    expect(html).toContain('Hello &lt;script&gt;alert(1)&lt;/script&gt;,');
    expect(html).toContain('R&amp;D &lt;Jam&gt;');
    expect(text).toContain('Hello <script>alert(1)</script>,');
  });

  it.each([
    ['SMTP_URL is unset', { smtpUrl: undefined, mailFrom: FROM }],
    ['MAIL_FROM is unset', { mailFrom: undefined }],
    ['both are empty', { smtpUrl: '', mailFrom: '' }],
  ])('is disabled when %s: onDisabled once per message, nothing sent', async (_case, config) => {
    smtp = await startSmtp();
    const m = makeMailer({ smtpUrl: smtp.url, ...config });
    expect(m.enabled).toBe(false);
    m.sendLoginEmail(judge());
    m.sendLoginEmail(judge({ email: 'grace@example.org' }));
    await m.idle();

    expect(onDisabled.mock.calls).toEqual([['ada@example.org'], ['grace@example.org']]);
    expect(onFailure).not.toHaveBeenCalled();
    expect(smtp.received).toHaveLength(0);
  });

  it('keeps a throwing callback away from the caller', async () => {
    const m = makeMailer({
      onDisabled: () => {
        throw new Error('audit log is closed');
      },
    });
    expect(() => m.sendLoginEmail(judge())).not.toThrow();
    await m.idle();
    expect(stderr).toHaveBeenCalledWith(expect.stringContaining('audit log is closed'));
  });

  it('returns at once for an unreachable server, then calls onFailure once after every attempt', async () => {
    const port = await closedPort();
    const m = makeMailer({ smtpUrl: `smtp://127.0.0.1:${port}`, mailFrom: FROM, attempts: 3 });
    const started = performance.now();
    expect(() => m.sendLoginEmail(judge())).not.toThrow();
    // Generous bound: only the synchronous queueing runs here, never a connection attempt.
    expect(performance.now() - started).toBeLessThan(250);
    expect(onFailure).not.toHaveBeenCalled();

    await m.idle();
    expect(onFailure).toHaveBeenCalledTimes(1);
    expect(onFailure).toHaveBeenCalledWith('ada@example.org', expect.any(Error));
    expect(onDisabled).not.toHaveBeenCalled();
    // One stderr line per failed attempt, none in the audit log.
    expect(stderr).toHaveBeenCalledTimes(3);
    expect(stderr.mock.calls.map((call) => String(call[0]))).toEqual([
      expect.stringContaining('Login email to ada@example.org failed (attempt 1 of 3)'),
      expect.stringContaining('(attempt 2 of 3)'),
      expect.stringContaining('(attempt 3 of 3)'),
    ]);
  });

  it('retries after a rejected attempt and delivers once', async () => {
    smtp = await startSmtp({ rejectRcpt: 1 });
    const m = makeMailer({ smtpUrl: smtp.url, mailFrom: FROM });
    m.sendLoginEmail(judge());
    await m.idle();

    expect(smtp.received).toHaveLength(1);
    expect(smtp.received[0]?.rcptTo).toEqual(['ada@example.org']);
    expect(onFailure).not.toHaveBeenCalled();
    expect(stderr).toHaveBeenCalledTimes(1);
    expect(String(stderr.mock.calls[0]?.[0])).toContain('(attempt 1 of 3)');
  });

  it('gives up after the configured attempts when the server keeps rejecting', async () => {
    smtp = await startSmtp({ rejectRcpt: 2 });
    const m = makeMailer({ smtpUrl: smtp.url, mailFrom: FROM, attempts: 2 });
    m.sendLoginEmail(judge());
    await m.idle();

    expect(smtp.received).toHaveLength(0);
    expect(onFailure).toHaveBeenCalledTimes(1);
    expect(stderr).toHaveBeenCalledTimes(2);
  });

  it('delivers 50 messages over a few pooled connections and idle() resolves', async () => {
    smtp = await startSmtp();
    const m = makeMailer({ smtpUrl: smtp.url, mailFrom: FROM, maxConnections: 3 });
    const emails = Array.from({ length: 50 }, (_, i) => `judge${i}@example.org`);
    for (const [i, email] of emails.entries()) {
      m.sendLoginEmail(judge({ email, code: String(10000000 + i) }));
    }
    await m.idle();

    expect(smtp.received.flatMap((message) => message.rcptTo).sort()).toEqual([...emails].sort());
    expect(smtp.maxConcurrentConnections).toBeGreaterThan(0);
    expect(smtp.maxConcurrentConnections).toBeLessThanOrEqual(3);
    expect(onFailure).not.toHaveBeenCalled();
  });

  it('close() cuts a retry wait short and reports the failure once', async () => {
    const port = await closedPort();
    const m = makeMailer({ smtpUrl: `smtp://127.0.0.1:${port}`, mailFrom: FROM, retryDelayMs: 60_000 });
    m.sendLoginEmail(judge());
    await vi.waitFor(() => expect(stderr).toHaveBeenCalledTimes(1));

    const started = performance.now();
    await m.close();
    expect(performance.now() - started).toBeLessThan(1000);
    expect(onFailure).toHaveBeenCalledTimes(1);
    expect(stderr).toHaveBeenCalledTimes(1);

    // After close, a new message fails at once instead of being queued forever.
    m.sendLoginEmail(judge({ email: 'late@example.org' }));
    await m.idle();
    expect(onFailure).toHaveBeenLastCalledWith('late@example.org', expect.any(Error));
  });
});
