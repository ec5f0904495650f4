import type { RouteConfig } from '@asteasolutions/zod-to-openapi';
import { z } from 'zod';
import { erasedSchema } from '../../shared/api/types';
import { STAGES, type Stage } from '../../shared/application';
import { envelope, json, protectedRead, schemas } from '../openapi/parts';
import { subjectQuerySchema } from './subjects';

const path = '/api/subjects';

/** A job application as its person's access shows it (docs/requirements.md §10.17), its CV included as base64. */
const subjectApplication = z
  .object({
    id: z.uuid(),
    createdAt: z.iso.datetime(),
    name: z.string(),
    email: z.string(),
    phone: z.string(),
    city: z.string(),
    state: z.string(),
    positionId: z.uuid().nullable(),
    talentPool: z.boolean(),
    cnh: z.string().nullable(),
    experience: z.record(z.string(), z.int()),
    mopp: z.boolean(),
    message: z.string().nullable(),
    stage: z.enum(Object.keys(STAGES) as [Stage, ...Stage[]]),
    cv: z.object({ name: z.string(), pdfBase64: z.string().meta({ description: 'O currículo em PDF, em base64' }) }),
  })
  .meta({ id: 'SubjectApplication' });
/** A proposal made on one of the person's quotes (docs/requirements.md §10.17), and its answer. */
const subjectProposal = z
  .object({
    id: z.uuid(),
    quoteId: z.uuid(),
    priceCents: z.int().meta({ description: 'O preço, em centavos de real' }),
    includesToll: z.boolean(),
    includesInsurance: z.boolean(),
    includesIcms: z.boolean(),
    includesText: z.string().optional(),
    validUntil: z.iso.date(),
    pickupFrom: z.iso.date(),
    pickupTo: z.iso.date(),
    conditions: z.string().optional(),
    sentAt: z.iso.datetime().optional(),
    viewedAt: z.iso.datetime().optional(),
    answeredAt: z.iso.datetime().optional(),
    answer: z.enum(['accepted', 'refused']).optional(),
    answerReason: z.string().optional(),
    acceptedBy: z.string().optional(),
  })
  .meta({ id: 'SubjectProposal' });
const request = { query: subjectQuerySchema };

/** /api/subjects in the OpenAPI document (server/personal-data/subjects.ts). */
export const subjectOperations: RouteConfig[] = [
  protectedRead(
    {
      path,
      request,
      summary:
        'Tudo o que está guardado com este e-mail, em qualquer caixa (LGPD art. 18: confirmação e acesso); ' +
        'registrado na auditoria',
    },
    json(
      envelope(
        z.object({
          contacts: z.array(schemas.Contact),
          quotes: z.array(schemas.Quote),
          suspects: z.array(schemas.HeldPost),
          applications: z.array(subjectApplication),
          proposals: z.array(subjectProposal),
        }),
      ),
      'Os contatos, as cotações, os envios retidos como suspeitos, as candidaturas (com o currículo) e as propostas ' +
        'feitas às cotações deste e-mail, mais recentes primeiro',
    ),
  ),
  protectedRead(
    {
      method: 'delete',
      path,
      request,
      summary:
        'Apaga tudo o que está guardado com este e-mail, com as cópias ainda não entregues ' +
        '(LGPD art. 18: eliminação), e avisa o webhook que recebeu algum destes pedidos (subject.erased); ' +
        'registrado na auditoria',
    },
    json(envelope(erasedSchema), 'Quantos contatos, cotações e envios retidos foram apagados'),
  ),
];
