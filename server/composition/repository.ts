import { sqlApplications } from '../applications/sql-store';
import { appendAudit, sqlAudit } from '../audit/sql-store';
import { lockDataDir, prepareDataDir } from '../db/data-dir';
import type { Database } from '../db/database';
import { openPostgresDatabase, type PoolOptions } from '../db/postgres';
import { openWhenReady } from '../db/postgres-start';
import { type RateLimitCounters, sqlRateLimitCounters } from '../db/rate-limit-counters';
import { openSqliteDatabase, SQLITE_FILE } from '../db/sqlite';
import { seedRepositoryActs } from '../freight/acts';
import { sqlFreight } from '../freight/sql-store';
import { sqlInboxExport } from '../inbox/export-store';
import { sqlInboxReport } from '../inbox/report-store';
import { type AnnounceChange, sqlInbox } from '../inbox/sql-store';
import { sqlWaitingLeads } from '../inbox/waiting-counts';
import { leadDeliveries } from '../leads/arrival';
import { leadResource } from '../leads/resource';
import type { FeatureModule, Services } from '../module/contract';
import type { Channel, MessageTemplates } from '../module/messages';
import { sqlOutbox } from '../outbox/sql-store';
import { configuredChannels } from '../outbox/store';
import { type RenderStamps, renderStamps } from '../pages/render-stamp';
import { legacyHooks } from '../personal-data/legacy-hooks';
import { sqlPersonalData } from '../personal-data/sql-store';
import type { Config } from '../process/config';
import type { Logger } from '../process/logger';
import { sqlProposals } from '../proposals/sql-store';
import { sqlQuotes } from '../quotes/sql-store';
import { sqlSuspects } from '../spam/sql-store';
import { sqlTeam } from '../team/sql-store';
import { hookRunner } from './hooks';
import { channelsOfKind, TEMPLATES } from './messages';
import { MODULES } from './modules';
import { openModuleStores, type Stores } from './stores';

type Module = (typeof MODULES)[number];
type PersonalDataOf = NonNullable<FeatureModule['personalData']>;

// Storage, composed: each module opens its stores with the shared services (server/module/contract.ts),
// and db/ gives them the drivers, the migrations and transactions.

export type RepositoryOptions = {
  /**
   * The outbox channels that get a row with every new contact and quote: the configured ones only
   * (configuredChannels), since rows nobody will send would pile up and be sent, stale, once the
   * channel is turned on.
   */
  channels?: readonly Channel[];
};

/**
 * Everything the app needs from storage, SQLite's or PostgreSQL's: the features' stores by name,
 * and what the process asks of the database itself.
 */
export type Repository = Stores &
  Pick<Database, 'connections' | 'close'> & {
    /** The outbox channels it writes a row to with each new lead (see RepositoryOptions). */
    readonly channels: readonly Channel[];
    /** Each kind of message's templates, which the dispatchers render with (server/composition/messages.ts). */
    readonly templates: MessageTemplates;
    /**
     * Rate-limit counters shared by every replica: PostgreSQL's. Absent on SQLite, where one process
     * is all there is and counting in memory spares the single writer a write per request.
     */
    readonly rateLimitCounters?: RateLimitCounters;
    /** The contact form's render stamps, with the key every replica shares (docs/requirements.md §10.9). */
    renderStamps(): Promise<RenderStamps>;
    /** Resolves when the database answers a trivial query. */
    ping(): Promise<void>;
  };

/**
 * The Repository on either backend: the statements are the same, `db` runs them. Every module's
 * stores share the audit record's writer, the outbox's and the hooks; a change to a lead announces
 * its updated webhook in the change's own transaction.
 */
function sqlRepository(db: Database, { channels = [] }: RepositoryOptions): Repository {
  const { writer: outboxWriter, outbox } = sqlOutbox(db, channels, channelsOfKind);
  const services: Services = {
    db,
    audit: { append: appendAudit },
    outbox: outboxWriter,
    hooks: hookRunner(() => services),
  };
  const deliveries = leadDeliveries(outboxWriter);
  const announce: AnnounceChange = async (tx, lead, notes) =>
    void (await outboxWriter.enqueue(tx, {
      kind: `${lead.kind}.updated`,
      record: leadResource(lead, notes),
      leadId: lead.record.id,
      at: lead.work.updatedAt,
    }));
  const inbox = sqlInbox(db, announce);
  const hooks = [
    ...(MODULES as readonly Module[]).flatMap((module) =>
      'personalData' in module ? [(module.personalData as PersonalDataOf)(services)] : [],
    ),
    ...legacyHooks(outboxWriter),
  ];
  const legacy = {
    suspects: sqlSuspects(db, deliveries.deliver),
    quotes: sqlQuotes(db, deliveries.arrive),
    personalData: sqlPersonalData(db, hooks, services.audit),
    team: sqlTeam(db, (message) => outboxWriter.enqueue(db, { kind: 'team.message', record: message })),
    audit: sqlAudit(db),
    inbox,
    inboxExport: sqlInboxExport(db, inbox),
    inboxReport: sqlInboxReport(db),
    waitingLeads: sqlWaitingLeads(db),
    outbox,
    freight: sqlFreight(db),
    applications: sqlApplications(db, outboxWriter),
    proposals: sqlProposals(db, {
      enqueue: (tx, quoteId, notice) => outboxWriter.enqueue(tx, { ...notice, leadId: quoteId }),
      announce,
      // Its listeners (the shipment it opens, docs/requirements.md §12.1) act in the acceptance's transaction.
      accepted: async (tx, proposal, quote) =>
        void (await services.hooks.run('proposal.accepted', tx, { proposal, quote })),
    }),
  };
  const stores: Stores = openModuleStores(services, legacy);
  return {
    ...stores,
    channels,
    templates: TEMPLATES,
    renderStamps: () => renderStamps(db),
    connections: () => db.connections(),
    ping: async () => void (await db.get('SELECT 1')),
    close: () => db.close(),
  };
}

/** The embedded default: one file in dataDir, no server to run. */
export const openSqlite = (dataDir: string, options: RepositoryOptions = {}) =>
  sqlRepository(openSqliteDatabase(dataDir), options);

/** PostgreSQL for several replicas: the same Repository and semantics as SQLite. */
export async function openPostgres(
  connectionString: string,
  { channels, ...options }: PoolOptions & RepositoryOptions,
): Promise<Repository> {
  const db = await openPostgresDatabase(connectionString, options);
  return { ...sqlRepository(db, { channels }), rateLimitCounters: sqlRateLimitCounters(db) };
}

/**
 * PostgreSQL when DATABASE_URL is set (several replicas need a shared server), waited for while it
 * does not answer; else the embedded SQLite file, held by this process alone. Either way with the
 * repository's ANTT acts seeded, once however many replicas start together.
 */
export async function openRepository(config: Config, logger: Logger) {
  const repository = await openTheDatabase(config, logger);
  try {
    await seedRepositoryActs(repository.freight, logger);
  } catch (error) {
    await repository.close();
    throw error;
  }
  return repository;
}

async function openTheDatabase(config: Config, logger: Logger) {
  const options = { channels: configuredChannels(config) };
  const { databaseUrl } = config;
  if (databaseUrl)
    return openWhenReady(() => openPostgres(databaseUrl, { logger, ...options }), {
      databaseUrl,
      waitMs: config.databaseWaitMs,
      logger,
    });
  const folder = prepareDataDir(config.dataDir, SQLITE_FILE);
  // Before the migrations: a second process must not touch the first one's file at all.
  const release = lockDataDir(folder);
  const repository = openSqlite(folder, options);
  // The ping waits for the SQLite file's migrations: a schema that cannot be brought up to date
  // stops the start-up here, as on PostgreSQL, instead of failing every request.
  await repository.ping();
  return { ...repository, close: () => repository.close().finally(release) };
}

/**
 * The site's database for a command run beside the serving process (`npm run team`): the same
 * store, without the DATA_DIR lock the server holds; SQLite lets the two processes take turns
 * writing (busy_timeout), and PostgreSQL serves both anyway.
 */
export async function openBesideTheSite(config: Config, logger: Logger) {
  const options = { channels: configuredChannels(config) };
  if (config.databaseUrl) return openPostgres(config.databaseUrl, { logger, ...options });
  const repository = openSqlite(prepareDataDir(config.dataDir, SQLITE_FILE), options);
  await repository.ping();
  return repository;
}
