import { readFileSync } from 'node:fs';
import { isIP } from 'node:net';
import { Webhook } from 'standardwebhooks';
import { z } from 'zod';
import { company } from '../../shared/content';
import { StartupError } from './startup-error';

const logLevels = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

/** Express's "trust proxy": a hop count or named ranges/addresses, never a blanket `true`. */
export type TrustProxy = false | number | string[];

const PROXY_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

const isAddressOrRange = (entry: string) => {
  const [address = '', bits, ...rest] = entry.split('/');
  const version = isIP(address);
  if (version === 0 || rest.length > 0) return false;
  return bits === undefined || (/^\d{1,3}$/.test(bits) && Number(bits) <= (version === 4 ? 32 : 128));
};

const trustProxy = z
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

const count = z.coerce.number().int().min(0);

const isPostgresUrl = (value: string) => ['postgres:', 'postgresql:'].includes(URL.parse(value)?.protocol ?? '');

const isSmtpUrl = (value: string) => {
  const url = URL.parse(value);
  return url !== null && ['smtp:', 'smtps:'].includes(url.protocol) && url.hostname !== '';
};

const emailAddress = z.email();
const isEmail = (value: string) => emailAddress.safeParse(value).success;

// "Nome <endereço>" or a bare address; no line breaks, so it can never open a new header.
const isSender = (value: string) => {
  const named = /^([^<>\r\n]*)<([^<>\s]+)>$/.exec(value.trim());
  return isEmail(named ? named[2]! : value.trim()) && !/[\r\n]/.test(value);
};

/**
 * A Standard Webhooks secret: `whsec_` and base64 of 24 to 64 random bytes, the range the
 * specification recommends. The library has the last word on whether it can sign with it.
 */
const isWebhookSecret = (value: string) => {
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
const isWebhookUrl = (value: string) => {
  const url = URL.parse(value);
  return url !== null && ['http:', 'https:'].includes(url.protocol) && !url.username && !url.password;
};

/**
 * PUBLIC_URL still naming this machine (localhost, a loopback or any IP address): no sender domain,
 * no address a visitor or a CRM could reach. Start-up warns of it (server/index.ts).
 */
export const isLocalAddress = ({ hostname }: URL) =>
  hostname === 'localhost' || hostname.endsWith('.localhost') || isIP(hostname.replace(/^\[|\]$/g, '')) !== 0;

/** The domain the site's e-mail comes from: PUBLIC_URL's host, without a leading www. */
const mailDomain = ({ hostname }: URL) => hostname.replace(/^www\./, '');

const TOGETHER = [
  ['SMTP_URL', 'LEADS_TO'],
  ['WEBHOOK_URL', 'WEBHOOK_SECRET'],
] as const;

/**
 * The secrets, each of which may instead be read from the file that `NAME_FILE` names, as the official
 * images read `POSTGRES_PASSWORD_FILE`: Docker and Kubernetes hand secrets to a container as files.
 */
const SECRETS = ['ADMIN_TOKEN', 'DATABASE_URL', 'SMTP_URL', 'WEBHOOK_SECRET'] as const;

const schema = z
  .object({
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    HOST: z.string().min(1).default('0.0.0.0'),
    LOG_LEVEL: z.enum(logLevels).default('info'),
    DATA_DIR: z.string().min(1).default('./data'),
    PUBLIC_URL: z.url({ protocol: /^https?$/ }).default('http://localhost:3000'),
    TRUST_PROXY: trustProxy,
    HSTS_PRELOAD: z.enum(['0', '1'], 'use 1 para pedir o pré-carregamento de HSTS (hstspreload.org) ou 0').default('0'),
    RATE_LIMIT_PER_MINUTE: count.default(5),
    RATE_LIMIT_PER_HOUR: count.default(30),
    // Four times the leads' limits: room for a visitor's corrections, none for a flood.
    RATE_LIMIT_REFUSED_PER_MINUTE: count.default(20),
    RATE_LIMIT_REFUSED_PER_HOUR: count.default(120),
    // Drain 5 s then at most 3 s more: the whole shutdown fits Docker's default 10 s stop timeout.
    SHUTDOWN_DRAIN_MS: count.default(5_000),
    SHUTDOWN_TIMEOUT_MS: count.min(1).default(8_000),
    // Well within a 192 MB heap at about 40 KB a connection at worst (server/process/lifecycle.ts).
    MAX_CONNECTIONS: count.min(1).default(1_000),
    ADMIN_TOKEN: z
      .string()
      .min(32, 'use pelo menos 32 caracteres, por exemplo a saída de `openssl rand -hex 32`')
      .optional(),
    DATABASE_URL: z.string().refine(isPostgresUrl, 'use uma URL postgres://usuário:senha@host:5432/banco').optional(),
    SMTP_URL: z
      .string()
      .refine(isSmtpUrl, 'use uma URL smtp://usuário:senha@host:587 ou smtps://usuário:senha@host:465')
      .optional(),
    LEADS_TO: z
      .string()
      .transform((value) => value.split(',').map((address) => address.trim()))
      .refine(
        (addresses) => addresses.every(isEmail),
        'use um ou mais e-mails separados por vírgula, como vendas@empresa.com.br',
      )
      .optional(),
    MAIL_FROM: z
      .string()
      .refine(isSender, 'use um e-mail ou "Nome <e-mail>", como Site <no-reply@empresa.com.br>')
      .optional(),
    WEBHOOK_URL: z
      .string()
      .refine(
        isWebhookUrl,
        'use uma URL http:// ou https:// sem usuário e senha, como https://crm.empresa.com.br/webhook',
      )
      .optional(),
    WEBHOOK_SECRET: z
      .string()
      .refine(
        isWebhookSecret,
        'use whsec_ seguido de 24 a 64 bytes aleatórios em base64, ' +
          'por exemplo a saída de: echo "whsec_$(openssl rand -base64 32)"',
      )
      .optional(),
    // A year: long enough for a sales cycle, short enough that leads are not kept without purpose.
    RETENTION_DAYS: count.max(36_500, 'use um número de dias de 0 (guardar sempre) a 36500').default(365),
  })
  // Settings that only work together: half a mail setup would send leads nowhere without saying
  // so, a webhook URL without its secret could not be signed, a secret without a URL signs nothing.
  .superRefine((env, ctx) => {
    for (const [first, second] of TOGETHER)
      for (const [given, missing] of [
        [first, second],
        [second, first],
      ] as const)
        if (env[given] && !env[missing])
          ctx.addIssue({ code: 'custom', path: [missing], message: `defina também ${missing} junto com ${given}` });
  })
  .refine((env) => env.SHUTDOWN_DRAIN_MS < env.SHUTDOWN_TIMEOUT_MS, {
    path: ['SHUTDOWN_TIMEOUT_MS'],
    message: 'use um valor maior que SHUTDOWN_DRAIN_MS: o prazo conta desde o sinal, dreno incluído',
  })
  .transform((env) => ({
    port: env.PORT,
    host: env.HOST,
    logLevel: env.LOG_LEVEL,
    /** Where the embedded SQLite database lives. */
    dataDir: env.DATA_DIR,
    /** The site's public address, for canonical links and HTTPS-only headers. */
    publicUrl: new URL(env.PUBLIC_URL),
    trustProxy: env.TRUST_PROXY,
    /** HSTS for 2 years with `preload`, for a domain on the browsers' preload list. */
    hstsPreload: env.HSTS_PRELOAD === '1',
    /** Per client IP on the POST endpoints, leads and refused posts apart; 0 turns a window off. */
    rateLimits: {
      perMinute: env.RATE_LIMIT_PER_MINUTE,
      perHour: env.RATE_LIMIT_PER_HOUR,
      refusedPerMinute: env.RATE_LIMIT_REFUSED_PER_MINUTE,
      refusedPerHour: env.RATE_LIMIT_REFUSED_PER_HOUR,
    },
    shutdown: {
      /** How long after SIGTERM new connections are still accepted and answered (docs/requirements.md §10.7.1). */
      drainMs: env.SHUTDOWN_DRAIN_MS,
      /** From the signal to the exit, drain included; past it the process exits 1. */
      timeoutMs: env.SHUTDOWN_TIMEOUT_MS,
    },
    /** Open connections at most; past it a new one is closed at once (docs/requirements.md §10.20). */
    maxConnections: env.MAX_CONNECTIONS,
    /** Bearer token of the protected reads; unset turns them off (403). */
    adminToken: env.ADMIN_TOKEN,
    /** PostgreSQL instead of the embedded SQLite, for several replicas. */
    databaseUrl: env.DATABASE_URL,
    /** Where each new lead is e-mailed; unset turns notifications off. */
    mail:
      env.SMTP_URL && env.LEADS_TO
        ? {
            smtpUrl: env.SMTP_URL,
            to: env.LEADS_TO,
            // The site's own domain by default, so the sender matches where the lead came from.
            from: env.MAIL_FROM ?? `Site ${company.shortName} <no-reply@${mailDomain(new URL(env.PUBLIC_URL))}>`,
          }
        : undefined,
    /** Where each new lead is posted, signed (docs/requirements.md §10.15); unset turns webhooks off. */
    webhook:
      env.WEBHOOK_URL && env.WEBHOOK_SECRET
        ? { url: env.WEBHOOK_URL, secret: env.WEBHOOK_SECRET, site: new URL(env.PUBLIC_URL) }
        : undefined,
    /** Leads older than this many days are erased (docs/requirements.md §10.18); 0 keeps them. */
    retentionDays: env.RETENTION_DAYS,
  }));

export type Config = z.output<typeof schema>;

/** Every environment variable the configuration reads. */
export const VARIABLES: readonly string[] = [...Object.keys(schema.in.shape), ...SECRETS.map((name) => `${name}_FILE`)];

export class ConfigError extends StartupError {}

const invalid = (name: string, message: string) =>
  new ConfigError(`Variável de ambiente inválida: ${name}: ${message}`);

/**
 * `env` with each secret's `NAME_FILE` read into `NAME`, and for each secret read so, the variable that
 * named its file. Both forms at once is a mistake: whichever won, one of them would be ignored unseen.
 */
function readSecretFiles(env: Record<string, string>) {
  const read = { ...env };
  const files = new Map<string, string>();
  for (const name of SECRETS) {
    const variable = `${name}_FILE`;
    const file = read[variable];
    if (file === undefined) continue;
    if (read[name] !== undefined) throw invalid(variable, `defina ${name} ou ${variable}, não os dois`);
    let content: string;
    try {
      content = readFileSync(file, 'utf8');
    } catch (error) {
      throw invalid(variable, `não foi possível ler ${file} (${(error as NodeJS.ErrnoException).code ?? error})`);
    }
    // Trailing line breaks are not the secret's (`echo … > file`), as the official images' shell reads it.
    read[name] = content.replace(/[\r\n]+$/, '');
    if (read[name] === '') throw invalid(variable, `o arquivo ${file} está vazio`);
    files.set(name, variable);
  }
  return { read, files };
}

/** Parsed once at start-up; a bad variable stops the process with one line naming it. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  // An empty variable means "use the default", as in most deployment tools.
  const present = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== '')) as Record<string, string>;
  const { read, files } = readSecretFiles(present);
  const parsed = schema.safeParse(read);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const name = String(issue.path[0]);
    // The value is not repeated: it may be a secret (a token, a password inside a URL).
    throw invalid(files.has(name) ? `${name} (lido de ${files.get(name)})` : name, issue.message);
  }
  return parsed.data;
}
