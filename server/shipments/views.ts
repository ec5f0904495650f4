import type { Views } from '../workplace/pages';
import { BoardPage } from './views/Board';
import { IntegrationsPage } from './views/IntegrationsPage';
import { OpenForm } from './views/OpenForm';
import { ShipmentPage } from './views/ShipmentPage';
import { MessagePage } from './views/TrackingPage';

/** The team's pages of the shipments (docs/requirements.md §12.6, §12.13). */
export const SHIPMENT_VIEWS = {
  shipments: { view: BoardPage, title: 'Embarques' },
  shipment: { view: ShipmentPage, title: 'Embarque' },
  shipmentOpen: { view: OpenForm, title: 'Abrir embarque' },
  shipmentMissing: { view: MessagePage, title: 'Embarque não encontrado' },
  integrations: { view: IntegrationsPage, title: 'Integrações' },
} satisfies Views;
