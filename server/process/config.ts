import { z } from 'zod';
import { company } from '../../shared/content';
import { DEFAULT_CALENDAR, OPTIONAL_HOLIDAYS } from '../../shared/holidays';
import { invalid } from './config-error';
import {
  adminToken,
  count,
  isEmail,
  isPostgresUrl,
  isSender,
  isSmtpUrl,
  isWebhookSecret,
  isWebhookUrl,
  logLevel,
  mailDomain,
  port,
  publicUrl,
  trustProxy,
  whole,
} from './config-values';
import { readSecretFiles, SECRETS } from './secret-files';

// What the site is configured by, read and validated once at start-up. The validators and their
// messages live in config-values.ts, the secrets' files in secret-files.ts.

const TOGETHER = [
  ['SMTP_URL', 'LEADS_TO'],
  ['WEBHOOK_URL', 'WEBHOOK_SECRET'],
] as const;

const schema = z
  .object({
    PORT: port.default(3000),
    HOST: z.string().default('0.0.0.0'),
    LOG_LEVEL: logLevel.default('info'),
    DATA_DIR: z.string().default('./data'),
    // Unset, it follows PORT: http://localhost:<PORT>.
    PUBLIC_URL: publicUrl.optional(),
    TRUST_PROXY: trustProxy,
    HSTS_PRELOAD: z.enum(['0', '1'], 'use 1 para pedir o pré-carregamento de HSTS (hstspreload.org) ou 0').default('0'),
    RATE_LIMIT_PER_MINUTE: count.default(5),
    RATE_LIMIT_PER_HOUR: count.default(30),
    // Four times the leads' limits: room for a visitor's corrections, none for a flood.
    RATE_LIMIT_REFUSED_PER_MINUTE: count.default(20),
    RATE_LIMIT_REFUSED_PER_HOUR: count.default(120),
    // Drain 5 s then at most 3 s more: the whole shutdown fits Docker's default 10 s stop timeout.
    SHUTDOWN_DRAIN_MS: count.default(5_000),
    SHUTDOWN_TIMEOUT_MS: whole(1, 'use um número de milissegundos, 1 ou maior').default(8_000),
    // Well within a 192 MB heap at about 40 KB a connection at worst (server/process/lifecycle.ts).
    MAX_CONNECTIONS: whole(1, 'use um número inteiro, 1 ou maior').default(1_000),
    // Long enough for a PostgreSQL container started beside us to come up (about 5 s), bounded so that
    // a wrong host still ends in one line (server/db/postgres-start.ts).
    DATABASE_WAIT_SECONDS: count.default(30),
    ADMIN_TOKEN: adminToken.optional(),
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
    // Carnival and Corpus Christi are optional points, which most offices close for
    // (docs/decisions/031-business-hours-clock.md).
    OPTIONAL_HOLIDAYS: z
      .enum(OPTIONAL_HOLIDAYS, 'use closed (o escritório fecha no Carnaval e em Corpus Christi) ou open')
      .default(DEFAULT_CALENDAR.optionalHolidays),
    RETENTION_DAYS: whole(0, 'use um número de dias de 0 (guardar sempre) a 36500')
      .max(36_500, 'use um número de dias de 0 (guardar sempre) a 36500')
      .default(365),
    // Issue 56: a CV is kept for the hiring it was sent for and the talent pool, a year by default; it
    // cannot be kept for ever (LGPD art. 15, 16), so 0 is not a value here.
    APPLICATION_RETENTION_DAYS: whole(1, 'use um número de dias de 1 a 3650')
      .max(3650, 'use um número de dias de 1 a 3650')
      .default(365),
    // Issue 35: a held post is kept for the team to look at, not for ever; 0 would keep a bot's junk.
    SUSPECT_RETENTION_DAYS: whole(1, 'use um número de dias de 1 a 365')
      .max(365, 'use um número de dias de 1 a 365')
      .default(30),
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
  .transform((env) => {
    const site = new URL(env.PUBLIC_URL ?? `http://localhost:${env.PORT}`);
    return {
      port: env.PORT,
      host: env.HOST,
      logLevel: env.LOG_LEVEL,
      /** Where the embedded SQLite database lives. */
      dataDir: env.DATA_DIR,
      /** The site's public address, for canonical links and HTTPS-only headers. */
      publicUrl: site,
      /** Whether PUBLIC_URL was set: `npm run team -- invite` makes no link to the default localhost. */
      publicUrlSet: env.PUBLIC_URL !== undefined,
      /** HSTS for 2 years with `preload`, for a domain on the browsers' preload list. */
      hstsPreload: env.HSTS_PRELOAD === '1',
      trustProxy: env.TRUST_PROXY,
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
      /** How long start-up waits for a PostgreSQL that does not answer yet. */
      databaseWaitMs: env.DATABASE_WAIT_SECONDS * 1000,
      /** Where each new lead is e-mailed; unset turns notifications off. */
      mail:
        env.SMTP_URL && env.LEADS_TO
          ? {
              smtpUrl: env.SMTP_URL,
              to: env.LEADS_TO,
              // The site's own domain by default, so the sender matches where the lead came from.
              from: env.MAIL_FROM ?? `Site ${company.shortName} <no-reply@${mailDomain(site)}>`,
            }
          : undefined,
      /** Where each new lead is posted, signed (docs/requirements.md §10.15); unset turns webhooks off. */
      webhook:
        env.WEBHOOK_URL && env.WEBHOOK_SECRET ? { url: env.WEBHOOK_URL, secret: env.WEBHOOK_SECRET, site } : undefined,
      /** The days the clock of "2 horas úteis" stops for (docs/requirements.md §9.4). */
      calendar: { optionalHolidays: env.OPTIONAL_HOLIDAYS },
      /** Leads older than this many days are erased (docs/requirements.md §10.18); 0 keeps them. */
      retentionDays: env.RETENTION_DAYS,
      /** Job applications and their CVs are erased after this many days (docs/requirements.md §10.18). */
      applicationRetentionDays: env.APPLICATION_RETENTION_DAYS,
      /** Posts held as suspect are erased after this many days (docs/requirements.md §10.9). */
      suspectRetentionDays: env.SUSPECT_RETENTION_DAYS,
    };
  });

export type Config = z.output<typeof schema>;

/** Every environment variable the configuration reads. */
export const VARIABLES: readonly string[] = [...Object.keys(schema.in.shape), ...SECRETS.map((name) => `${name}_FILE`)];

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
