import type { RequestHandler } from 'express';
import { type BusinessCalendar, DEFAULT_CALENDAR } from '../../shared/holidays';
import { folderRoutes } from '../applications/folder-routes';
import { auditRoutes } from '../audit/routes';
import type { RateLimitCounters } from '../db/rate-limit-counters';
import type { CsvExports } from '../exports/routes';
import { freightAdminRoutes } from '../freight/admin-routes';
import { inboxRoutes } from '../inbox/routes';
import type { Manifest } from '../pages/assets';
import { dataRoutes } from '../personal-data/panel';
import { proposalRoutes } from '../proposals/workplace-routes';
import { suspectRoutes } from '../spam/routes';
import { signInLimits } from '../team/limits';
import { passkeyCeremonies } from '../team/passkeys';
import { teamRoutes } from '../team/routes';
import { teamSessions } from '../team/sessions';
import type { WorkplaceContext } from '../workplace/context';
import { LEGACY_VIEWS } from '../workplace/legacy-views';
import { workplacePages } from '../workplace/pages';
import type { WorkplaceRoute } from '../workplace/route';
import { workplaceRouter } from '../workplace/router';
import type { Stores } from './stores';

// The signed-in part assembled, as server/app.ts assembles the public site: the modules' routes
// (server/composition/routes.ts) and those of the features not yet modules. Each states its routes
// and their access in its own table.

export type WorkplaceDeps = {
  stores: Stores;
  manifest: Manifest;
  publicUrl: URL;
  /** The CSV exports, shared with the API's so that one cap counts both. */
  exports: CsvExports;
  /** Whether e-mail is configured (SMTP_URL): codes can be sent, and invitations need one. */
  mailOn: boolean;
  /** The sign-in's attempt counters: the replicas' shared ones on PostgreSQL, else this process's. */
  rateLimitCounters?: RateLimitCounters;
  calendar?: BusinessCalendar;
  /** Every audit action's label (server/composition/audit.ts). */
  auditActions: Readonly<Record<string, string>>;
  /** The modules' signed-in routes, and the session's reader when a module gives it (server/composition/routes.ts). */
  modules: { workplace: readonly WorkplaceRoute[]; session?: RequestHandler };
};

/** Every route of the signed-in part, and the sessions and renderer they share. */
export function workplaceRoutes(deps: WorkplaceDeps) {
  const { stores, publicUrl, exports, calendar = DEFAULT_CALENDAR } = deps;
  const shared: WorkplaceContext = {
    render: workplacePages(deps.manifest)(LEGACY_VIEWS),
    publicUrl,
    calendar,
    auditActions: deps.auditActions,
  };
  const context = { ...stores, ...shared };
  const sessions = teamSessions(stores.team);
  const team = {
    ...context,
    sessions,
    ceremonies: passkeyCeremonies(publicUrl, stores.team, deps.rateLimitCounters),
    mailOn: deps.mailOn,
    limits: signInLimits(deps.rateLimitCounters),
  };
  const routes = [
    ...teamRoutes(team),
    ...inboxRoutes({ ...context, exports }),
    ...proposalRoutes({ ...context, mailOn: deps.mailOn }),
    ...suspectRoutes(context),
    ...auditRoutes(context),
    ...dataRoutes({ ...context, exports }),
    ...freightAdminRoutes(context),
    ...folderRoutes(context),
    ...deps.modules.workplace,
  ];
  return { routes, loadSession: deps.modules.session ?? sessions.load, render: shared.render };
}

/** The signed-in part (/entrar, /painel…) as one router, for server/app.ts to mount. */
export function workplace(deps: WorkplaceDeps) {
  const { routes, loadSession, render } = workplaceRoutes(deps);
  return workplaceRouter({ routes, loadSession, render, publicUrl: deps.publicUrl });
}
