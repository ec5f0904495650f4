import type { Request, Response } from 'express';
import type { ListResult } from '../db/results';
import { type AuditRecorder, auditContext } from '../module/audit';

/**
 * A protected listing's page, recorded as read (docs/requirements.md §11.6) with the leads it showed
 * before it is sent: a page whose line cannot be written is not sent.
 */
export const auditedListing =
  <T extends { id: string }>(
    audit: Pick<AuditRecorder, 'recordAudit'>,
    table: 'contacts' | 'quotes',
    list: (page: number, limit: number) => Promise<ListResult<T>>,
  ) =>
  async (page: number, limit: number, req: Request, res: Response) => {
    const listed = await list(page, limit);
    await audit.recordAudit({
      ...auditContext(req, res),
      action: 'leads.read',
      leadIds: listed.items.map((item) => item.id),
      detail: { table, page, limit },
    });
    return listed;
  };
