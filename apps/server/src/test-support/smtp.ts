/**
 * A real SMTP server for tests (smtp-server on 127.0.0.1, port 0, plain text) and just enough
 * MIME to read what nodemailer sends (mailparser is not installed).
 */
import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

interface Received {
  rcptTo: string[];
  raw: string;
}

export interface TestSmtp {
  url: string;
  received: Received[];
  maxConcurrentConnections: number;
  close(): Promise<void>;
}

/** A real SMTP server on loopback, plain text (no STARTTLS), any sender accepted. */
export async function startSmtp(options: { rejectRcpt?: number } = {}): Promise<TestSmtp> {
  const received: Received[] = [];
  let rejectionsLeft = options.rejectRcpt ?? 0;
  let open = 0;
  const state = { maxConcurrentConnections: 0 };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onConnect(_session, callback) {
      open++;
      state.maxConcurrentConnections = Math.max(state.maxConcurrentConnections, open);
      callback();
    },
    onClose() {
      open--;
    },
    onRcptTo(_address, _session, callback) {
      if (rejectionsLeft > 0) {
        rejectionsLeft--;
        const error = Object.assign(new Error('Try again later'), { responseCode: 451 });
        callback(error);
        return;
      }
      callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        received.push({
          rcptTo: session.envelope.rcptTo.map((rcpt) => rcpt.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    get maxConcurrentConnections() {
      return state.maxConcurrentConnections;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A port nothing listens on: bind one, then release it. */
export async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

interface MimePart {
  headers: Map<string, string>;
  body: string;
}

function parseMime(raw: string): MimePart {
  const split = raw.indexOf('\r\n\r\n');
  const head = split === -1 ? raw : raw.slice(0, split);
  const body = split === -1 ? '' : raw.slice(split + 4);
  const headers = new Map<string, string>();
  for (const line of head.replace(/\r\n[ \t]+/g, ' ').split('\r\n')) {
    const colon = line.indexOf(':');
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return { headers, body };
}

function decodeBody(part: MimePart): string {
  const encoding = (part.headers.get('content-transfer-encoding') ?? '7bit').toLowerCase();
  if (encoding === 'base64') return Buffer.from(part.body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (encoding !== 'quoted-printable') return part.body;
  const unwrapped = part.body.replace(/=\r?\n/g, '');
  const bytes: number[] = [];
  for (let i = 0; i < unwrapped.length; i++) {
    const hex = unwrapped.slice(i + 1, i + 3);
    if (unwrapped[i] === '=' && /^[0-9A-Fa-f]{2}$/.test(hex)) {
      bytes.push(parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(unwrapped[i] ?? '', 'utf8'));
    }
  }
  return Buffer.from(bytes).toString('utf8');
}

/** Headers of the message and the decoded text/plain and text/html bodies. */
export function readMessage(raw: string): { headers: Map<string, string>; text: string; html: string } {
  const top = parseMime(raw);
  const contentType = top.headers.get('content-type') ?? '';
  const boundary = /boundary="?([^";]+)"?/i.exec(contentType)?.[1];
  const parts = boundary
    ? top.body
        .split(`--${boundary}`)
        .slice(1, -1)
        .map((chunk) => parseMime(chunk.replace(/^\r\n/, '')))
    : [top];
  const bodyOf = (type: string) =>
    decodeBody(parts.find((part) => part.headers.get('content-type')?.startsWith(type)) ?? parseMime(''));
  return { headers: top.headers, text: bodyOf('text/plain'), html: bodyOf('text/html') };
}
