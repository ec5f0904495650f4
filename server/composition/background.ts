import type { Background, FeatureModule } from '../module/contract';
import type { Config } from '../process/config';
import type { Logger } from '../process/logger';
import { MODULES } from './modules';
import type { Stores } from './stores';

type BackgroundOf = NonNullable<FeatureModule['background']>;

/** Every module's work beside the requests, started by the process (server/index.ts) and stopped with it. */
export function startBackground(deps: { logger: Logger; config: Config; stores: Stores }): Background {
  const running = (MODULES as readonly FeatureModule[]).flatMap((module) =>
    module.background ? [(module.background as BackgroundOf)({ ...deps, stores: deps.stores as never })] : [],
  );
  return {
    async stop(budgetMs) {
      await Promise.all(running.map((work) => work.stop(budgetMs)));
    },
  };
}
