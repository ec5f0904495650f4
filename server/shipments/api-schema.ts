import { z } from 'zod';
import { optionalText, requiredText } from '../../shared/fields';
import { AUDIENCES, EVENT_KINDS } from './events';

// The inbound event's body (docs/requirements.md §12.13), one schema for the validation, the
// messages by field and the OpenAPI document (openapi.ts).

const VISIBLE = /^[\x21-\x7e]{1,200}$/;

const municipality = z.union(
  [
    z.object({ ibge: z.string().regex(/^\d{7}$/, 'Use o código IBGE de 7 dígitos.') }),
    z.object({
      city: requiredText({ label: 'o município', max: 120 }),
      state: z.string().regex(/^[A-Za-z]{2}$/, 'Informe a UF com a sigla do estado, por exemplo SP ou PA.'),
    }),
  ],
  { error: 'Informe o município como { "city": "Belém", "state": "PA" } ou { "ibge": "1501402" }.' },
);

export const inboundEvent = z
  .object({
    id: z
      .string({ error: 'Informe o id do evento no seu sistema.' })
      .regex(VISIBLE, 'O id tem de 1 a 200 caracteres visíveis (ASCII).'),
    shipment: z
      .string({ error: 'Informe o embarque: o código (7KQ4-X92M-HTK) ou a chave do CT-e.' })
      .min(1, 'Informe o embarque: o código (7KQ4-X92M-HTK) ou a chave do CT-e.')
      .max(60, 'Informe o embarque: o código (7KQ4-X92M-HTK) ou a chave do CT-e.'),
    type: z.enum(EVENT_KINDS, { error: `Tipo desconhecido: use um de ${EVENT_KINDS.join(', ')}.` }),
    occurredAt: z.iso.datetime({
      offset: true,
      error: 'Informe quando aconteceu em ISO 8601 com fuso: 2026-12-02T08:15:00-03:00.',
    }),
    municipality: municipality.optional(),
    audience: z.enum(AUDIENCES, { error: 'Use customer (o cliente vê) ou internal (só a equipe).' }).optional(),
    note: optionalText({ max: 500, multiline: true }),
    recipient: z
      .object({
        name: requiredText({ label: 'o nome de quem recebeu', max: 120 }),
        document: optionalText({ max: 30 }),
      })
      .optional(),
    cancels: z.uuid('Informe o id do evento cancelado (o id que a API devolveu).').optional(),
    resolves: z.uuid('Informe o id da ocorrência resolvida (o id que a API devolveu).').optional(),
  })
  .superRefine((event, context) => {
    if (event.type === 'cancellation' && !event.cancels)
      context.addIssue({
        code: 'custom',
        path: ['cancels'],
        message: 'Um cancelamento diz qual evento cancela (cancels).',
      });
    if (event.type === 'cancellation' && !event.note)
      context.addIssue({ code: 'custom', path: ['note'], message: 'Um cancelamento diz o motivo (note).' });
    if (event.type === 'resolved' && !event.resolves)
      context.addIssue({
        code: 'custom',
        path: ['resolves'],
        message: 'Diga qual ocorrência foi resolvida (resolves).',
      });
  });

export type InboundEvent = z.infer<typeof inboundEvent>;
