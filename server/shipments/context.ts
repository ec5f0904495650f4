import type { FreightStore } from '../freight/sql-store';
import type { AuditRecorder } from '../module/audit';
import type { RouteDeps } from '../module/contract';
import type { TeamStore } from '../team/sql-store';
import type { ShipmentDeps } from './deps';
import type { SHIPMENT_VIEWS } from './views';

/** What the module's routes are built with (server/module/contract.ts): the platform and the stores they name. */
export type ShipmentContext = RouteDeps<typeof SHIPMENT_VIEWS> & {
  shipments: ShipmentDeps;
  team: Pick<TeamStore, 'everyMember'>;
  audit: Pick<AuditRecorder, 'recordView'>;
  freight: Pick<FreightStore, 'laneBetween'>;
};

/** A São Paulo wall-clock date and time ('2026-12-02', '08:15') as the instant it was, or undefined. */
export function saoPauloInstant(date: string, time: string) {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date) || !/^\d{2}:\d{2}$/.test(time)) return undefined;
  const guess = new Date(`${date}T${time}:00Z`);
  if (Number.isNaN(guess.getTime())) return undefined;
  const offset = new Intl.DateTimeFormat('en-US', { timeZone: 'America/Sao_Paulo', timeZoneName: 'longOffset' })
    .formatToParts(guess)
    .find((part) => part.type === 'timeZoneName')!
    .value.replace('GMT', '');
  return new Date(`${date}T${time}:00${offset || '+00:00'}`).toISOString();
}
