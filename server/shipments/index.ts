import { type RequestHandler, Router } from 'express';
import type { MunicipalityIndex } from '../../shared/municipalities';
import type { RateLimitCounters } from '../db/rate-limit-counters';
import { attemptLimiter } from '../http/attempt-limit';
import type { LargerBody } from '../http/body-limit';
import type { Manifest } from '../pages/assets';
import { boardRoutes } from './board-routes';
import type { ShipmentContext } from './context';
import { customerRouter, WRONG_CUSTOMER_LINKS } from './customer-routes';
import type { ShipmentDeps } from './deps';
import {
  DRIVER_BODY_BYTES,
  DRIVER_EVENTS,
  driverRouter,
  isDriverEventPath,
  type PhotoJudge,
  WRONG_DRIVER_LINKS,
} from './driver-routes';
import { integrationRoutes } from './integration-routes';
import { shipmentRoutes } from './shipment-routes';
import { LOOKUPS, trackingRouter } from './tracking-routes';
import { publicPages } from './views/PublicDocument';

// The shipments module's public entry (docs/requirements.md §12; ARCHITECTURE.md, "A feature is a
// module"): what composition mounts. Nothing else of the folder is imported from outside it.

export { shipmentEventsApi } from './api-routes';
export type { ShipmentContext } from './context';
export type { PhotoJudge } from './driver-routes';

/** The team's pages: the board, a shipment's page and its forms, the integrations (admins). */
export const shipmentWorkplaceRoutes = (
  context: Omit<ShipmentContext, 'shipments'> & { shipments: ShipmentContext['shipments'] },
) => [...boardRoutes(context), ...shipmentRoutes(context), ...integrationRoutes(context)];

/** A delivery's POST may carry the canhoto's photos (server/larger-bodies.ts). */
export const shipmentBody = (path: string): LargerBody | undefined =>
  isDriverEventPath(path) ? { bytes: DRIVER_BODY_BYTES, tooLarge: 'PHOTO_TOO_LARGE' } : undefined;

type PublicDeps = {
  shipments: ShipmentDeps;
  manifest: Manifest;
  municipalities: MunicipalityIndex;
  counters?: RateLimitCounters;
  crossSite: RequestHandler;
  judgePhoto: PhotoJudge;
};

/** The public side: /rastreio, the driver's page, the proof's and the notices' links. */
export function shipmentPublicRoutes({
  shipments,
  manifest,
  municipalities,
  counters,
  crossSite,
  judgePhoto,
}: PublicDeps) {
  const render = publicPages(manifest);
  const router = Router({ caseSensitive: true, strict: true });
  router.use(trackingRouter({ db: shipments.db, render, lookups: attemptLimiter(counters, LOOKUPS) }));
  router.use(
    driverRouter({
      shipments,
      render,
      municipalities,
      wrongLinks: attemptLimiter(counters, WRONG_DRIVER_LINKS),
      events: attemptLimiter(counters, DRIVER_EVENTS),
      crossSite,
      judgePhoto,
      script: manifest.driver.script,
    }),
  );
  router.use(
    customerRouter({ shipments, render, wrongLinks: attemptLimiter(counters, WRONG_CUSTOMER_LINKS), crossSite }),
  );
  return router;
}
