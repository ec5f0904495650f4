import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { captureLogger } from '../../test/support/app';
import { backendsForThisFile } from '../../test/support/backends';
import { validContact } from '../../test/support/leads';
import { eventually } from '../../test/support/wait';
import type { PurgeCutoffs } from '../module/personal-data';
import { startRetention } from './retention';
import type { PersonalDataStore } from './sql-store';

const DAY = 24 * 60 * 60 * 1000;
const PURGED = 'retenção: contatos e cotações antigos apagados';

/** startRetention with a logger the test reads, stopped when the test ends. */
function retention(
  personalData: Pick<PersonalDataStore, 'purgeOlderThan'>,
  options: { days: number; suspectDays?: number; now?: () => Date; everyMs?: number; onPurged?: () => void },
) {
  const { logger, logs } = captureLogger();
  const running = startRetention({ personalData, logger, suspectDays: 30, applicationDays: 365, ...options });
  onTestFinished(() => running.stop(1_000));
  return { logs, stop: running.stop };
}

describe.each(backendsForThisFile())('Retention on $name', (backend) => {
  it('purges at start-up and then on every round what is older than RETENTION_DAYS by its clock, logging the counts', async () => {
    const repository = await backend.fresh();
    await repository.contacts.createContact(validContact());
    let now = new Date(Date.now() + 29 * DAY);
    const { logs } = retention(repository.personalData, { days: 30, now: () => now, everyMs: 200 });

    await eventually(() => expect(logs.filter((line) => line.msg === PURGED)).toHaveLength(1));
    expect((await repository.contacts.listContacts(1, 10)).total).toBe(1);
    now = new Date(Date.now() + 31 * DAY);
    await eventually(() =>
      expect(logs.filter((line) => line.msg === PURGED).at(-1)).toMatchObject({ contacts: 1, quotes: 0, outbox: 0 }),
    );
    expect(logs.find((line) => line.msg === PURGED)).toMatchObject({
      contacts: 0,
      retentionDays: 30,
      cutoff: expect.stringMatching(/^\d{4}-/),
    });
    expect((await repository.contacts.listContacts(1, 10)).total).toBe(0);
  });

  it('erases the posts held as suspect after SUSPECT_RETENTION_DAYS, even when RETENTION_DAYS keeps the leads', async () => {
    const repository = await backend.fresh();
    const trapped = { honeypot: true, stamp: { kind: 'ok', elapsedMs: 60_000 } } as const;
    await repository.contacts.receiveContact(validContact(), trapped);
    await repository.contacts.createContact(validContact());
    let now = new Date(Date.now() + 29 * DAY);
    const { logs } = retention(repository.personalData, { days: 0, suspectDays: 30, now: () => now, everyMs: 200 });

    await eventually(() => expect(logs.filter((line) => line.msg === PURGED)).toHaveLength(1));
    expect(await repository.suspects.suspectCounts()).toEqual({ suspect: 1, spam: 0 });
    now = new Date(Date.now() + 31 * DAY);
    await eventually(() =>
      expect(logs.filter((line) => line.msg === PURGED).at(-1)).toMatchObject({ suspects: 1, contacts: 0 }),
    );
    expect(await repository.suspects.suspectCounts()).toEqual({ suspect: 0, spam: 0 });
    expect((await repository.contacts.listContacts(1, 10)).total).toBe(1);
  });
});

/** Vitest's clock instead of the machine's, for the test that calls it: rounds run when the test says. */
function fakeClock() {
  vi.useFakeTimers();
  onTestFinished(() => {
    vi.useRealTimers();
  });
}

describe('startRetention', () => {
  it('with RETENTION_DAYS=0 says so once and purges only the posts held as suspect', async () => {
    fakeClock();
    const asked: PurgeCutoffs[] = [];
    const { logs } = retention(
      {
        purgeOlderThan: async (cutoffs) => {
          asked.push(cutoffs);
          return {
            contacts: 0,
            quotes: 0,
            suspects: 0,
            applications: 0,
            outbox: 0,
            audit: 0,
            shipmentsCleared: 0,
            shipmentsExpired: 0,
          };
        },
      },
      { days: 0, suspectDays: 30, everyMs: 10 },
    );
    await vi.advanceTimersByTimeAsync(100);

    expect(asked.length).toBeGreaterThan(1);
    for (const cutoffs of asked) {
      expect(cutoffs.leads).toBeUndefined();
      expect(Date.now() - cutoffs.suspects!.getTime()).toBeGreaterThanOrEqual(30 * DAY - 100);
    }
    expect(
      logs.filter((line) => line.msg === 'RETENTION_DAYS=0: contatos e cotações guardados sem prazo'),
    ).toHaveLength(1);
  });

  it('once stopped, starts no round again', async () => {
    fakeClock();
    let purges = 0;
    const purgeOlderThan = async () => {
      purges++;
      return {
        contacts: 0,
        quotes: 0,
        suspects: 0,
        applications: 0,
        outbox: 0,
        audit: 0,
        shipmentsCleared: 0,
        shipmentsExpired: 0,
      };
    };
    const { stop } = retention({ purgeOlderThan }, { days: 30, everyMs: 200 });
    await vi.advanceTimersByTimeAsync(200);
    expect(purges).toBe(2);

    await stop(1_000);
    await vi.advanceTimersByTimeAsync(10 * 200);

    expect(purges).toBe(2);
  });

  it('after a purge that failed, warns and tries again; only the purge done is told to the metrics', async () => {
    let calls = 0;
    let purged = 0;
    const { logs } = retention(
      {
        purgeOlderThan: async () => {
          if (++calls === 1) throw new Error('Connection terminated');
          return {
            contacts: 2,
            quotes: 1,
            suspects: 0,
            applications: 0,
            outbox: 3,
            audit: 0,
            shipmentsCleared: 0,
            shipmentsExpired: 0,
          };
        },
      },
      { days: 365, everyMs: 50, onPurged: () => purged++ },
    );

    await eventually(() => expect(logs.some((line) => line.msg === PURGED)).toBe(true));
    expect(purged).toBe(logs.filter((line) => line.msg === PURGED).length);
    expect(logs[0]).toMatchObject({ level: 'warn', error: 'Connection terminated' });
    expect(logs[1]).toMatchObject({ contacts: 2, quotes: 1, outbox: 3, retentionDays: 365 });
  });

  it('says so when another replica is purging, and leaves it the round', async () => {
    let purged = 0;
    const { logs } = retention({ purgeOlderThan: async () => undefined }, { days: 365, onPurged: () => purged++ });

    await eventually(() =>
      expect(logs).toEqual([
        expect.objectContaining({ msg: 'retenção: outra réplica está apagando agora; esta pula a vez' }),
      ]),
    );
    expect(purged).toBe(0);
  });
});
