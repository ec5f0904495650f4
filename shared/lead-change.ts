import { z } from 'zod';
import { email, optionalText } from './fields';
import { LEAD_STATUS_LABELS, LEAD_STATUSES, LOST_REASON_MAX, NOTE_MAX } from './lead-status';

// What a member (on the lead's page) or a CRM (PATCH /api/contacts|quotes/ID) changes on a lead
// (docs/requirements.md §6.2, §6.4): one rule for both, so the page and the API refuse
// the same things with the same Portuguese words.

export const LOST_NEEDS_REASON = 'Informe o motivo da perda: ele conta no relatório de ganhos e perdas.';
const NOTHING_TO_CHANGE = 'Nada a alterar: envie ao menos um de status, lostReason, owner ou note.';

/** The API's body: each part optional; `owner` is a member's e-mail, or null for nobody. */
export const leadChangeSchema = z
  .strictObject(
    {
      status: z.enum(LEAD_STATUSES, {
        error: `Situação inválida: use ${LEAD_STATUSES.map((status) => `${status} (${LEAD_STATUS_LABELS[status]})`).join(', ')}.`,
      }),
      lostReason: optionalText({ max: LOST_REASON_MAX }),
      owner: email.nullable(),
      note: optionalText({ max: NOTE_MAX, multiline: true }),
    },
    {
      error: (issue) =>
        issue.code === 'unrecognized_keys' ? `Campo desconhecido: ${issue.keys.join(', ')}.` : undefined,
    },
  )
  .partial()
  .superRefine((change, context) => {
    if (change.status === 'lost' && !change.lostReason)
      context.addIssue({ code: 'custom', path: ['lostReason'], message: LOST_NEEDS_REASON });
    if (Object.values(change).every((value) => value === undefined))
      context.addIssue({ code: 'custom', path: ['body'], message: NOTHING_TO_CHANGE });
  })
  .meta({ id: 'LeadChange' });

/** The team's work on a lead, beside its record, as the API's reply and the updated webhooks show it. */
export const leadWorkShape = {
  lostReason: z.string().optional().meta({ description: 'Por que foi perdido (só com status lost)' }),
  owner: z
    .object({ name: z.string(), email: z.email() })
    .nullable()
    .meta({ description: 'Quem da equipe cuida do lead; null: ninguém' }),
  respondedAt: z.iso.datetime().optional().meta({ description: 'Quando saiu de new pela primeira vez' }),
  version: z.int().min(1).meta({ description: 'Sobe a cada alteração: é a ETag ("3") para o If-Match' }),
  updatedAt: z.iso.datetime().optional(),
  notes: z
    .array(z.object({ author: z.string(), body: z.string(), createdAt: z.iso.datetime() }))
    .meta({ description: 'As notas da equipe, mais antigas primeiro' }),
};
export type LeadWorkBody = z.output<z.ZodObject<typeof leadWorkShape>>;
