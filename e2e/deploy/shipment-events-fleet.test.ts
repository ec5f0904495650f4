import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { issueDriverLink } from '../../server/shipments/commands/links';
import { openShipment } from '../../server/shipments/commands/open';
import { createIntegration } from '../../server/shipments/integrations';
import { postgresSchemaForThisFile, TEST_DATABASE_URL } from '../../test/support/backends';
import { send, startFleet } from '../../test/support/fleet';
import { ADMIN_TOKEN } from '../../test/support/leads';
import { signedInMember } from '../../test/support/members';
import { OPENING } from '../../test/support/shipments';
import { startSmtp } from '../../test/support/smtp';
import { needs } from '../../test/support/tools';
import { freePort } from '../../test/support/wait';
import { startWebhookReceiver, WEBHOOK_SECRET } from '../../test/support/webhooks';

// docs/requirements.md §12.5 and §12.7 on two built replicas sharing PostgreSQL: a sender's event is
// one event, however many times it arrives and on whichever replica. A driver's "Coletei" tapped
// again and again (one form key, `chave`), and a TMS's event posted again and again (one sender's
// id), spread over both replicas at once, store one event, one audit line, one customer notice and
// one webhook. Once the delivery is recorded the driver's link opens nothing on either replica.

const ROUNDS = 4;
const POSTS = 6;

describe('a shipment’s event stored once on two replicas', needs('postgres', 'haproxy'), () => {
  const store = postgresSchemaForThisFile(TEST_DATABASE_URL!);

  it('stores one event per driver’s key and per sender’s id, and ends the driver’s link at the delivery', {
    timeout: 240_000,
  }, async () => {
    await store.ensure();
    const smtp = await startSmtp();
    const hooks = await startWebhookReceiver();
    const proxyPort = await freePort();
    const site = `http://localhost:${proxyPort}`;
    const { replicas } = await startFleet(
      {
        DATABASE_URL: store.url,
        PUBLIC_URL: site,
        ADMIN_TOKEN,
        SMTP_URL: smtp.url,
        LEADS_TO: 'vendas@rotanorte.com.br',
        WEBHOOK_URL: hooks.url,
        WEBHOOK_SECRET,
        // Many posts from one address within a minute: the posting limit is not what this is about.
        RATE_LIMIT_PER_MINUTE: '0',
        RATE_LIMIT_PER_HOUR: '0',
      },
      proxyPort,
    );
    const repository = await store.open({ channels: ['email', 'webhook'] });
    const { member } = await signedInMember(repository, 'admin');
    const by = { actor: { kind: 'member' as const, id: member.id, email: member.email } };
    const integration = await createIntegration(repository.shipments, 'TMS', by);
    const count = async (where: string, values: unknown[]) =>
      Number(
        (
          await store.admin.query<{ n: string }>(
            `SELECT count(*) AS n FROM ${where.replaceAll('$schema', store.schema)}`,
            values,
          )
        ).rows[0]!.n,
      );
    /**
     * What the shipment's events left: the rows and audit lines of `kind`, and every notice and
     * webhook queued for the shipment. An outbox row's payload is cleared once sent, so those are
     * counted by their kind, not read: the opening's notice, then one of each per event.
     */
    const leftBy = async (shipmentId: string, kind: string) => ({
      events: await count('$schema.shipment_events WHERE shipment_id = $1 AND kind = $2', [shipmentId, kind]),
      audit: await count(
        `$schema.audit_log WHERE lead_id = $1 AND action = 'shipment.event' AND detail->>'kind' = $2`,
        [shipmentId, kind],
      ),
      notices: await count(`$schema.outbox WHERE lead_id = $1 AND kind = 'shipment.notice'`, [shipmentId]),
      hooks: await count(`$schema.outbox WHERE lead_id = $1 AND kind = 'shipment.event'`, [shipmentId]),
    });
    const replicaOf = (post: number) => replicas[post % 2]!.url;

    for (let round = 0; round < ROUNDS; round++) {
      const shipmentId = await openShipment(
        repository.shipments,
        { ...OPENING, customerEmail: `cliente${round}@acme.com.br` },
        by,
      );
      const { code } = (await repository.shipments.db.get('SELECT code FROM shipments WHERE id = ?', [shipmentId]))!;
      const { token } = (await issueDriverLink(repository.shipments, shipmentId, false, by)) as { token: string };
      const driver = (post: number, form: Record<string, string>) =>
        send(replicaOf(post), site, 'POST', `/motorista/${token}/eventos`, { form });

      // The driver's "Coletei", one form's key, tapped POSTS times over both replicas at once.
      const pickedUp = { chave: randomUUID(), tipo: 'picked_up', municipio: 'Campinas/SP' };
      const taps = await Promise.all(Array.from({ length: POSTS }, (_, post) => driver(post, pickedUp)));
      expect(taps.map(({ status }) => status)).toEqual(Array(POSTS).fill(303));
      expect(await leftBy(shipmentId, 'picked_up')).toEqual({ events: 1, audit: 1, notices: 2, hooks: 1 });

      // The TMS's "Saiu para entrega", one sender's id, posted POSTS times over both replicas at once.
      const outForDelivery = {
        id: `tms-${round}`,
        shipment: code,
        type: 'out_for_delivery',
        // After the pickup: the status is the last status event by when it happened (§12.5).
        occurredAt: new Date().toISOString(),
        municipality: { city: 'Belém', state: 'PA' },
      };
      const api = (post: number, json: object) =>
        send(replicaOf(post), site, 'POST', '/api/shipment-events', {
          json,
          headers: { Authorization: `Bearer ${integration.token}` },
        });
      const posts = await Promise.all(Array.from({ length: POSTS }, (_, post) => api(post, outForDelivery)));
      expect(posts.map(({ status }) => status).sort()).toEqual([...Array(POSTS - 1).fill(200), 201]);
      expect(new Set(posts.map(({ body }) => JSON.parse(body).data.id)).size).toBe(1);
      expect(await leftBy(shipmentId, 'out_for_delivery')).toEqual({ events: 1, audit: 1, notices: 3, hooks: 2 });

      // The delivery, through the TMS: the driver's link ends on both replicas, for a new event and
      // for the "Coletei" form sent again.
      const delivered = {
        ...outForDelivery,
        id: `tms-${round}-entrega`,
        type: 'delivered',
        occurredAt: new Date().toISOString(),
      };
      expect((await api(round, { ...delivered, recipient: { name: 'José Souza' } })).status).toBe(201);
      const late = await Promise.all([
        driver(0, { chave: randomUUID(), tipo: 'arrived', municipio: 'Belém/PA' }),
        driver(1, { chave: randomUUID(), tipo: 'arrived', municipio: 'Belém/PA' }),
        driver(0, pickedUp),
        driver(1, pickedUp),
      ]);
      expect(late.map(({ status }) => status)).toEqual([410, 410, 410, 410]);
      expect(late.every(({ body }) => body.includes('Este link foi encerrado'))).toBe(true);
      expect(await count('$schema.shipment_events WHERE shipment_id = $1', [shipmentId])).toBe(4);
      expect(await leftBy(shipmentId, 'picked_up')).toEqual({ events: 1, audit: 1, notices: 4, hooks: 3 });
    }
  });
});
