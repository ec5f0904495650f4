import { isIP } from 'node:net';
import { z } from 'zod';

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
  .default(false);

const count = z.coerce.number().int().min(0);

const isPostgresUrl = (value: string) => ['postgres:', 'postgresql:'].includes(URL.parse(value)?.protocol ?? '');

const schema = z
  .object({
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    HOST: z.string().min(1).default('0.0.0.0'),
    LOG_LEVEL: z.enum(logLevels).default('info'),
    DATA_DIR: z.string().min(1).default('./data'),
    PUBLIC_URL: z.url({ protocol: /^https?$/ }).default('http://localhost:3000'),
    TRUST_PROXY: trustProxy,
    RATE_LIMIT_PER_MINUTE: count.default(5),
    RATE_LIMIT_PER_HOUR: count.default(30),
    SHUTDOWN_TIMEOUT_MS: count.min(1).default(10_000),
    ADMIN_TOKEN: z.string().min(32, 'use pelo menos 32 caracteres, por exemplo a saída de `openssl rand -hex 32`').optional(),
    DATABASE_URL: z.string().refine(isPostgresUrl, 'use uma URL postgres://usuário:senha@host:5432/banco').optional(),
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
    /** Per client IP on the POST endpoints; 0 turns a window off. */
    rateLimits: { perMinute: env.RATE_LIMIT_PER_MINUTE, perHour: env.RATE_LIMIT_PER_HOUR },
    shutdownTimeoutMs: env.SHUTDOWN_TIMEOUT_MS,
    /** Bearer token of the protected reads; unset turns them off (403). */
    adminToken: env.ADMIN_TOKEN,
    /** PostgreSQL instead of the embedded SQLite, for several replicas. */
    databaseUrl: env.DATABASE_URL,
  }));

export type Config = z.output<typeof schema>;

export class ConfigError extends Error {}

/** Parsed once at start-up; a bad variable stops the process with one line naming it. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  // An empty variable means "use the default", as in most deployment tools.
  const present = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== ''));
  const parsed = schema.safeParse(present);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const name = String(issue.path[0]);
    // The value is not repeated: it may be a secret (a token, a password inside a URL).
    throw new ConfigError(`Variável de ambiente inválida: ${name}: ${issue.message}`);
  }
  return parsed.data;
}
