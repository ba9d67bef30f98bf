/**
 * Judge login emails (API.md R75): composing the message and sending it over SMTP in the
 * background, with retries. Knows nothing of HTTP or the audit log: the caller passes the base URL
 * and receives `onDisabled` / `onFailure` to write the SYSTEM lines of R77.
 */
import type { Transporter } from 'nodemailer';
import type SMTPPool from 'nodemailer/lib/smtp-pool/index.js';

/** What a login email says (R75). `baseUrl` has no trailing slash; the caller decides it. */
export interface LoginEmailInput {
  name: string;
  email: string;
  code: string;
  /** The code's login-link proof (services/login-links.ts), so the link passes the guessing guard. */
  proof: string;
  eventName: string;
  baseUrl: string;
}

export interface ComposedEmail {
  subject: string;
  text: string;
  html: string;
}

export interface MailerOptions {
  /** SMTP_URL (API.md §7). Email is enabled only when this and `mailFrom` are both set (R75). */
  smtpUrl?: string | undefined;
  /** MAIL_FROM (API.md §7), e.g. `Podium <judging@example.org>`. */
  mailFrom?: string | undefined;
  /** Called once per message when email is disabled: SYSTEM `Email disabled, login email not sent to <email>`. */
  onDisabled: (email: string) => Promise<void>;
  /** Called once per message after every attempt failed: SYSTEM `Failed to send login email to <email>`. */
  onFailure: (email: string, error: unknown) => Promise<void>;
  /** Attempts per message, first included. Default 3. */
  attempts?: number;
  /**
   * Wait before each retry, in ms: one value for every retry, or one per retry (the last repeats).
   * Default `[1000, 4000]`: a transient SMTP hiccup passes, a dead server fails within ~5 s.
   */
  retryDelayMs?: number | readonly number[];
  /** Pooled SMTP connections. Default 3, so a 500-judge CSV import does not open 500 connections. */
  maxConnections?: number;
  /** Connection, greeting and socket timeouts in ms. Default 10 s, so an unreachable server cannot hang a send. */
  timeoutMs?: number;
}

export const DEFAULT_ATTEMPTS = 3;
export const DEFAULT_RETRY_DELAY_MS: readonly number[] = [1000, 4000];
export const DEFAULT_MAX_CONNECTIONS = 3;
export const DEFAULT_SMTP_TIMEOUT_MS = 10_000;

const HTML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** Escapes text for HTML content and attribute values, so user text never becomes markup. */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (char) => HTML_ESCAPES[char] ?? char);
}

/** The login link of R75, with its proof: `<base>/judge/login?code=<code>&proof=<proof>`. */
export function loginLink(baseUrl: string, code: string, proof: string): string {
  return `${baseUrl}/judge/login?code=${encodeURIComponent(code)}&proof=${encodeURIComponent(proof)}`;
}

/**
 * Composes the judge login email of R75: subject `Your judging code for <EVENT_NAME>`, and plain text
 * and HTML bodies with a greeting by name, the event name, the code and the login link. Every
 * caller-supplied string is HTML-escaped in the HTML body.
 */
export function composeLoginEmail(input: LoginEmailInput): ComposedEmail {
  const { name, code, proof, eventName, baseUrl } = input;
  const link = loginLink(baseUrl, code, proof);
  const subject = `Your judging code for ${eventName}`;
  const text = [
    `Hello ${name},`,
    '',
    `You have been added as a judge for ${eventName}. Your judging code is:`,
    '',
    `    ${code}`,
    '',
    'Log in with this link:',
    link,
    '',
    'Keep this code to yourself: anyone who has it can judge as you.',
    '',
  ].join('\n');
  const html = [
    '<!DOCTYPE html>',
    '<html lang="en">',
    '<head>',
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${escapeHtml(subject)}</title>`,
    '</head>',
    '<body style="font-family: Arial, Helvetica, sans-serif; font-size: 16px; line-height: 1.5; color: #111111;">',
    `<p>Hello ${escapeHtml(name)},</p>`,
    `<p>You have been added as a judge for <strong>${escapeHtml(eventName)}</strong>. Your judging code is:</p>`,
    `<p style="font-family: 'Courier New', monospace; font-size: 32px; font-weight: bold; letter-spacing: 4px;">${escapeHtml(code)}</p>`,
    `<p><a href="${escapeHtml(link)}" style="font-size: 18px;">Log in to start judging</a></p>`,
    `<p>If the link does not open, copy this address into your browser:<br>${escapeHtml(link)}</p>`,
    '<p>Keep this code to yourself: anyone who has it can judge as you.</p>',
    '</body>',
    '</html>',
    '',
  ].join('\n');
  return { subject, text, html };
}

/**
 * Sends login emails in the background (R75). `sendLoginEmail` returns at once and never throws:
 * the judge is already committed, so a mail problem may only reach the audit log, through
 * `onDisabled` or `onFailure`, each called at most once per message.
 */
export class Mailer {
  /**
   * The SMTP pool, made for the first message: nodemailer is loaded only then, so a server that
   * sends no email never holds its code (docs/operations.md, "Memory").
   */
  private transport: Promise<Transporter<SMTPPool.SentMessageInfo>> | undefined;
  /** The pool's options; none when email is disabled. */
  private readonly smtpOptions: SMTPPool.Options | undefined;
  private readonly mailFrom: string;
  private readonly onDisabled: (email: string) => Promise<void>;
  private readonly onFailure: (email: string, error: unknown) => Promise<void>;
  private readonly attempts: number;
  private readonly retryDelayMs: number | readonly number[];
  private pending = 0;
  private idleWaiters: (() => void)[] = [];
  /** Retry waits in progress; close() ends them early so shutdown does not sit out a backoff. */
  private readonly sleepers = new Set<() => void>();
  private closed = false;

  constructor(options: MailerOptions) {
    this.onDisabled = options.onDisabled;
    this.onFailure = options.onFailure;
    this.attempts = Math.max(1, options.attempts ?? DEFAULT_ATTEMPTS);
    this.retryDelayMs = options.retryDelayMs ?? DEFAULT_RETRY_DELAY_MS;
    this.mailFrom = options.mailFrom ?? '';
    if (options.smtpUrl && options.mailFrom) {
      const timeout = options.timeoutMs ?? DEFAULT_SMTP_TIMEOUT_MS;
      // A pool reuses a few connections for a burst (CSV import) instead of one per message.
      this.smtpOptions = {
        pool: true,
        url: options.smtpUrl,
        maxConnections: options.maxConnections ?? DEFAULT_MAX_CONNECTIONS,
        // Our own retry loop decides how often to try again; the pool should not add its own.
        maxRequeues: 0,
        idleTimeout: 30_000,
        connectionTimeout: timeout,
        greetingTimeout: timeout,
        socketTimeout: timeout,
        dnsTimeout: timeout,
      };
    }
  }

  /** Whether login emails are sent (R75: SMTP_URL and MAIL_FROM are both set). */
  get enabled(): boolean {
    return this.smtpOptions !== undefined;
  }

  /** Queues the login email of R75 for `message.email`; returns at once, never throws. */
  sendLoginEmail(message: LoginEmailInput): void {
    const options = this.smtpOptions;
    this.pending++;
    // The SYSTEM line of a disabled mailer is a write too: `idle()` waits for it.
    const work =
      options === undefined
        ? this.report(() => this.onDisabled(message.email))
        : this.deliver(message, options);
    void work.finally(() => {
      this.pending--;
      if (this.pending === 0) this.wakeIdleWaiters();
    });
  }

  /** Resolves once every queued message was delivered or given up on (tests, graceful shutdown). */
  idle(): Promise<void> {
    if (this.pending === 0) return Promise.resolve();
    return new Promise((resolve) => this.idleWaiters.push(resolve));
  }

  /**
   * Closes the transport. Messages waiting for a retry stop waiting and fail (reported through
   * `onFailure`); a delivery already under way finishes. Resolves when nothing is pending, so the
   * caller can close the database (where `onFailure` writes) afterwards.
   */
  async close(): Promise<void> {
    this.closed = true;
    for (const wake of this.sleepers) wake();
    // A pool that failed to load has nothing to close; its sends failed already.
    await this.transport?.then(
      (smtp) => smtp.close(),
      () => undefined,
    );
    await this.idle();
  }

  private async deliver(message: LoginEmailInput, options: SMTPPool.Options): Promise<void> {
    const { subject, text, html } = composeLoginEmail(message);
    let lastError: unknown = new Error('mailer is closed');
    for (let attempt = 1; attempt <= this.attempts && !this.closed; attempt++) {
      try {
        const smtp = await this.smtp(options);
        await smtp.sendMail({
          from: this.mailFrom,
          to: { name: message.name, address: message.email },
          subject,
          text,
          html,
        });
        return;
      } catch (error) {
        lastError = error;
        // Each failed attempt goes to standard error for the operator; the audit log gets one line.
        console.error(
          `Login email to ${message.email} failed (attempt ${attempt} of ${this.attempts}): ${describe(error)}`,
        );
        if (attempt < this.attempts) await this.sleep(this.delayBefore(attempt));
      }
    }
    await this.report(() => this.onFailure(message.email, lastError));
  }

  private smtp(options: SMTPPool.Options): Promise<Transporter<SMTPPool.SentMessageInfo>> {
    this.transport ??= import('nodemailer').then(({ createTransport }) => createTransport(options));
    return this.transport;
  }

  /** Delay after failed attempt `attempt` (1-based). */
  private delayBefore(attempt: number): number {
    if (typeof this.retryDelayMs === 'number') return this.retryDelayMs;
    const delays = this.retryDelayMs;
    return delays[Math.min(attempt - 1, delays.length - 1)] ?? 0;
  }

  private sleep(ms: number): Promise<void> {
    if (this.closed) return Promise.resolve();
    return new Promise((resolve) => {
      const wake = () => {
        clearTimeout(timer);
        this.sleepers.delete(wake);
        resolve();
      };
      const timer = setTimeout(wake, ms);
      this.sleepers.add(wake);
    });
  }

  /** Runs a caller callback; its errors must not escape into a background send or the request. */
  private async report(callback: () => Promise<void>): Promise<void> {
    try {
      await callback();
    } catch (error) {
      console.error(`Mailer callback failed: ${describe(error)}`);
    }
  }

  private wakeIdleWaiters(): void {
    const waiters = this.idleWaiters;
    this.idleWaiters = [];
    for (const resolve of waiters) resolve();
  }
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
