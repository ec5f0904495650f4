import { isIP } from 'node:net';
import { Webhook } from 'standardwebhooks';
import { z } from 'zod';
import { estimatedBits, TOKEN_MIN_BITS } from './token-strength';

// What a valid value of each kind looks like, and what to write instead: every message names the fix
// in Portuguese, the operators' language, and never repeats the value (it may be a secret).

const logLevels = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export const logLevel = z.enum(logLevels, { error: `use um destes: ${logLevels.join(', ')}` });

/** A whole number from `min` on; `fix` is said for anything else (zod's own English stays out). */
export const whole = (min: number, fix: string) =>
  z.coerce.number({ error: fix }).int({ error: fix }).min(min, { error: fix });

export const count = whole(0, 'use um número inteiro, 0 ou maior');

export const port = whole(0, 'use um número de porta de 0 a 65535').max(65535, {
  error: 'use um número de porta de 0 a 65535',
});

/** Express's "trust proxy": a hop count or named ranges/addresses, never a blanket `true`. */
export type TrustProxy = false | number | string[];

const PROXY_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

const isAddressOrRange = (entry: string) => {
  const [address = '', bits, ...rest] = entry.split('/');
  const version = isIP(address);
  if (version === 0 || rest.length > 0) return false;
  return bits === undefined || (/^\d{1,3}$/.test(bits) && Number(bits) <= (version === 4 ? 32 : 128));
};

export const trustProxy = z
  .string()
  .transform((value, context): TrustProxy => {
    if (/^\d+$/.test(value)) return Number(value);
    const entries = value.split(',').map((entry) => entry.trim());
    if (entries.every((entry) => PROXY_NAMES.has(entry) || isAddressOrRange(entry))) return entries;
    context.addIssue({ code: 'custom', message: 'use um número de saltos, "loopback" ou uma lista de IPs/CIDRs' });
    return z.NEVER;
  })
  // Unset stays unset: the app warns once when a proxy forwards to it (server/http/untrusted-proxy.ts).
  .optional();

/**
 * The API's bearer token (docs/requirements.md §6.2): 32 characters at least, and no repetition or
 * sequence that would let a guesser skip most of them (token-strength.ts). Wrong guesses are also
 * limited per address (server/http/admin.ts), but a limit slows a guesser; only entropy stops one.
 */
export const adminToken = z
  .string()
  .min(32, 'use pelo menos 32 caracteres, por exemplo a saída de `openssl rand -hex 32`')
  .refine(
    (value) => estimatedBits(value) >= TOKEN_MIN_BITS,
    'fácil demais de adivinhar (repetições ou sequências): gere um com `openssl rand -hex 32`',
  );

/**
 * The site's address as visitors type it. Without a scheme ("www.empresa.com.br", or "host:3000",
 * which URL reads as the scheme "host:") the fix is to add one, and https:// is the one to add.
 */
export const publicUrl = z.string().superRefine((value, context) => {
  const message = !/^[a-z][a-z0-9+.-]*:\/\//i.test(value)
    ? 'falta o esquema: escreva https:// antes do endereço, como https://www.rotanorte.com.br'
    : !['http:', 'https:'].includes(URL.parse(value)?.protocol ?? '')
      ? 'use um endereço https:// (ou http://), como https://www.rotanorte.com.br'
      : undefined;
  if (message) context.addIssue({ code: 'custom', message });
});

export const isPostgresUrl = (value: string) => ['postgres:', 'postgresql:'].includes(URL.parse(value)?.protocol ?? '');

export const isSmtpUrl = (value: string) => {
  const url = URL.parse(value);
  return url !== null && ['smtp:', 'smtps:'].includes(url.protocol) && url.hostname !== '';
};

const emailAddress = z.email();
export const isEmail = (value: string) => emailAddress.safeParse(value).success;

// "Nome <endereço>" or a bare address; no line breaks, so it can never open a new header.
export const isSender = (value: string) => {
  const named = /^([^<>\r\n]*)<([^<>\s]+)>$/.exec(value.trim());
  return isEmail(named ? named[2]! : value.trim()) && !/[\r\n]/.test(value);
};

/**
 * A Standard Webhooks secret: `whsec_` and base64 of 24 to 64 random bytes, the range the
 * specification recommends. The library has the last word on whether it can sign with it.
 */
export const isWebhookSecret = (value: string) => {
  const base64 = /^whsec_([A-Za-z0-9+/]+={0,2})$/.exec(value)?.[1];
  if (base64 === undefined || base64.length % 4 !== 0) return false;
  const bytes = Buffer.from(base64, 'base64').length;
  if (bytes < 24 || bytes > 64) return false;
  try {
    new Webhook(value);
    return true;
  } catch {
    return false;
  }
};

// fetch refuses a URL with credentials; the receiver authenticates us by the signature instead.
export const isWebhookUrl = (value: string) => {
  const url = URL.parse(value);
  return url !== null && ['http:', 'https:'].includes(url.protocol) && !url.username && !url.password;
};

/**
 * PUBLIC_URL still naming this machine (localhost, a loopback or any IP address): no sender domain,
 * no address a visitor or a CRM could reach. Start-up warns of it (server/process/start-report.ts).
 */
export const isLocalAddress = ({ hostname }: URL) =>
  hostname === 'localhost' || hostname.endsWith('.localhost') || isIP(hostname.replace(/^\[|\]$/g, '')) !== 0;

/** The domain the site's e-mail comes from: PUBLIC_URL's host, without a leading www. */
export const mailDomain = ({ hostname }: URL) => hostname.replace(/^www\./, '');
