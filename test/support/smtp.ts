import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { expect, onTestFinished } from 'vitest';

/** One message as the SMTP server received it, decoded enough for assertions. */
export type Received = {
  /** RCPT TO, the addresses it was really delivered to. */
  recipients: string[];
  /** Header name (lower case) → every value, unfolded and with encoded words decoded. */
  headers: Map<string, string[]>;
  /** The raw header block, to check that nothing was injected into it. */
  rawHeaders: string;
  text: string;
  html: string;
};

const decodeWords = (value: string) =>
  value
    .replace(/(=\?[^?]+\?[BQ]\?[^?]*\?=)\s+(?==\?)/gi, '$1')
    .replace(/=\?([^?]+)\?([BQ])\?([^?]*)\?=/gi, (_word, _charset, encoding: string, data: string) =>
      encoding.toUpperCase() === 'B'
        ? Buffer.from(data, 'base64').toString('utf8')
        : decodeQuoted(data.replace(/_/g, ' ')),
    );

const decodeQuoted = (value: string) =>
  Buffer.from(
    value
      .replace(/=\r?\n/g, '')
      .replace(/=([0-9A-F]{2})/gi, (_match, hex: string) => String.fromCharCode(parseInt(hex, 16))),
    'latin1',
  ).toString('utf8');

function splitEntity(raw: string) {
  const end = raw.indexOf('\r\n\r\n');
  const rawHeaders = raw.slice(0, end);
  const headers = new Map<string, string[]>();
  for (const line of rawHeaders.replace(/\r\n[ \t]+/g, ' ').split('\r\n')) {
    const colon = line.indexOf(':');
    const name = line.slice(0, colon).toLowerCase();
    headers.set(name, [...(headers.get(name) ?? []), decodeWords(line.slice(colon + 1).trim())]);
  }
  return { rawHeaders, headers, body: raw.slice(end + 4) };
}

const decodeBody = (headers: Map<string, string[]>, body: string) => {
  const encoding = headers.get('content-transfer-encoding')?.[0]?.toLowerCase();
  if (encoding === 'base64') return Buffer.from(body, 'base64').toString('utf8');
  if (encoding === 'quoted-printable') return decodeQuoted(body);
  return body;
};

/** Just enough MIME for nodemailer's output: a text part and an HTML part, maybe in multipart/alternative. */
function parseMessage(raw: string, recipients: string[]): Received {
  const { rawHeaders, headers, body } = splitEntity(raw);
  const parts: Record<string, string> = {};
  const boundary = /boundary="?([^";]+)"?/.exec(headers.get('content-type')?.[0] ?? '')?.[1];
  const entities = boundary
    ? body
        .split(`--${boundary}`)
        .slice(1, -1)
        .map((part) => splitEntity(part.replace(/^\r\n/, '')))
    : [{ headers, body }];
  for (const entity of entities) {
    const type = entity.headers.get('content-type')?.[0]?.split(';')[0] ?? 'text/plain';
    // SMTP carries CRLF; a mail reader shows plain line breaks.
    parts[type] = decodeBody(entity.headers, entity.body.replace(/\r\n$/, '')).replace(/\r\n/g, '\n');
  }
  return { recipients, headers, rawHeaders, text: parts['text/plain'] ?? '', html: parts['text/html'] ?? '' };
}

type Options = { port?: number; credentials?: { user: string; pass: string }; onMessage?: () => Promise<void> };

/** A real SMTP server on loopback that keeps what it receives; call it inside a test, which closes it when done. */
export async function startSmtp({ port = 0, credentials, onMessage }: Options = {}) {
  const messages: Received[] = [];
  const server = new SMTPServer({
    logger: false,
    // A test that leaves a send hanging must not hold the server open for the default 30 s.
    closeTimeout: 100,
    disabledCommands: credentials ? ['STARTTLS'] : ['STARTTLS', 'AUTH'],
    authOptional: !credentials,
    allowInsecureAuth: true,
    onAuth(auth, _session, done) {
      if (auth.username === credentials?.user && auth.password === credentials?.pass)
        done(null, { user: auth.username });
      else done(new Error('credenciais inválidas'));
    },
    onData(stream, session, done) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', async () => {
        await onMessage?.();
        messages.push(
          parseMessage(
            Buffer.concat(chunks).toString('latin1'),
            session.envelope.rcptTo.map((rcpt) => rcpt.address),
          ),
        );
        done();
      });
    },
  });
  onTestFinished(() => new Promise<void>((resolve) => server.close(() => resolve())));
  server.listen(port, '127.0.0.1');
  await once(server.server, 'listening');
  const address = server.server.address() as AddressInfo;
  return {
    messages,
    url: `smtp://127.0.0.1:${address.port}`,
    port: address.port,
  };
}

export const header = (message: Received, name: string) => {
  const values = message.headers.get(name);
  expect(values, `header ${name}`).toHaveLength(1);
  return values![0]!;
};

/**
 * The messages that are not a visitor's automatic receipt (docs/requirements.md §9.4; `Auto-Submitted`, RFC 3834):
 * what sales and the team were sent.
 */
export const notReceipts = (messages: Received[]) =>
  messages.filter((message) => !message.headers.has('auto-submitted'));

/** The visitors' automatic receipts alone. */
export const receipts = (messages: Received[]) => messages.filter((message) => message.headers.has('auto-submitted'));
