import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { company } from '../../shared/content';
import { backendsForThisFile } from '../../test/support/backends';
import { startInstance } from '../../test/support/instance';
import { pending } from '../../test/support/outbox';
import { OPENING } from '../../test/support/shipments';
import { header, type Received, startSmtp } from '../../test/support/smtp';
import { eventually } from '../../test/support/wait';
import { codeText } from './code';
import { openShipment } from './commands/open';
import { recordEvent } from './commands/record-event';
import type { Audience, EventKind } from './events';

// The customer's notices through a real SMTP server (docs/requirements.md §12.10): one e-mail at
// the opening and at each event of §12.10's list (coletada, saiu para entrega, entregue, an
// ocorrência), none for the others nor for an internal one; the delivery's carries the proof's link
// (§12.12); the stop link each one carries, posted as a mail client's one click (RFC 8058), stops
// the next ones.

const by = { actor: { kind: 'system' as const } };
const CUSTOMER = 'marta@acme.com.br';

describe.each(backendsForThisFile())('the customer’s e-mails of a shipment on $name', (backend) => {
  it('sends one e-mail per customer event of the list, none for the others, until the stop link', {
    timeout: 60_000,
  }, async () => {
    const smtp = await startSmtp();
    const repository = await backend.fresh({ channels: ['email'] });
    const { app } = startInstance(repository, smtp.url);
    const id = await openShipment(repository.shipments, { ...OPENING, customerEmail: CUSTOMER }, by);
    const code = String((await repository.shipments.db.get('SELECT code FROM shipments WHERE id = ?', [id]))?.code);
    const mails = () => smtp.messages.filter((message) => message.recipients.includes(CUSTOMER));
    /** The mails once every one queued has gone: what a step added, and no more to come. */
    const sent = async () => {
      await eventually(async () => expect(await pending(repository)).toBe(0));
      return mails();
    };
    let step = 0;
    const record = (kind: EventKind, audience: Audience = 'customer', more: object = {}) =>
      recordEvent(
        repository.shipments,
        id,
        {
          kind,
          audience,
          occurredAt: new Date(Date.now() - 60_000 + ++step * 1_000).toISOString(),
          municipality: { code: '1501402', city: 'Belém', state: 'PA' },
          recordedBy: { kind: 'system' },
          dedupeKey: `notices:${id}:${step}`,
          ...more,
        },
        by,
      );
    const subjectOf = (message: Received) => header(message, 'subject');

    const [opened] = await eventually(() => {
      const found = mails();
      expect(found).toHaveLength(1);
      return found;
    });
    expect(subjectOf(opened!)).toBe(`Seu embarque ${codeText(code)} (Campinas/SP → Belém/PA) · ${company.shortName}`);

    const told: [EventKind, Audience, string][] = [
      ['picked_up', 'customer', 'Coletada'],
      ['in_transit', 'customer', ''],
      ['delay', 'internal', ''],
      ['arrived', 'customer', ''],
      ['delay', 'customer', 'Atraso'],
      ['out_for_delivery', 'customer', 'Saiu para entrega'],
      ['delivered', 'customer', 'Entregue'],
    ];
    for (const [kind, audience, label] of told) {
      const before = (await sent()).length;
      await record(kind, audience, kind === 'delivered' ? { recipientName: 'José Souza' } : {});
      const after = await sent();
      if (!label) {
        expect(after, `${kind} (${audience})`).toHaveLength(before);
        continue;
      }
      expect(after, kind).toHaveLength(before + 1);
      const mail = after.at(-1)!;
      expect(subjectOf(mail)).toBe(`${label} · embarque ${codeText(code)} · ${company.shortName}`);
      expect(mail.text).toContain(`Embarque ${codeText(code)} (Campinas/SP → Belém/PA):`);
      expect(mail.text).toMatch(new RegExp(`^${label} em Belém/PA, \\d{2}/\\d{2}/\\d{4}`, 'm'));
      expect(mail.text.includes('/comprovante/'), kind).toBe(kind === 'delivered');
    }

    // The stop link of the last e-mail, in its text and in its List-Unsubscribe header, posted as a
    // mail client's one click: the damage found after the delivery is told to no one.
    const last = (await sent()).at(-1)!;
    const stop = /Não quer mais estes avisos\? (\S+)/.exec(last.text)![1]!;
    expect(header(last, 'list-unsubscribe')).toBe(`<${stop}>`);
    const stopped = await request(app).post(new URL(stop).pathname).type('form').send('List-Unsubscribe=One-Click');
    expect(stopped.status).toBe(200);
    const before = (await sent()).length;
    expect((await record('damage')).outcome).toBe('recorded');
    expect(await sent()).toHaveLength(before);
  });
});
