import type { EvictionReason } from './connections';
import type { Logger } from './logger';

/** One log line a minute at most per kind while connections are refused or evicted: a flood must not flood the log too. */
const REPORT_MS = 60_000;

const FIRST = {
  refused: 'limite de conexões atingido: conexões novas recusadas (MAX_CONNECTIONS)',
  stalled_headers:
    'limite de conexões atingido: conexões paradas nos cabeçalhos fechadas para dar lugar (MAX_CONNECTIONS)',
  idle: 'limite de conexões atingido: conexões ociosas fechadas para dar lugar (MAX_CONNECTIONS)',
  waiting_headers:
    'limite de conexões atingido: conexões à espera dos cabeçalhos fechadas para dar lugar (MAX_CONNECTIONS)',
} satisfies Record<'refused' | EvictionReason, string>;
const SINCE = {
  refused: 'conexões recusadas no último minuto: limite MAX_CONNECTIONS atingido',
  stalled_headers: 'conexões paradas nos cabeçalhos fechadas no último minuto: limite MAX_CONNECTIONS atingido',
  idle: 'conexões ociosas fechadas no último minuto: limite MAX_CONNECTIONS atingido',
  waiting_headers: 'conexões à espera dos cabeçalhos fechadas no último minuto: limite MAX_CONNECTIONS atingido',
} satisfies Record<keyof typeof FIRST, string>;

/**
 * What the connection cap does under a flood, in the log: for each kind (new connections refused;
 * stalled, idle or waiting ones closed to make room), the first at once, then how many more each minute while
 * they go on.
 */
export function reportCapEvents(logger: Logger, maxConnections: number) {
  const kinds = (Object.keys(FIRST) as (keyof typeof FIRST)[]).map((kind) => {
    let count = 0;
    let timer: NodeJS.Timeout | undefined;
    const report = () => {
      timer = undefined;
      if (count === 0) return;
      logger.warn({ [kind === 'refused' ? 'refused' : 'closed']: count, maxConnections }, SINCE[kind]);
      count = 0;
      timer = setTimeout(report, REPORT_MS);
    };
    const add = () => {
      if (timer === undefined) {
        logger.warn({ maxConnections }, FIRST[kind]);
        timer = setTimeout(report, REPORT_MS);
      } else count += 1;
    };
    return [kind, { add, stop: () => clearTimeout(timer) }] as const;
  });
  const byKind = Object.fromEntries(kinds) as Record<keyof typeof FIRST, (typeof kinds)[number][1]>;
  return {
    refused: () => byKind.refused.add(),
    evicted: (reason: EvictionReason) => byKind[reason].add(),
    stop: () => {
      for (const [, kind] of kinds) kind.stop();
    },
  };
}
