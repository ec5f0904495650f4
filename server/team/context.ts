import type { Request, Response } from 'express';
import { type BusinessCalendar, DEFAULT_CALENDAR } from '../../shared/holidays';
import type { AuditActor, AuditEvent, AuditStore } from '../audit/events';
import type { RateLimitCounters } from '../db/rate-limit-counters';
import type { CsvExports } from '../exports/routes';
import { requestIdOf } from '../http/request-logging';
import type { InboxExportStore } from '../inbox/export-store';
import type { InboxReportStore } from '../inbox/report-store';
import type { InboxStore } from '../inbox/sql-store';
import type { Outbox } from '../outbox/store';
import type { Manifest } from '../pages/assets';
import type { PersonalDataStore } from '../personal-data/sql-store';
import type { SuspectStore } from '../spam/sql-store';
import { type SignInLimits, signInLimits } from './limits';
import { type RenderTeamPage, teamPages } from './pages';
import { type PasskeyCeremonies, passkeyCeremonies } from './passkeys';
import { type TeamSessions, teamSessions } from './sessions';
import type { TeamStore } from './sql-store';

/** What the team's handlers work with. */
export type TeamContext = {
  store: TeamStore &
    AuditStore &
    PersonalDataStore &
    InboxStore &
    InboxExportStore &
    InboxReportStore &
    SuspectStore & { outbox: Pick<Outbox, 'ofLead'> };
  sessions: TeamSessions;
  ceremonies: PasskeyCeremonies;
  render: RenderTeamPage;
  publicUrl: URL;
  /** Whether e-mail is configured (SMTP_URL): codes can be sent, and invitations need one. */
  mailOn: boolean;
  limits: SignInLimits;
  /** The CSV exports, shared with the API's so that one cap counts both. */
  exports: CsvExports;
  /** The days the promise's clock stops (OPTIONAL_HOLIDAYS): the inbox's waits and clock views. */
  calendar: BusinessCalendar;
};

/** The signed-in member as the audit names them; anonymous before sign-in. */
const actorOf = (res: Response): AuditActor => {
  const member = res.locals.signedIn?.member;
  return member ? { kind: 'member', id: member.id, email: member.email } : { kind: 'anonymous' };
};

/** Appends a line for this request: its actor unless given, its address as trusted, and its id. */
export const auditFor =
  ({ store }: Pick<TeamContext, 'store'>) =>
  (req: Request, res: Response, event: Omit<AuditEvent, 'actor' | 'ip' | 'requestId'> & { actor?: AuditActor }) =>
    store.recordAudit({ actor: actorOf(res), ...event, ip: req.ip, requestId: requestIdOf(res) });

/** One field of a form post, as one string: a repeated or missing field reads as empty. */
export const fieldOf = (req: Request, name: string) => {
  const value = (req.body as Record<string, unknown> | undefined)?.[name];
  return typeof value === 'string' ? value : '';
};

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A member id from a URL, if it is one: PostgreSQL refuses a malformed uuid with an error, not a miss. */
export const asMemberId = (value: unknown) => (typeof value === 'string' && UUID.test(value) ? value : undefined);

type ContextDeps = {
  repository: TeamStore &
    AuditStore &
    PersonalDataStore &
    InboxStore &
    InboxExportStore &
    InboxReportStore &
    SuspectStore & {
      outbox: Pick<Outbox, 'ofLead'>;
      channels: readonly string[];
      rateLimitCounters?: RateLimitCounters;
    };
  manifest: Manifest;
  publicUrl: URL;
  exports: CsvExports;
  calendar?: BusinessCalendar;
};

/** The team's context as the app builds it, from the repository and the build. */
export const teamContext = ({
  repository,
  manifest,
  publicUrl,
  exports,
  calendar = DEFAULT_CALENDAR,
}: ContextDeps): TeamContext => ({
  store: repository,
  sessions: teamSessions(repository),
  ceremonies: passkeyCeremonies(publicUrl, repository),
  render: teamPages(manifest),
  publicUrl,
  mailOn: repository.channels.includes('email'),
  limits: signInLimits(repository.rateLimitCounters),
  exports,
  calendar,
});
