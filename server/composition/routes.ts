import type { LiveContent } from '../../shared/content';
import type { RouteDeps, Routes, SiteRoutes } from '../module/contract';
import { type Views, workplacePages } from '../workplace/pages';
import type { WorkplaceRoute } from '../workplace/route';
import { MODULES } from './modules';
import type { Stores } from './stores';

type Module = (typeof MODULES)[number];
type NeedsOf<M> = M extends { routes: (deps: infer D) => unknown } ? D : unknown;
type ViewsOf<M> = M extends { views: infer V extends Views } ? V : Record<never, never>;
type LiveNeedsOf<M> = M extends { live: (stores: infer S) => unknown } ? S : unknown;

/** The module whose routes (or live content) ask for what no module opens and the platform lacks. */
type Unmet<M> = Stores & RouteDeps<ViewsOf<M>> extends NeedsOf<M> & LiveNeedsOf<M>
  ? never
  : M extends { name: infer N }
    ? N
    : never;

/**
 * Nothing, when every module's needs are met; else a property naming the modules whose routes ask for
 * a store or a dependency nobody gives, which the app's call then lacks: it fails to compile there.
 */
type EveryNeedMet = [Unmet<Module>] extends [never] ? unknown : { unmetNeedsOf: Unmet<Module> };

/** Every module's routes, built once per app: the public ones by stage, the signed-in ones, the session's reader. */
export function moduleRoutes(deps: Omit<RouteDeps, 'render'> & Stores & EveryNeedMet) {
  const pages = workplacePages(deps.manifest);
  const built: Routes[] = (MODULES as readonly Module[]).map((module) =>
    'routes' in module ? module.routes({ ...deps, render: pages('views' in module ? module.views : {}) } as never) : {},
  );
  const site: SiteRoutes[] = built.map((routes) => routes.site ?? {});
  const workplace: WorkplaceRoute[] = built.flatMap((routes) => routes.workplace ?? []);
  return { site, workplace, session: built.find((routes) => routes.session)?.session };
}

/** What the kept pages show from the database: each module's part, read together. */
export function liveReader(stores: Stores) {
  const readers = (MODULES as readonly Module[]).flatMap((module) =>
    'live' in module ? [module.live(stores as never)] : [],
  );
  return async (): Promise<LiveContent> => Object.assign({}, ...(await Promise.all(readers.map((read) => read()))));
}
