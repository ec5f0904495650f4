/** LGPD's lines of the audit record (docs/requirements.md §10.17, §10.18). */
export const PERSONAL_DATA_AUDIT = {
  'subject.access': 'Consulta de titular',
  'subject.erasure': 'Eliminação de titular',
  'retention.purge': 'Expurgo por retenção',
} as const;

export type PersonalDataAction = keyof typeof PERSONAL_DATA_AUDIT;
