import { z } from 'zod';

const logLevels = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

const schema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  LOG_LEVEL: z.enum(logLevels).default('info'),
  DATA_DIR: z.string().min(1).default('./data'),
});

export type Config = {
  port: number;
  host: string;
  logLevel: (typeof logLevels)[number];
  /** Where the embedded SQLite database lives. */
  dataDir: string;
};

export class ConfigError extends Error {}

/** Parsed once at start-up; a bad variable stops the process with one line naming it. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  // An empty variable means "use the default", as in most deployment tools.
  const present = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== ''));
  const parsed = schema.safeParse(present);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const name = String(issue.path[0]);
    throw new ConfigError(`Variável de ambiente inválida ${name}=${JSON.stringify(env[name])}: ${issue.message}`);
  }
  const { PORT, HOST, LOG_LEVEL, DATA_DIR } = parsed.data;
  return { port: PORT, host: HOST, logLevel: LOG_LEVEL, dataDir: DATA_DIR };
}
