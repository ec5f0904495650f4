import type { RouteConfig } from '@asteasolutions/zod-to-openapi';
import { z } from 'zod';
import { envelope, failure, json, unavailable } from '../openapi/parts';
import { inboundEvent } from './api-schema';

// The inbound events API in the OpenAPI document (docs/requirements.md §12.13; server/shipments/api-routes.ts).

const recorded = z
  .object({
    id: z.uuid().meta({ description: 'O id do evento no site: o que cancels e resolves nomeiam' }),
    type: z.string(),
    occurredAt: z.iso.datetime(),
    shipment: z.string().meta({ description: 'O código do embarque, sem traços' }),
  })
  .meta({ id: 'RecordedShipmentEvent' });

const example = {
  id: 'tms-000123',
  shipment: '7KQ4-X92M-HTK',
  type: 'in_transit',
  occurredAt: '2026-12-02T08:15:00-03:00',
  municipality: { city: 'Marabá', state: 'PA' },
};

const responses = {
  201: json(envelope(recorded), 'Registrado'),
  200: json(envelope(recorded), 'Já recebido com este id: o mesmo evento, com o cabeçalho Idempotent-Replayed: true'),
  400: failure('Campos inválidos (errors nomeia cada um: occurredAt, municipality.city…), JSON malformado'),
  401: failure('Token ausente, errado ou revogado; assinatura inválida ou de mais de 5 minutos'),
  404: failure('Nenhum embarque com este código ou chave de CT-e (SHIPMENT_NOT_FOUND)'),
  413: failure('Corpo acima de 16 KB'),
  415: failure('Envie application/json'),
  429: failure('Tokens ou assinaturas errados demais deste endereço: espere o Retry-After'),
  ...unavailable,
};

const body = {
  required: true,
  content: { 'application/json': { schema: inboundEvent.meta({ id: 'InboundShipmentEvent', example }) } },
};

export const shipmentOperations: RouteConfig[] = [
  {
    method: 'post',
    path: '/api/shipment-events',
    summary:
      'Um evento de embarque enviado por um TMS ou rastreador, com o token da integração (criada em /painel/integracoes); ' +
      'um evento por id do remetente',
    security: [{ integrationToken: [] }],
    request: { body },
    responses,
  },
  {
    method: 'post',
    path: '/api/shipment-events/{integration}',
    summary:
      'O mesmo evento, assinado pelo esquema Standard Webhooks com o segredo da integração ' +
      '(cabeçalhos webhook-id, webhook-timestamp, webhook-signature)',
    request: {
      params: z.object({ integration: z.uuid().meta({ description: 'O id da integração, mostrado ao criá-la' }) }),
      headers: z.object({ 'webhook-id': z.string(), 'webhook-timestamp': z.string(), 'webhook-signature': z.string() }),
      body,
    },
    responses,
  },
];
