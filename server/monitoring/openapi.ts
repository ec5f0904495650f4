import type { RouteConfig } from '@asteasolutions/zod-to-openapi';
import { z } from 'zod';
import { adminOnly, adminToken, json } from '../openapi/parts';
import { CHANNELS } from '../outbox/store';

const health = json(z.object({ status: z.string() }), 'Estado do serviço');

const count = z.int().min(0);
const deliveries = z.object({ pending: count, failed: count });
const readiness = json(
  z.object({
    status: z.enum(['ready', 'draining', 'unavailable']),
    // The totals, then each channel's: waiting, and given up but still in the database.
    outbox: deliveries.extend(Object.fromEntries(CHANNELS.map((channel) => [channel, deliveries]))).optional(),
  }),
  'Prontidão para receber tráfego',
);

/** /health, /health/ready (server/monitoring/health.ts) and /metrics (metrics-routes.ts) in the OpenAPI document. */
export const monitoringOperations: RouteConfig[] = [
  {
    method: 'get',
    path: '/health',
    summary: 'Responde 200 enquanto o banco de dados responde',
    responses: { 200: health, 503: health },
  },
  {
    method: 'get',
    path: '/health/ready',
    summary: 'Responde 503 durante o encerramento ou sem banco; mostra as entregas pendentes e abandonadas por canal',
    responses: { 200: readiness, 503: readiness },
  },
  {
    method: 'get',
    path: '/metrics',
    summary: 'Métricas desta réplica no formato de texto do Prometheus',
    security: adminToken,
    responses: {
      200: {
        description: 'Métricas (text/plain; version=0.0.4)',
        content: { 'text/plain': { schema: z.string() } },
      },
      ...adminOnly,
    },
  },
];
