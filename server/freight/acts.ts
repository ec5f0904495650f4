import type { Logger } from '../process/logger';
import file from './acts/tabela-a.json' with { type: 'json' };
import type { FreightStore } from './sql-store';
import { type AnttTable, tableFrom } from './tables';

/** Where the repository's acts come from, as their tables record it (the provenance is in its SOURCE.md). */
export const ACTS_SOURCE = 'server/freight/acts/tabela-a.json (server/freight/acts/SOURCE.md)';

/**
 * The acts this repository transcribed (server/freight/acts/SOURCE.md), read through the same
 * validation as an admin's, cells it does not give left 'not_transcribed'. Invalid data is a
 * bug of the repository's, so it throws, naming every problem.
 */
export function repositoryActs(): AnttTable[] {
  return file.acts.map((act) => {
    const result = tableFrom(act, { partial: true });
    if ('problems' in result) throw new Error(`${act.id}: ${result.problems.join(' ')}`);
    return result.table;
  });
}

/**
 * At start (server/composition/repository.ts, openRepository): the repository's acts stored, each once
 * however many replicas start together (seedAnttTables), and what changed logged.
 */
export async function seedRepositoryActs(freight: Pick<FreightStore, 'seedAnttTables'>, logger?: Logger) {
  const seeded = await freight.seedAnttTables(repositoryActs(), ACTS_SOURCE);
  if (seeded.added.length || seeded.completed.length || seeded.skipped.length)
    logger?.info({ antt: seeded }, 'tabelas da ANTT do repositório gravadas');
  return seeded;
}
