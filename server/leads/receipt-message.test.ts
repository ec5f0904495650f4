import { describe, expect, it } from 'vitest';
import type { BusinessCalendar } from '../../shared/holidays';
import { receiptMessage } from './receipt-message';

const CLOSED: BusinessCalendar = { optionalHolidays: 'closed' };

// The visitor's receipt, read at fixed moments (docs/requirements.md §9.4): the promise in São Paulo's words.
describe('the visitor’s receipt', () => {
  it.each([
    ['a Saturday late morning', '2026-11-28T11:00-03:00', 'até segunda, 8h00'],
    ['Christmas Eve at 17:00', '2026-12-24T17:00-03:00', 'até sábado, 9h00'],
    ['Carnival Saturday', '2026-02-14T11:30-03:00', 'até quarta, 8h30'],
    ['a Monday morning', '2026-11-30T10:00-03:00', 'até hoje, 12h00'],
  ])('sent on %s, promises “%s”', (_when, arrivedAt, promise) => {
    const arrived = new Date(arrivedAt);

    const { text } = receiptMessage({ to: 'ana@empresa.com.br', leadKind: 'contact', arrivedAt }, CLOSED, arrived);

    expect(text).toContain(`Nossa equipe responde em até 2 horas úteis: ${promise} (horário de Brasília).`);
  });

  it('names the kind of request in its subject, and nothing the visitor typed anywhere', () => {
    const record = { to: 'ana@empresa.com.br', leadKind: 'quote', arrivedAt: '2026-11-30T10:00-03:00' } as const;

    const { subject, text } = receiptMessage(record, CLOSED, new Date(record.arrivedAt));

    expect(subject).toBe('Recebemos seu pedido de cotação · Rota Norte');
    expect(`${subject}\n${text}`).not.toContain('ana@empresa.com.br');
  });

  it('promises no time already past when it leaves late', () => {
    const arrivedAt = '2026-11-30T10:00-03:00';

    const { text } = receiptMessage(
      { to: 'a@b.com.br', leadKind: 'contact', arrivedAt },
      CLOSED,
      new Date('2026-12-01T10:00-03:00'),
    );

    expect(text).toContain('Nossa equipe vai responder o quanto antes.');
    expect(text).not.toContain('até');
  });
});
