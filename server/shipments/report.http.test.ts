import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { todayInSaoPaulo } from '../../shared/sao-paulo-time';
import { createTestApp } from '../../test/support/app';
import { backendsForThisFile } from '../../test/support/backends';
import { readable } from '../../test/support/inbox';
import { signedInMember } from '../../test/support/members';
import { OPENING } from '../../test/support/shipments';
import type { Repository } from '../composition/repository';
import { openShipment } from './commands/open';
import { recordEvent } from './commands/record-event';

// The weekly report's deliveries (docs/requirements.md §12.14): made, on time, transit by lane, open
// ocorrências, and the page's claims beside the measured figures.

const system = { actor: { kind: 'system' as const } };
const hoursAgo = (n: number) => new Date(Date.now() - n * 3_600_000).toISOString();
const daysAgo = (n: number) => todayInSaoPaulo(new Date(Date.now() - n * 86_400_000));

describe.each(backendsForThisFile())('the weekly report’s deliveries on $name', (backend) => {
  it('counts the week’s deliveries, the share on time, the transit by lane and the open ocorrências', async () => {
    const repository: Repository = await backend.fresh({ channels: [] });
    const { app } = createTestApp({ repository });
    // Delivered an hour ago: by today's promise on time, by one two days back late, whatever the hour.
    const today = todayInSaoPaulo();
    const pickup = daysAgo(3);
    const deliver = async (promisedDate: string, pickedHoursAgo: number, key: string) => {
      const id = await openShipment(
        repository.shipments,
        { ...OPENING, pickupFrom: pickup, pickupTo: pickup, promisedDate },
        system,
      );
      const at = (kind: 'picked_up' | 'delivered', when: string) =>
        recordEvent(
          repository.shipments,
          id,
          { kind, occurredAt: when, audience: 'customer', recordedBy: { kind: 'system' }, dedupeKey: `${key}:${kind}` },
          system,
        );
      await at('picked_up', hoursAgo(pickedHoursAgo));
      await at('delivered', hoursAgo(1));
      return id;
    };
    await deliver(today, 25, 'a');
    const late = await deliver(daysAgo(2), 49, 'b');
    await recordEvent(
      repository.shipments,
      late,
      {
        kind: 'damage',
        occurredAt: hoursAgo(0.5),
        audience: 'internal',
        recordedBy: { kind: 'system' },
        dedupeKey: 'b:damage',
      },
      system,
    );
    const { cookie } = await signedInMember(repository, 'vendas');
    // The week of the deliveries, an hour ago: on a Monday's first hour it is the week before.
    const week = todayInSaoPaulo(new Date(Date.now() - 3_600_000));
    const res = await request(app).get('/painel/relatorio').query({ semana: week }).set('Cookie', cookie);
    expect(res.status).toBe(200);
    const text = readable(res.text).replace(/<[^>]+>/g, '');
    expect(text).toContain('Entregas na semana2');
    expect(text).toContain('50% (1 de 2 com data prometida)');
    expect(text).toContain('Avaria: 1');
    expect(text).toContain('Campinas/SP → Belém/PA');
    // The median of 24 h and 48 h of transit.
    expect(text).toContain('1 d 12 h');
    expect(text).toContain('“+10 mil” entregas realizadas; medido: 2 entregas registradas desde');
    expect(text).toContain('“99,8%” de pontualidade; medido: 50% (1 de 2 com data prometida)');
  });
});
