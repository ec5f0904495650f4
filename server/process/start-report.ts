import path from 'node:path';
import type { PrivacyFacts } from '../../shared/content';
import { SQLITE_FILE } from '../db/sqlite';
import { type Config, VARIABLES } from './config';
import { isLocalAddress } from './config-values';
import type { Logger } from './logger';
import { nearNames } from './near-names';

/** What the privacy notice says of this configuration: how long leads are kept, and who receives them. */
export const privacyFacts = ({ retentionDays, applicationRetentionDays, mail, webhook }: Config): PrivacyFacts => ({
  retentionDays,
  applicationRetentionDays,
  emailProvider: mail && new URL(mail.smtpUrl).hostname,
  crm: webhook && new URL(webhook.url).hostname,
});

/** The database in use, as an operator names it: never the password. */
export function describeDatabase({ databaseUrl, dataDir }: Pick<Config, 'databaseUrl' | 'dataDir'>) {
  if (!databaseUrl) return `SQLite ${path.resolve(dataDir, SQLITE_FILE)}`;
  const url = new URL(databaseUrl);
  const user = url.username ? ` (usuário ${decodeURIComponent(url.username)})` : '';
  return `PostgreSQL ${url.host}/${decodeURIComponent(url.pathname.slice(1)) || 'padrão'}${user}`;
}

const per = (limit: number, window: string) => (limit === 0 ? `sem limite por ${window}` : `${limit}/${window}`);

/**
 * The one line that says what this process runs on: database, channels, public address, limits and
 * version. Hosts only: the URLs' users and passwords stay out of the logs.
 */
export function summary(config: Config, version: string) {
  const { rateLimits: r, mail, webhook } = config;
  const email = mail
    ? `e-mail pelo relay ${new URL(mail.smtpUrl).host} para ${mail.to.length} destinatário(s)`
    : 'e-mail desligado';
  const hook = webhook ? `webhook para ${new URL(webhook.url).host}` : 'webhook desligado';
  const retention = config.retentionDays === 0 ? 'guardados sempre' : `apagados após ${config.retentionDays} dias`;
  return (
    `em uso: banco ${describeDatabase(config)}; ${email}; ${hook}; endereço público ${config.publicUrl.origin}; ` +
    `leads por IP ${per(r.perMinute, 'min')} e ${per(r.perHour, 'h')}, recusas ${per(r.refusedPerMinute, 'min')} ` +
    `e ${per(r.refusedPerHour, 'h')}; até ${config.maxConnections} conexões; leads ${retention}; versão ${version}`
  );
}

/**
 * What start-up tells the operator before it listens: the summary line, then each thing that works
 * but is probably not what was meant, once, with its fix.
 */
export function reportStart(config: Config, env: NodeJS.ProcessEnv, logger: Logger, version: string) {
  for (const { given, meant } of nearNames(env, VARIABLES))
    logger.warn(`variável ${given} desconhecida, ignorada: você quis dizer ${meant}? Corrija o nome`);
  logger.info(summary(config, version));
  if (!config.databaseUrl && config.trustProxy !== undefined && config.trustProxy !== 0)
    logger.warn(
      'TRUST_PROXY definido com o banco SQLite: o SQLite atende um processo só; ' +
        'para várias réplicas atrás do proxy, defina DATABASE_URL (PostgreSQL), senão os leads se dividem entre elas',
    );
  if (isLocalAddress(config.publicUrl))
    logger.warn(
      { publicUrl: config.publicUrl.origin },
      'PUBLIC_URL ainda aponta para esta máquina: defina o endereço público do site, de onde saem os e-mails ' +
        '(no-reply@…), os links canônicos e o User-Agent dos webhooks',
    );
  if (!config.adminToken)
    logger.warn(
      'ADMIN_TOKEN não definido: as leituras de contatos e cotações da API estão desativadas (403); ' +
        'defina-o com a saída de `openssl rand -hex 32` para ativá-las',
    );
}
