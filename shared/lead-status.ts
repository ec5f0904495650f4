// Where a lead stands as the sales team works it (docs/requirements.md §6.4): the one list
// the inbox, the lead's page, the API's PATCH, the export and the webhooks share.

export const LEAD_STATUS_LABELS = {
  new: 'Novo',
  contacted: 'Em contato',
  proposal: 'Proposta enviada',
  won: 'Ganho',
  lost: 'Perdido',
  // Closes what was never a sale (a job seeker, a supplier, a complaint) without counting it as lost
  // in the weekly report (docs/requirements.md §6.4). Last, so that older receivers see the list they knew first.
  not_sales: 'Não é venda',
} as const;

export type LeadStatus = keyof typeof LEAD_STATUS_LABELS;
export const LEAD_STATUSES = Object.keys(LEAD_STATUS_LABELS) as LeadStatus[];

/** The status every lead arrives in: its clock runs while it stays here (shared/business-hours.ts). */
export const FIRST_STATUS = 'new' satisfies LeadStatus;

export const LEAD_KINDS = { contact: 'Contato', quote: 'Cotação' } as const;
export type LeadKind = keyof typeof LEAD_KINDS;

/** The longest lost reason and note a member may write: a paragraph, not a document. */
export const LOST_REASON_MAX = 300;
export const NOTE_MAX = 4000;
