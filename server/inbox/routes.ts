import type { WorkplaceRoute } from '../workplace/route';
import { exportRoutes } from './export-routes';
import { leadRoutes } from './lead-routes';
import { inboxListRoutes } from './list-routes';
import { reportRoutes } from './report-routes';

/** The inbox's pages: the list, a lead's page, the filtered export and the weekly report. */
export const inboxRoutes = (
  context: Parameters<typeof inboxListRoutes>[0] &
    Parameters<typeof leadRoutes>[0] &
    Parameters<typeof exportRoutes>[0] &
    Parameters<typeof reportRoutes>[0],
): WorkplaceRoute[] => [
  ...inboxListRoutes(context),
  ...leadRoutes(context),
  ...exportRoutes(context),
  ...reportRoutes(context),
];
