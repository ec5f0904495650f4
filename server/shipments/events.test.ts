import { describe, expect, it } from 'vitest';
import { type EventFacts, openOccurrences, statusOf } from './events';

let seq = 0;
const event = (kind: EventFacts['kind'], occurredAt: string, refersTo?: string): EventFacts => ({
  id: `e${++seq}`,
  kind,
  occurredAt,
  seq,
  ...(refersTo && { refersTo }),
});

describe('the status read from the events (docs/requirements.md §12.5)', () => {
  it('is scheduled before any event', () => {
    expect(statusOf([])).toEqual({ status: 'scheduled' });
  });

  it('follows the last status event by the time it happened, not the time it arrived', () => {
    const inTransit = event('in_transit', '2026-12-02T10:00:00.000Z');
    // Sent from a phone without signal, it arrives after the later one and takes its place in time.
    const pickedUpLate = event('picked_up', '2026-12-01T08:00:00.000Z');
    expect(statusOf([inTransit, pickedUpLate])).toEqual({ status: 'in_transit', at: inTransit.occurredAt });
  });

  it('leaves a cancelled event out, and falls back to the one before it', () => {
    const picked = event('picked_up', '2026-12-01T08:00:00.000Z');
    const delivered = event('delivered', '2026-12-03T08:00:00.000Z');
    const cancel = event('cancellation', '2026-12-03T09:00:00.000Z', delivered.id);
    expect(statusOf([picked, delivered, cancel]).status).toBe('picked_up');
  });

  it('keeps a pickup recorded before the shipment was opened', () => {
    const picked = event('picked_up', '2026-12-01T08:00:00.000Z');
    expect(statusOf([picked, event('scheduled', '2026-12-01T10:00:00.000Z')]).status).toBe('picked_up');
  });

  it('is not moved by an ocorrência', () => {
    const picked = event('picked_up', '2026-12-01T08:00:00.000Z');
    expect(statusOf([picked, event('delay', '2026-12-02T08:00:00.000Z')]).status).toBe('picked_up');
  });

  it('keeps an ocorrência open until resolved or cancelled', () => {
    const delay = event('delay', '2026-12-02T08:00:00.000Z');
    const damage = event('damage', '2026-12-02T09:00:00.000Z');
    const attempt = event('attempt', '2026-12-02T10:00:00.000Z');
    const events = [delay, damage, attempt, event('resolved', '2026-12-02T11:00:00.000Z', delay.id)];
    events.push(event('cancellation', '2026-12-02T12:00:00.000Z', attempt.id));
    expect(openOccurrences(events).map((e) => e.id)).toEqual([damage.id]);
  });

  it('opens an ocorrência again when its resolution is cancelled', () => {
    const delay = event('delay', '2026-12-02T08:00:00.000Z');
    const resolved = event('resolved', '2026-12-02T11:00:00.000Z', delay.id);
    const events = [delay, resolved, event('cancellation', '2026-12-02T12:00:00.000Z', resolved.id)];
    expect(openOccurrences(events).map((e) => e.id)).toEqual([delay.id]);
  });
});
