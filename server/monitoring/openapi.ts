import type { RouteConfig } from '@asteasolutions/zod-to-openapi';
import { z } from 'zod';
import { adminOnly, adminToken, json } from '../openapi/parts';

const health = json(z.object({ status: z.enum(['ok', 'unavailable']) }), 'Estado do serviço, e nada mais');
const readiness = json(
  z.object({ status: z.enum(['ready', 'draining', 'unavailable']) }),
  'Prontidão para receber tráfego, e nada mais',
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
    summary: 'Responde 503 durante o encerramento ou sem banco; os detalhes estão em /metrics',
    responses: { 200: readiness, 503: readiness },
  },
  {
    method: 'get',
    path: '/metrics',
    summary:
      'Métricas desta réplica no formato de texto do Prometheus: ' +
      'o banco, o outbox por canal, a retenção, as requisições',
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
