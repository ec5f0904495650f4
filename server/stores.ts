import type { ApplicationStore } from './applications/sql-store';
import type { AuditStore } from './audit/events';
import type { PositionStore } from './careers/sql-store';
import type { ContactStore } from './contacts/sql-store';
import type { FreightStore } from './freight/sql-store';
import type { InboxExportStore } from './inbox/export-store';
import type { InboxReportStore } from './inbox/report-store';
import type { InboxStore } from './inbox/sql-store';
import type { WaitingLeadsStore } from './inbox/waiting-counts';
import type { Outbox } from './outbox/store';
import type { PersonalDataStore } from './personal-data/sql-store';
import type { ProposalStore } from './proposals/sql-store';
import type { QuoteStore } from './quotes/sql-store';
import type { SuspectStore } from './spam/sql-store';
import type { TeamStore } from './team/sql-store';

/**
 * Every store by name, as the features that are not modules yet ask for them (a module names the
 * stores it uses from their modules' entries; server/composition/stores.ts derives the whole).
 * Every feature's store, by name. A route or a feature asks for the ones it uses with a Pick
 * (`Pick<Stores, 'team' | 'audit'>`), so that a name means one store across the tree and a store's
 * type is written once, in its feature. The composition root (repository.ts) opens them all.
 */
export type Stores = {
  contacts: ContactStore;
  quotes: QuoteStore;
  suspects: SuspectStore;
  personalData: PersonalDataStore;
  team: TeamStore;
  audit: AuditStore;
  inbox: InboxStore;
  inboxExport: InboxExportStore;
  inboxReport: InboxReportStore;
  waitingLeads: WaitingLeadsStore;
  outbox: Outbox;
  /** The ANTT acts and the lane table (docs/requirements.md §9.5). */
  freight: FreightStore;
  applications: ApplicationStore;
  positions: PositionStore;
  proposals: ProposalStore;
};
