import type { Request } from 'express';
import type { BusinessCalendar } from '../../shared/holidays';
import type { LEGACY_VIEWS } from './legacy-views';
import type { RenderWorkplacePage } from './pages';

/**
 * What every feature's signed-in routes are built with, besides the stores each asks for by name
 * (`WorkplaceContext & Pick<Stores, 'inbox'>`).
 */
export type WorkplaceContext = {
  render: RenderWorkplacePage<typeof LEGACY_VIEWS>;
  publicUrl: URL;
  /** The days the promise's clock stops (OPTIONAL_HOLIDAYS): the inbox's waits and clock views. */
  calendar: BusinessCalendar;
  /** Every audit action's label, as the record shows it (server/composition/audit.ts). */
  auditActions: Readonly<Record<string, string>>;
};

/** One field of a form post, as one string: a repeated or missing field reads as empty. */
export const fieldOf = (req: Request, name: string) => {
  const value = (req.body as Record<string, unknown> | undefined)?.[name];
  return typeof value === 'string' ? value : '';
};

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A member id from a URL, if it is one: PostgreSQL refuses a malformed uuid with an error, not a miss. */
export const asMemberId = (value: unknown) => (typeof value === 'string' && UUID.test(value) ? value : undefined);
