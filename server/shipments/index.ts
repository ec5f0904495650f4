import { Router } from 'express';
import type { DeliveryFigures } from '../../shared/delivery-report';
import type { Queries } from '../db/database';
import { WRONG_TOKENS } from '../http/admin';
import { attemptLimiter } from '../http/attempt-limit';
import type { LargerBody } from '../http/body-limit';
import { refuseCrossSite } from '../http/cross-site';
import { defineModule } from '../module/contract';
import { IMAGE_PROBLEMS, judgeImage } from '../untrusted';
import { shipmentEventsApi } from './api-routes';
import { SHIPMENT_AUDIT_ACTIONS } from './audit';
import { boardRoutes } from './board-routes';
import { type AcceptedProposal, openFromProposal } from './commands/open';
import type { ShipmentContext } from './context';
import { customerRouter, WRONG_CUSTOMER_LINKS } from './customer-routes';
import type { ShipmentDeps } from './deps';
import {
  DRIVER_BODY_BYTES,
  DRIVER_EVENTS,
  driverRouter,
  isDriverEventPath,
  PHOTO_WIDTH,
  type PhotoJudge,
  WRONG_DRIVER_LINKS,
} from './driver-routes';
import { shipmentPersonalData } from './erasure';
import { integrationRoutes } from './integration-routes';
import { SHIPMENT_MESSAGES } from './messages';
import { shipmentOperations } from './openapi';
import { deliveryFigures } from './report';
import { shipmentRoutes } from './shipment-routes';
import { LOOKUPS, trackingRouter } from './tracking-routes';
import { SHIPMENT_VIEWS } from './views';
import { publicPages } from './views/PublicDocument';

// The shipments module's one public entry (docs/requirements.md §12; docs/decisions/064-shipments.md):
// the accepted proposal's load, followed from its pickup to its proof of delivery. Nothing else of
// the folder is imported from outside it.

/** The module's store: its commands' services, and what the weekly report reads of it (§12.14). */
export type ShipmentStore = ShipmentDeps & { weekDeliveries(since: string, until: string): Promise<DeliveryFigures> };

/** A delivery's POST may carry the canhoto's photos (server/larger-bodies.ts). */
export const shipmentBody = (path: string): LargerBody | undefined =>
  isDriverEventPath(path) ? { bytes: DRIVER_BODY_BYTES, tooLarge: 'PHOTO_TOO_LARGE' } : undefined;

/**
 * A canhoto's photo by its content, turned upright and re-encoded as one JPEG at most 1600 pixels
 * wide with no metadata (GPS included), in the memory-capped image child (server/untrusted/,
 * docs/decisions/052-untrusted-files.md). A busy or missing child is a refusal that passes by itself.
 */
const judgePhoto: PhotoJudge = async (photo, from) => {
  const judged = await judgeImage(photo, { widths: [PHOTO_WIDTH], formats: ['jpeg'] }, from);
  if ('problem' in judged)
    return {
      problem: IMAGE_PROBLEMS[judged.problem],
      retry: judged.problem === 'busy' || judged.problem === 'unavailable',
    };
  const jpeg = judged.versions.find(({ format }) => format === 'jpeg')!;
  return { jpeg: jpeg.bytes, width: jpeg.width, height: jpeg.height };
};

function publicRoutes({
  shipments,
  manifest,
  municipalities,
  rateLimitCounters: counters,
  publicUrl,
}: ShipmentContext) {
  const render = publicPages(manifest);
  const crossSite = refuseCrossSite(publicUrl);
  const limiter = attemptLimiter.bind(undefined, counters);
  const router = Router({ caseSensitive: true, strict: true });
  router.use(trackingRouter({ db: shipments.db, render, lookups: limiter(LOOKUPS) }));
  router.use(
    driverRouter({
      shipments,
      render,
      municipalities,
      wrongLinks: limiter(WRONG_DRIVER_LINKS),
      events: limiter(DRIVER_EVENTS),
      crossSite,
      judgePhoto,
      script: manifest.driver.script,
    }),
  );
  router.use(customerRouter({ shipments, render, wrongLinks: limiter(WRONG_CUSTOMER_LINKS), crossSite }));
  return router;
}

export default defineModule({
  name: 'shipments',
  stores: ({ db, audit, outbox }): { shipments: ShipmentStore } => ({
    shipments: { db, audit, outbox, weekDeliveries: (since, until) => deliveryFigures(db, since, until) },
  }),
  views: SHIPMENT_VIEWS,
  routes: (deps: ShipmentContext) => ({
    site: {
      api: [
        [
          '/shipment-events',
          shipmentEventsApi({
            shipments: deps.shipments,
            municipalities: deps.municipalities,
            wrongTokens: attemptLimiter(deps.rateLimitCounters, WRONG_TOKENS),
          }),
        ],
      ],
      pages: [['/', publicRoutes(deps)]],
    },
    workplace: [...boardRoutes(deps), ...shipmentRoutes(deps), ...integrationRoutes(deps)],
  }),
  openapi: { operations: shipmentOperations },
  messages: SHIPMENT_MESSAGES,
  audit: SHIPMENT_AUDIT_ACTIONS,
  personalData: shipmentPersonalData,
  // An acceptance opens its shipment in the acceptance's own transaction (§12.1).
  listens: (services) => ({
    'proposal.accepted': (tx: Queries, accepted: AcceptedProposal) => openFromProposal(services, tx, accepted),
  }),
});
