import { defineModule } from '../module/contract';
import { CAREERS_AUDIT } from './audit';
import { careersRoutes } from './routes';
import { type PositionStore, sqlPositions } from './sql-store';
import { CAREERS_VIEWS } from './views';

/**
 * Job openings (docs/requirements.md §2.3, §6.5): the positions' store, the admins' pages at
 * /painel/vagas, and the open ones on the landing page's "Trabalhe conosco".
 */
export default defineModule({
  name: 'careers',
  stores: ({ db, audit }) => ({ positions: sqlPositions(db, audit) }),
  views: CAREERS_VIEWS,
  routes: (deps: Parameters<typeof careersRoutes>[0]) => ({ workplace: careersRoutes(deps) }),
  audit: CAREERS_AUDIT,
  live:
    ({ positions }: { positions: PositionStore }) =>
    async () => ({ positions: await positions.listOpen() }),
});
