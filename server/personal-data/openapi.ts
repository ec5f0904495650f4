import type { RouteConfig } from '@asteasolutions/zod-to-openapi';
import { z } from 'zod';
import { erasedSchema } from '../../shared/api/types';
import { envelope, json, protectedRead, schemas } from '../openapi/parts';
import { subjectQuerySchema } from './subjects';

const path = '/api/subjects';
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
        }),
      ),
      'Os contatos, as cotações e os envios retidos como suspeitos deste e-mail, mais recentes primeiro',
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
