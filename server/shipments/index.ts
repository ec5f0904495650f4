import { boardRoutes } from './board-routes';
import type { ShipmentContext } from './context';
import { integrationRoutes } from './integration-routes';
import { shipmentRoutes } from './shipment-routes';

// The shipments module's public entry (docs/requirements.md §12; ARCHITECTURE.md, "A feature is a
// module"): what composition mounts. Nothing else of the folder is imported from outside it.

export type { ShipmentContext } from './context';

/** The team's pages: the board, a shipment's page and its forms, the integrations (admins). */
export const shipmentWorkplaceRoutes = (
  context: Omit<ShipmentContext, 'shipments'> & { shipments: ShipmentContext['shipments'] },
) => [...boardRoutes(context), ...shipmentRoutes(context), ...integrationRoutes(context)];
