import { setTimeout as sleep } from 'node:timers/promises';
import type { Logger } from '../process/logger';
import { StartupError } from '../process/startup-error';
import { DatabaseUnavailableError } from './database';
import { isUnavailable } from './postgres-pool';

/** The first wait between tries, doubled after each up to the last: a compose start needs about 5 s. */
const FIRST_WAIT_MS = 500;
const LONGEST_WAIT_MS = 5_000;

type Target = { host: string; database: string; user: string };

const targetOf = (databaseUrl: string): Target => {
  const url = new URL(databaseUrl);
  return {
    host: url.host || 'localhost',
    database: decodeURIComponent(url.pathname.slice(1)) || decodeURIComponent(url.username) || 'postgres',
    user: decodeURIComponent(url.username) || 'postgres',
  };
};

/** The first error with a code in `error`'s chain (DatabaseUnavailableError wraps pg's; an AggregateError holds several). */
function rootCause(error: unknown): { code?: string; message: string } {
  let at = error as { code?: unknown; message?: string; cause?: unknown; errors?: unknown[] } | undefined;
  while (at && typeof at.code !== 'string' && (at.cause || at.errors?.length))
    at = (at.cause ?? at.errors?.[0]) as typeof at;
  return { code: typeof at?.code === 'string' ? at.code : undefined, message: at?.message ?? String(error) };
}

const shortCause = (error: unknown) => {
  const { code, message } = rootCause(error);
  return code && /^E[A-Z_]+$/.test(code) ? code : message;
};

/** One line for each way PostgreSQL refuses us at start that waiting will not mend; undefined for the others. */
function refusal(error: unknown, { host, database, user }: Target): string | undefined {
  const { code, message } = rootCause(error);
  // https://www.postgresql.org/docs/current/errcodes-appendix.html
  if (code === '28P01')
    return (
      `PostgreSQL em ${host} recusou a senha do usuário ${user} (28P01): corrija a senha em DATABASE_URL ` +
      '(ou no arquivo de DATABASE_URL_FILE); @ : / # na senha vão codificados (%40 %3A %2F %23)'
    );
  if (code === '28000')
    return (
      `PostgreSQL em ${host} não aceita o usuário ${user} no banco ${database} vindo desta máquina (28000): ` +
      'confira o usuário em DATABASE_URL e o pg_hba.conf do servidor'
    );
  if (code === '3D000')
    return (
      `o banco ${database} não existe em ${host} (3D000): crie-o (createdb -h ${host.replace(/:\d+$/, '')} ` +
      `-U ${user} ${database}) ou corrija o nome no fim de DATABASE_URL`
    );
  // The inbox's search needs two contrib extensions (docs/decisions/032-inbox-search.md): missing
  // from the server (0A000, 58P01), or the user may not create them in this database (42501).
  if (/extension/.test(message) && (code === '42501' || code === '0A000' || code === '58P01'))
    return (
      `o PostgreSQL em ${host} não deixa o usuário ${user} criar as extensões unaccent e pg_trgm no banco ${database} ` +
      `(${code}): instale o contrib do PostgreSQL, ou crie-as uma vez como superusuário ` +
      `(psql -d ${database} -c 'CREATE EXTENSION unaccent; CREATE EXTENSION pg_trgm;')`
    );
  if (code === '42501')
    return `o usuário ${user} não pode criar as tabelas no banco ${database} em ${host} (42501): dê-lhe o esquema (GRANT CREATE)`;
  if (/SSL|certificate|self.signed/i.test(message))
    return `PostgreSQL em ${host}: falha de TLS (${message}): confira sslmode em DATABASE_URL`;
  return undefined;
}

/**
 * Opens PostgreSQL at start-up, waiting for it while it does not answer, as a compose or Swarm
 * start races its database: each try logs one line, the waits double from 0.5 s up to 5 s, and
 * after `waitMs` start-up stops with one line. A refusal waiting cannot mend (a wrong password, a
 * missing database) stops it at once, with its fix.
 */
export async function openWhenReady<T>(
  open: () => Promise<T>,
  { databaseUrl, waitMs, logger }: { databaseUrl: string; waitMs: number; logger: Logger },
): Promise<T> {
  const target = targetOf(databaseUrl);
  const deadline = Date.now() + waitMs;
  let wait = FIRST_WAIT_MS;
  for (let attempt = 1; ; attempt++) {
    try {
      return await open();
    } catch (error) {
      if (error instanceof StartupError) throw error;
      const refused = refusal(error, target);
      if (refused) throw new StartupError(refused);
      if (!(error instanceof DatabaseUnavailableError) && !isUnavailable(error)) throw error;
      const left = deadline - Date.now();
      if (left <= 0)
        throw new StartupError(
          `PostgreSQL em ${target.host} não respondeu em ${Math.round(waitMs / 1000)} s (${shortCause(error)}): ` +
            'confira se o servidor está no ar e o host e a porta em DATABASE_URL; DATABASE_WAIT_SECONDS dá mais tempo',
        );
      const next = Math.min(wait, left);
      logger.warn(
        `PostgreSQL em ${target.host} ainda não responde (${shortCause(error)}): tentativa ${attempt}, ` +
          `próxima em ${(next / 1000).toLocaleString('pt-BR', { maximumFractionDigits: 1 })} s, desiste em ${Math.ceil(left / 1000)} s`,
      );
      await sleep(next);
      wait = Math.min(wait * 2, LONGEST_WAIT_MS);
    }
  }
}
