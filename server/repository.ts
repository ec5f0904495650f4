import { sqlApplications } from './applications/sql-store';
import { appendAudit, sqlAudit } from './audit/sql-store';
import { sqlPositions } from './careers/sql-store';
import { sqlContacts } from './contacts/sql-store';
import { lockDataDir, prepareDataDir } from './db/data-dir';
import type { Database } from './db/database';
import { openPostgresDatabase, type PoolOptions } from './db/postgres';
import { openWhenReady } from './db/postgres-start';
import { type RateLimitCounters, sqlRateLimitCounters } from './db/rate-limit-counters';
import { openSqliteDatabase, SQLITE_FILE } from './db/sqlite';
import { seedRepositoryActs } from './freight/acts';
import { sqlFreight } from './freight/sql-store';
import { sqlInboxExport } from './inbox/export-store';
import { sqlInboxReport } from './inbox/report-store';
import { type AnnounceChange, sqlInbox } from './inbox/sql-store';
import { sqlWaitingLeads } from './inbox/waiting-counts';
import { leadResource } from './leads/resource';
import { sqlOutbox } from './outbox/sql-store';
import { type Channel, configuredChannels } from './outbox/store';
import { sqlPersonalData } from './personal-data/sql-store';
import type { Config } from './process/config';
import type { Logger } from './process/logger';
import { sqlProposals } from './proposals/sql-store';
import { sqlQuotes } from './quotes/sql-store';
import { openFromProposal } from './shipments/commands/open';
import { sqlSuspects } from './spam/sql-store';
import { type RenderStamps, renderStamps } from './spam/stamp';
import type { Stores } from './stores';
import { sqlTeam } from './team/sql-store';

// Storage, composed: each feature owns its SQL store in its own folder, and db/ gives them the
// drivers, the migrations and transactions. A new feature adds its store here, and touches no
// other feature's folder.

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
    /**
     * Rate-limit counters shared by every replica: PostgreSQL's. Absent on SQLite, where one process
     * is all there is and counting in memory spares the single writer a write per request.
     */
    readonly rateLimitCounters?: RateLimitCounters;
    /** The contact form's render stamps, with the key every replica shares (issue 35). */
    renderStamps(): Promise<RenderStamps>;
    /** Resolves when the database answers a trivial query. */
    ping(): Promise<void>;
  };

/**
 * The Repository on either backend: the statements are the same, `db` runs them. Contacts, quotes
 * and suspects share the outbox's `enqueue`, and a change to a lead announces its updated webhook
 * in the change's own transaction.
 */
function sqlRepository(db: Database, { channels = [] }: RepositoryOptions): Repository {
  const {
    enqueue,
    enqueueArrival,
    noticeErasure,
    announceUpdate,
    mailTeam,
    enqueueProposalNotice,
    enqueueShipment,
    outbox,
  } = sqlOutbox(db, channels);
  const announce: AnnounceChange = (tx, lead, notes) =>
    announceUpdate(tx, { kind: `${lead.kind}.updated`, record: leadResource(lead, notes) });
  const inbox = sqlInbox(db, announce);
  const shipments = {
    db,
    outbox: { enqueue: enqueueShipment },
    audit: appendAudit,
    mailOn: channels.includes('email'),
  };
  return {
    // A lead that arrives gets the visitor's receipt; one released from the Suspeitos folder does not.
    contacts: sqlContacts(db, enqueueArrival),
    suspects: sqlSuspects(db, enqueue),
    quotes: sqlQuotes(db, enqueueArrival),
    personalData: sqlPersonalData(db, noticeErasure),
    team: sqlTeam(db, mailTeam),
    audit: sqlAudit(db),
    inbox,
    inboxExport: sqlInboxExport(db, inbox),
    inboxReport: sqlInboxReport(db),
    waitingLeads: sqlWaitingLeads(db),
    outbox,
    freight: sqlFreight(db),
    applications: sqlApplications(db),
    positions: sqlPositions(db),
    // An acceptance opens the proposal's shipment in its own transaction (docs/requirements.md §12.1).
    proposals: sqlProposals(db, {
      enqueue: enqueueProposalNotice,
      announce,
      accepted: (tx, proposal, quote) => openFromProposal(shipments, tx, { proposal, quote }),
    }),
    shipments,
    channels,
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
