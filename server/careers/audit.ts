/** The positions' lines of the audit record, as it names them (docs/requirements.md §6.5). */
export const CAREERS_AUDIT = {
  'position.created': 'Vaga publicada',
  'position.updated': 'Vaga editada',
  'position.closed': 'Vaga encerrada',
} as const;

export type CareersAction = keyof typeof CAREERS_AUDIT;
