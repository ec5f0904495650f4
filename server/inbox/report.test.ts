import { describe, expect, it } from 'vitest';
import { DEFAULT_CALENDAR } from '../../shared/holidays';
import type { SentProposal } from '../../shared/inbox-report';
import { percentile, proposalFigures, weekFrom, weekOf, weekReport } from './report';

// The weekly report's arithmetic (docs/requirements.md §6.4), case by case.

/** A week without proposals: the cases about the leads. */
const NO_PROPOSALS = proposalFigures([], [], new Date(), DEFAULT_CALENDAR);

describe('the report’s week', () => {
  it.each([
    // today (São Paulo), semana=, → the Monday shown
    ['2026-11-26', '', '2026-11-23'], // a Thursday: this week so far
    ['2026-11-23', '', '2026-11-23'], // a Monday: the week that began at midnight
    ['2026-11-21', '', '2026-11-16'], // a Saturday: its own week, still running
    ['2026-11-22', '', '2026-11-16'], // a Sunday: the last day of its week
    ['2026-11-26', '2026-11-22', '2026-11-16'], // a Sunday belongs to the week before it
    ['2026-11-26', '2026-03-02', '2026-03-02'], // a Monday is its own week's
    ['2026-01-02', '', '2025-12-29'], // across a new year
    ['2026-11-26', '2024-02-29', '2024-02-26'], // a leap day
  ])('today %s, semana=%s → from Monday %s', (today, param, monday) => {
    const { week, problem } = weekOf(param, today);
    expect(problem).toBeUndefined();
    expect(week.monday).toBe(monday);
  });

  it.each(['2026-02-30', '26/11/2026', 'ontem'])(
    'a week it cannot read (%s) is named, and the current one shown',
    (param) => {
      const { week, problem } = weekOf(param, '2026-11-26');
      expect(problem).toBe('Semana inválida: use o calendário, ou AAAA-MM-DD.');
      expect(week.monday).toBe('2026-11-23');
    },
  );

  it('runs from Monday 00:00 to the next Monday 00:00 in São Paulo, with the offset of the time', () => {
    expect(weekFrom('2026-11-16')).toEqual({
      monday: '2026-11-16',
      sunday: '2026-11-22',
      since: '2026-11-16T03:00:00.000Z',
      until: '2026-11-23T03:00:00.000Z',
      previous: '2026-11-09',
      next: '2026-11-23',
    });
    // Brazil's summer time of 2018-19 (-02:00) began on 4 November 2018.
    expect(weekFrom('2018-11-05').since).toBe('2018-11-05T02:00:00.000Z');
  });
});

describe('the report’s figures', () => {
  it.each([
    [[], 0.5, undefined],
    [[7], 0.9, 7],
    [[1, 2, 3, 4], 0.5, 2],
    [[1, 2, 3, 4, 5, 6, 7, 8, 9, 10], 0.9, 9],
    [[1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11], 0.9, 10],
  ])('percentile by nearest rank of %j at %s is %s', (values, p, expected) => {
    expect(percentile(values, p)).toBe(expected);
  });

  const week = weekFrom('2026-11-16');
  const at = (hours: number) => new Date(Date.parse(week.since) + hours * 3_600_000).toISOString();
  const answered = (arrival: number, after: number) => ({ startedAt: at(arrival), respondedAt: at(arrival + after) });

  it('counts the promise kept, the median and the 90th percentile in business hours, unanswered leads at their wait so far', () => {
    // Monday 16/11/2026 in São Paulo, open 7h–18h; hours after its midnight.
    const arrivals = [
      answered(10, 0.5),
      answered(11, 2),
      answered(12, 2.5),
      answered(13, 1),
      // 17:30, answered at 8:00 the next morning: 30 minutes before closing and 1 hour after opening.
      answered(17.5, 14.5),
      // 14:00, still waiting at Tuesday 00:00: 4 business hours.
      { startedAt: at(14) },
    ];
    const counts = [
      { source: 'google', campaign: 'norte', leads: 2, won: 1, lost: 0 },
      { source: 'google', leads: 1, won: 0, lost: 1 },
      { leads: 3, won: 0, lost: 0 },
    ];

    const report = weekReport(week, counts, arrivals, new Date(at(24)), DEFAULT_CALENDAR, NO_PROPOSALS);

    expect(report.leads).toBe(6);
    // 0.5 h, 1 h, 1.5 h and 2 h are within "2 horas úteis"; 2.5 h is not, nor is the one still waiting.
    expect(report.withinPromise).toBe(4);
    // At Tuesday 00:00 the one still waiting is past its due time: every lead's outcome is known.
    expect(report).toMatchObject({ decided: 6, pending: 0, unanswered: 1 });
    // Business waits 0.5, 1, 1.5, 2, 2.5 and 4 hours: the night's 13 hours count for nothing.
    expect(report.median).toBe(1.5 * 3_600_000);
    expect(report.p90).toBe(4 * 3_600_000);
    expect(report.bySource).toEqual([
      { source: 'google', leads: 3, won: 1, lost: 1 },
      { leads: 3, won: 0, lost: 0 },
    ]);
    expect(report.bySourceCampaign.map(({ source, campaign }) => `${source}/${campaign}`)).toEqual([
      'undefined/undefined',
      'google/norte',
      'google/undefined',
    ]);
  });

  it('on a Saturday night the share leaves out the leads not yet due, and says how many', () => {
    // Saturday 21/11/2026 22:00 in São Paulo (open 8h–12h on Saturdays): hours after Monday's midnight.
    const saturdayNight = new Date(at(5 * 24 + 22));
    const arrivals = [
      ...[8, 9, 10, 11].map((hour) => answered(hour, 1)), // Monday, each answered in an hour: kept
      answered(24 + 9, 3), // Tuesday, 3 hours: late
      answered(48 + 9, 4), // Wednesday, 4 hours: late
      { startedAt: at(72 + 9) }, // Thursday 9:00, never answered: overdue since 11:00
      { startedAt: at(5 * 24 + 11) }, // Saturday 11:00: 1 business hour so far, due on Monday
      { startedAt: at(5 * 24 + 15) }, // Saturday 15:00, after closing: nothing waited yet
      { startedAt: at(5 * 24 + 21) }, // Saturday 21:00
    ];
    const counts = [{ leads: arrivals.length, won: 0, lost: 0 }];

    const report = weekReport(week, counts, arrivals, saturdayNight, DEFAULT_CALENDAR, NO_PROPOSALS);

    expect(report.leads).toBe(10);
    // 4 of the 7 whose outcome is known (answered, or past due), not 4 of 10.
    expect(report).toMatchObject({ withinPromise: 4, decided: 7, pending: 3, unanswered: 4 });
  });

  it('a week without leads has no times to show', () => {
    const report = weekReport(week, [], [], new Date(), DEFAULT_CALENDAR, NO_PROPOSALS);
    expect(report).toMatchObject({ leads: 0, withinPromise: 0, decided: 0, pending: 0, unanswered: 0 });
    expect(report.median).toBeUndefined();
  });
});

describe('the week’s proposals', () => {
  // Monday 16/11/2026, 09:00 in São Paulo (12:00 UTC), and hours after it.
  const at = (hours: number) => new Date(Date.parse('2026-11-16T12:00:00Z') + hours * 3_600_000).toISOString();
  const sent = (quoteAt: number, sentAt: number, rest: Partial<SentProposal> = {}): SentProposal => ({
    quoteStartedAt: at(quoteAt),
    sentAt: at(sentAt),
    first: true,
    validUntil: '2026-11-30',
    ...rest,
  });

  it('takes the median from each quote to its first proposal in business hours, and the share accepted of those known', () => {
    const figures = proposalFigures(
      [
        sent(0, 1, { answer: 'accepted' }),
        sent(0, 2, { first: false, answer: 'refused' }),
        sent(0, 3),
        sent(0, 5, { validUntil: '2026-11-17' }),
      ],
      [
        { lane: 'Campinas/SP → Belém/PA', segment: 'bebidas', priceCents: 485_000 },
        { lane: 'Campinas/SP → Belém/PA', priceCents: 100_000 },
        { lane: 'São Paulo/SP → Manaus/AM', segment: 'bebidas', priceCents: 2_000_000 },
      ],
      new Date(at(30)),
      DEFAULT_CALENDAR,
      '2026-11-18',
    );

    expect(figures).toEqual({
      sent: 4,
      medianToProposal: 3 * 3_600_000,
      accepted: 1,
      decided: 3,
      wonCents: 2_585_000,
      byLane: [
        { name: 'São Paulo/SP → Manaus/AM', quotes: 1, cents: 2_000_000 },
        { name: 'Campinas/SP → Belém/PA', quotes: 2, cents: 585_000 },
      ],
      bySegment: [
        { name: 'Bebidas', quotes: 2, cents: 2_485_000 },
        { name: 'Sem segmento', quotes: 1, cents: 100_000 },
      ],
    });
  });
});
