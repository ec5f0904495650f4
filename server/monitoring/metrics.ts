import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import { PROMISE_STATES, promiseCutoffs } from '../../shared/business-hours';
import { type BusinessCalendar, DEFAULT_CALENDAR } from '../../shared/holidays';
import { SUSPECT_REASONS } from '../../shared/spam';
import type { Database } from '../db/database';
import { CHANNELS } from '../module/messages';
import { NOTIFICATION_OUTCOMES } from '../outbox/dispatcher';
import { EVICTION_REASONS } from '../process/connections';
import type { Stores } from '../stores';

const LEAD_TYPES = ['contact', 'quote'] as const;
export type LeadType = (typeof LEAD_TYPES)[number];

/**
 * Everything /metrics shows (docs/requirements.md §10.13). Labels take a few fixed values each:
 * the route pattern (never the raw path), the status class, the lead type, the outcome.
 * Counters are this replica's; the outbox's pending and failed counts and the leads waiting are the
 * database's, the same on every replica.
 */
export function createMetrics(
  source: Pick<Stores, 'outbox' | 'waitingLeads' | 'suspects'> &
    Pick<Database, 'connections'> & { ping(): Promise<void> },
  // OPTIONAL_HOLIDAYS (server/process/config.ts): the days the promise's clock stops.
  {
    processMetrics = false,
    calendar = DEFAULT_CALENDAR,
  }: { processMetrics?: boolean; calendar?: BusinessCalendar } = {},
) {
  const registry = new Registry();
  // CPU, memory, event-loop lag, GC, handles: the process's own, sampled when scraped.
  if (processMetrics) collectDefaultMetrics({ register: registry });
  const registers = [registry];

  // Read from the database, the same on every replica: a database that does not answer leaves the
  // gauges empty (NaN) rather than stale.
  const outboxGauge = (name: string, help: string, status: 'pending' | 'failed') =>
    new Gauge({
      name,
      help,
      labelNames: ['channel'] as const,
      registers,
      async collect() {
        const counts = await source.outbox.counts().catch(() => undefined);
        for (const channel of CHANNELS) this.set({ channel }, counts?.[channel][status] ?? Number.NaN);
      },
    });
  outboxGauge(
    'site_outbox_pending',
    'Entregas esperando envio, por canal (todo o outbox, igual em todas as réplicas).',
    'pending',
  );
  outboxGauge(
    'site_outbox_failed',
    'Entregas abandonadas depois de 24 h que o banco ainda guarda, por canal (igual em todas as réplicas).',
    'failed',
  );
  new Gauge({
    name: 'site_leads_waiting',
    help:
      'Contatos e cotações em Novo, pela promessa de 2 horas úteis: dentro do prazo, em risco, atrasados ' +
      '(contados no banco: igual em todas as réplicas).',
    labelNames: ['state'] as const,
    registers,
    async collect() {
      const cutoffs = promiseCutoffs(new Date(), calendar);
      const counts = await source.waitingLeads.waitingLeads(cutoffs).catch(() => undefined);
      for (const state of PROMISE_STATES) this.set({ state }, counts?.[state] ?? Number.NaN);
    },
  });
  new Gauge({
    name: 'site_leads_suspects',
    help: 'Contatos na pasta Suspeitos: à espera de alguém (suspect) e marcados como spam (spam); igual em todas as réplicas.',
    labelNames: ['state'] as const,
    registers,
    async collect() {
      const counts = await source.suspects.suspectCounts().catch(() => undefined);
      for (const state of ['suspect', 'spam'] as const) this.set({ state }, counts?.[state] ?? Number.NaN);
    },
  });
  new Gauge({
    name: 'site_database_up',
    help: 'Se o banco de dados respondeu ao ser perguntado nesta coleta: 1 sim, 0 não.',
    registers,
    async collect() {
      this.set(
        await source.ping().then(
          () => 1,
          () => 0,
        ),
      );
    },
  });
  new Gauge({
    name: 'site_db_connections_in_use',
    help: 'Conexões com o banco de dados em uso nesta réplica (SQLite: a única conexão, 0 ou 1).',
    registers,
    collect() {
      this.set(source.connections().inUse);
    },
  });
  new Gauge({
    name: 'site_db_connections_waiting',
    help: 'Consultas desta réplica esperando uma conexão livre (SQLite: na fila da única conexão).',
    registers,
    collect() {
      this.set(source.connections().waiting);
    },
  });

  const counters = {
    registry,
    requestDuration: new Histogram({
      name: 'site_http_request_duration_seconds',
      help: 'Duração das requisições HTTP, por método, rota e classe de status.',
      labelNames: ['method', 'route', 'status_class'] as const,
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers,
    }),
    leadsCreated: new Counter({
      name: 'site_leads_created_total',
      help: 'Contatos e cotações gravados (réplicas de Idempotency-Key não contam).',
      labelNames: ['type'] as const,
      registers,
    }),
    rateLimited: new Counter({
      name: 'site_rate_limited_requests_total',
      help: 'POSTs recusados com 429 pelo limite por IP.',
      registers,
    }),
    connectionsRefused: new Counter({
      name: 'site_connections_refused_total',
      help: 'Conexões fechadas ao chegar porque MAX_CONNECTIONS já estavam abertas nesta réplica.',
      registers,
    }),
    connectionsEvicted: new Counter({
      name: 'site_connections_evicted_total',
      help:
        'Conexões abertas fechadas para dar lugar a uma nova, com MAX_CONNECTIONS abertas nesta réplica: ' +
        'paradas nos cabeçalhos por 2 s ou mais (stalled_headers), ociosas entre duas requisições (idle) ' +
        'ou à espera dos cabeçalhos há menos tempo (waiting_headers).',
      labelNames: ['reason'] as const,
      registers,
    }),
    suspectReasons: new Counter({
      name: 'site_leads_suspect_total',
      help: 'Contatos retidos como suspeitos, por sinal (um contato conta uma vez em cada sinal que mostrou).',
      labelNames: ['reason'] as const,
      registers,
    }),
    suspectsHeld: new Counter({
      name: 'site_leads_held_total',
      help: 'Contatos retidos como suspeitos na pasta Suspeitos (cada um uma vez).',
      registers,
    }),
    retentionPurged: new Gauge({
      name: 'site_retention_last_purge_timestamp_seconds',
      help: 'Quando esta réplica terminou o último expurgo por RETENTION_DAYS (segundos Unix); 0 antes do primeiro.',
      registers,
    }),
    notifications: new Counter({
      name: 'site_outbox_notifications_total',
      help: 'Tentativas de entrega desta réplica, por canal: enviada, reagendada ou abandonada.',
      labelNames: ['channel', 'outcome'] as const,
      registers,
    }),
  };
  // Every series of the counters the alerts read starts at 0: increase() sees the first lead, held post or
  // delivery after a restart (a series born at 1 would hide it), "no lead for hours" has a series to read,
  // and so has the share of posts held before the first one (deploy/prometheus/alerts.yml). The reasons
  // too: the alert on that share sends whoever answers it to the held posts by reason, where a signal
  // that starts misfiring after a restart must show its first post.
  for (const type of LEAD_TYPES) counters.leadsCreated.inc({ type }, 0);
  counters.suspectsHeld.inc(0);
  for (const reason of Object.keys(SUSPECT_REASONS)) counters.suspectReasons.inc({ reason }, 0);
  for (const reason of EVICTION_REASONS) counters.connectionsEvicted.inc({ reason }, 0);
  for (const channel of CHANNELS)
    for (const outcome of NOTIFICATION_OUTCOMES) counters.notifications.inc({ channel, outcome }, 0);
  return counters;
}

export type Metrics = ReturnType<typeof createMetrics>;
