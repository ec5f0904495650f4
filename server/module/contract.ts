import type { RouteConfig } from '@asteasolutions/zod-to-openapi';
import type { ErrorRequestHandler, RequestHandler } from 'express';
import type { LiveContent } from '../../shared/content';
import type { BusinessCalendar } from '../../shared/holidays';
import type { MunicipalityIndex } from '../../shared/municipalities';
import type { Database } from '../db/database';
import type { RateLimitCounters } from '../db/rate-limit-counters';
import type { Manifest } from '../pages/assets';
import type { RenderStamps } from '../pages/render-stamp';
import type { PageRenderer } from '../pages/renderer';
import type { Config } from '../process/config';
import type { Logger } from '../process/logger';
import type { RenderWorkplacePage, Views } from '../workplace/pages';
import type { WorkplaceRoute } from '../workplace/route';
import type { AuditWriter } from './audit';
import type { HookRunner } from './hooks';
import type { MessageTemplates, OutboxWriter } from './messages';
import type { PersonalDataHooks } from './personal-data';

// What a feature module is (docs/decisions/051-feature-modules.md; ARCHITECTURE.md, "Adding a
// feature"): one folder with one public entry, `server/<feature>/index.ts`, whose default export
// is the module below. The composition (server/composition/) lists the modules and derives from
// them the stores, the routes, the workplace's views, the OpenAPI document, the messages, the
// audit actions and LGPD's hooks; nothing else in the tree knows the list.

/** What every store is opened with: the database, and the services modules share. */
export type Services = {
  db: Database;
  /** The audit record: a line in the caller's transaction. */
  audit: AuditWriter;
  /** The outbox: a message queued in the caller's transaction, on its kind's channels. */
  outbox: OutboxWriter;
  /** Other modules' listeners of this module's hook points. */
  hooks: HookRunner;
};

/**
 * What a module's routes are built with, besides the stores they name.
 * @public (the modules' contract: server/module/)
 */
export type Platform = {
  logger: Logger;
  /** The site's public address (PUBLIC_URL): links, canonical addresses, the cross-site check. */
  publicUrl: URL;
  manifest: Manifest;
  /** The days the promise's clock stops (OPTIONAL_HOLIDAYS). */
  calendar: BusinessCalendar;
  /** Whether e-mail is configured (SMTP_URL). */
  mailOn: boolean;
  /** The replicas' shared counters on PostgreSQL; undefined on SQLite, where each process counts in memory. */
  rateLimitCounters?: RateLimitCounters;
  /** The public pages' renderer, for a form's refusal shown as its page. */
  renderPage: PageRenderer;
  /** Every public write's guards: from this site only, within the client's rate (one count per client). */
  writeGuards: RequestHandler[];
  /** The API token's guard (ADMIN_TOKEN; server/http/admin.ts). */
  admin: RequestHandler;
  /** The render stamps of the pages with a form: a post's tells how long after its page it came. */
  stamps: Pick<RenderStamps, 'check'>;
  /** The IBGE municipalities places are resolved against. */
  municipalities: MunicipalityIndex;
  /** Every audit action's label, as the record shows it: the record's page, a lead's history. */
  auditActions: Readonly<Record<string, string>>;
};

/** What a module's routes get: the platform, its own views' renderer, and the stores by name. */
export type RouteDeps<V extends Views = Views> = Platform & { render: RenderWorkplacePage<V> };

type Handler = RequestHandler | ErrorRequestHandler;

/** Handlers mounted at a path, in order (a router and the error pages after it). */
export type Mount = readonly [path: string, ...handlers: Handler[]];

/** A module's public routes, by where server/app.ts mounts them. */
export type SiteRoutes = {
  /** Before the static files: what crawlers and monitors ask for most (/health, /metrics). */
  first?: readonly Mount[];
  /** A variant of the landing page named by its query (`/?contato=enviado`), answered on `GET /`. */
  home?: RequestHandler;
  /** Under /api, compressed as they go, before the API's not-found. */
  api?: readonly Mount[];
  /** Pages and form posts, after the API and before the site's own pages and its not-found. */
  pages?: readonly Mount[];
};

/** What a module's routes are: its public ones, its signed-in ones, and (the team's alone) the session's reader. */
export type Routes = {
  site?: SiteRoutes;
  workplace?: readonly WorkplaceRoute[];
  /** Reads the request's session into res.locals.signedIn: exactly one module gives it. */
  session?: RequestHandler;
};

/**
 * Work a module runs beside the requests (a retention, a schedule), stopped on shutdown.
 * @public (the modules' contract: server/module/)
 */
export type Background = { stop(budgetMs: number): Promise<void> };

export type FeatureModule = {
  /** Its folder's name. */
  name: string;
  /**
   * Its stores by name (`{ positions: PositionStore }`), opened with the shared services; `opened`
   * holds the stores of the modules listed before it, for one built on another's (an export on the
   * leads' batches).
   */
  stores?: (services: Services, opened: never) => object;
  /** The pages of the workplace it renders, by name; its routes' `render` knows these and no other. */
  views?: Views;
  /** Its routes, public and signed-in, built once per app. */
  routes?: (deps: never) => Routes;
  /** Its part of the OpenAPI document: the operations of its /api routes and the webhooks it posts. */
  openapi?: { operations?: readonly RouteConfig[]; webhooks?: readonly RouteConfig[] };
  /** The messages it queues in the outbox, each kind with its template per channel. */
  messages?: MessageTemplates;
  /** The audit actions it writes, with the label the record shows (`'position.created': 'Vaga publicada'`). */
  audit?: Readonly<Record<string, string>>;
  /** What LGPD asks of the personal data it holds. */
  personalData?: (services: Services) => PersonalDataHooks;
  /** The hook points it calls (`'lead.taken'`), which other modules may listen to. */
  hooks?: readonly string[];
  /** What it does when another module calls one of its hook points, by the point's name. */
  listens?: (services: Services) => Readonly<Record<string, (tx: never, payload: never) => Promise<unknown>>>;
  /** What the kept public pages show of it from the database, read at most about once a second. */
  live?: (stores: never) => () => Promise<Partial<LiveContent>>;
  /** Its background work, started by the process (server/index.ts), never by the app. */
  background?: (deps: { logger: Logger; config: Config; stores: never }) => Background;
};

/**
 * A module, its parts' types kept for the composition to check: a route that asks for a store no
 * module opens, or a listener of a hook nobody calls, fails to compile or fails the composition's test.
 */
export const defineModule = <const M extends FeatureModule>(module: M) => module;
