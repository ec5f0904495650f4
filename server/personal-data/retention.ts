import { type BackgroundLoop, backgroundLoop } from '../process/background-loop';
import type { Logger } from '../process/logger';
import type { PersonalDataStore } from './sql-store';

const DAY_MS = 24 * 60 * 60_000;
/** After a purge that failed (the database away), the next try; a day would be a long wait. */
const RETRY_MS = 60 * 60_000;

type Retention = {
  personalData: Pick<PersonalDataStore, 'purgeOlderThan'>;
  /** RETENTION_DAYS; 0 keeps the leads forever. */
  days: number;
  /** SUSPECT_RETENTION_DAYS: posts held as suspect are erased after it, whatever RETENTION_DAYS says. */
  suspectDays: number;
  /** APPLICATION_RETENTION_DAYS: job applications and their CVs are erased after it. */
  applicationDays: number;
  logger: Logger;
  /** The clock that decides what is old; tests set their own. */
  now?: () => Date;
  /** From one purge to the next. */
  everyMs?: number;
  /** Called when this replica has purged (the metrics). */
  onPurged?: () => void;
};

/**
 * Erases the leads older than `days` (docs/requirements.md §10.18; LGPD art. 15 and 16: processing
 * ends once its purpose is met) and the posts held as suspect older than `suspectDays` (§10.9) at
 * start-up and then every day, logging what it erased. With
 * several replicas on PostgreSQL each runs its own timer and one purges at a time: a replica that
 * finds another purging skips its round, which that one covers.
 */
export function startRetention({
  personalData,
  days,
  suspectDays,
  applicationDays,
  logger,
  now = () => new Date(),
  everyMs = DAY_MS,
  onPurged,
}: Retention): BackgroundLoop {
  if (days === 0) logger.info('RETENTION_DAYS=0: contatos e cotações guardados sem prazo');
  /** One purge; resolves with the delay until the next. */
  const purge = async () => {
    const before = (daysAgo: number) => new Date(now().getTime() - daysAgo * DAY_MS);
    const cutoff = days === 0 ? undefined : before(days);
    try {
      const purged = await personalData.purgeOlderThan({
        leads: cutoff,
        suspects: before(suspectDays),
        applications: before(applicationDays),
        now: now(),
      });
      if (purged) {
        onPurged?.();
        logger.info(
          { ...purged, retentionDays: days, suspectRetentionDays: suspectDays, cutoff: cutoff?.toISOString() },
          'retenção: contatos e cotações antigos apagados',
        );
      } else {
        logger.info('retenção: outra réplica está apagando agora; esta pula a vez');
      }
      return everyMs;
    } catch (error) {
      logger.warn(
        { error: error instanceof Error ? error.message : String(error) },
        'retenção: não foi possível apagar os contatos e cotações antigos; nova tentativa em 1 h',
      );
      return Math.min(RETRY_MS, everyMs);
    }
  };

  return backgroundLoop(purge);
}
