import { describe, expect, it } from 'vitest';
import { postgresSchemaForThisFile, TEST_DATABASE_URL } from '../../test/support/backends';
import { send, startFleet } from '../../test/support/fleet';
import { ADMIN_TOKEN } from '../../test/support/leads';
import { signedInMember } from '../../test/support/members';
import { header, notReceipts, startSmtp } from '../../test/support/smtp';
import { needs } from '../../test/support/tools';
import { eventually, freePort } from '../../test/support/wait';
import { type Delivery, startWebhookReceiver, WEBHOOK_SECRET } from '../../test/support/webhooks';

// Issue 35, "Two replicas on PostgreSQL: a release on one replica, while the other retries
// deliveries, delivers once." Posts held as suspect are released while the CRM's receiver is down,
// so both replicas are retrying webhook deliveries; each release is pressed on both replicas at
// the same moment (a double tap that the proxy spread, or two members). Every held post becomes one
// contact, one e-mail and one webhook accepted by the CRM, verified with the Standard Webhooks
// library; and the leads that were already retrying are delivered once too.

const HELD = 8;
const LEADS = 4;
/** The CRM's receiver answers 503 until this long after the first post: the replicas retry meanwhile. */
const DOWN_MS = 6_000;

describe('a release of a held post on one replica while the other retries', needs('postgres', 'haproxy'), () => {
  const store = postgresSchemaForThisFile(TEST_DATABASE_URL!);

  it('delivers each released post once, by e-mail and to the CRM', { timeout: 180_000 }, async () => {
    await store.ensure();
    const smtp = await startSmtp();
    let upAt = Number.POSITIVE_INFINITY;
    const accepted: Delivery[] = [];
    const webhooks = await startWebhookReceiver({
      answer: (delivery) => {
        if (Date.now() < upAt) return { status: 503 };
        accepted.push(delivery);
        return { status: 204 };
      },
    });
    const proxyPort = await freePort();
    const site = `http://localhost:${proxyPort}`;
    const { replicas, proxy } = await startFleet(
      {
        DATABASE_URL: store.url,
        PUBLIC_URL: site,
        ADMIN_TOKEN,
        SMTP_URL: smtp.url,
        LEADS_TO: 'vendas@rotanorte.com.br',
        WEBHOOK_URL: webhooks.url,
        WEBHOOK_SECRET,
        RATE_LIMIT_PER_MINUTE: '0',
        RATE_LIMIT_PER_HOUR: '0',
      },
      proxyPort,
    );
    const through = (base: string) => (path: string, options: Parameters<typeof send>[4]) =>
      send(base, site, 'POST', path, options);
    const [viaProxy, first, second] = [through(proxy.url), through(replicas[0]!.url), through(replicas[1]!.url)];
    const sql = async <T>(text: string, values: unknown[] = []) =>
      (await store.admin.query(text.replaceAll('$schema', store.schema), values)).rows as T[];

    upAt = Date.now() + DOWN_MS;
    const post = async (email: string, website?: string) => {
      const form: Record<string, string> = { name: 'Cliente', email, message: `Frete para Manaus, ${email}` };
      if (website !== undefined) form.website = website;
      const reply = await viaProxy('/api/contacts', { form });
      expect([reply.status, reply.location]).toEqual([303, '/?contato=enviado#contact']);
    };
    const leadEmails = Array.from({ length: LEADS }, (_, n) => `lead${n}@empresa.com.br`);
    const heldEmails = Array.from({ length: HELD }, (_, n) => `retido${n}@empresa.com.br`);
    for (const email of leadEmails) await post(email);
    // Browser autofill put something in the field people never see.
    for (const email of heldEmails) await post(email, 'https://www.empresa.com.br');
    const held = await sql<{ id: string; email: string }>('SELECT id, email FROM $schema.suspects ORDER BY email');
    expect(held.map(({ email }) => email)).toEqual([...heldEmails].sort());

    // The deliveries of the leads are failing and being retried by both replicas.
    await eventually(() => expect(webhooks.deliveries.length).toBeGreaterThanOrEqual(LEADS), 30_000);
    expect(Date.now()).toBeLessThan(upAt);

    const repository = await store.open();
    const member = await signedInMember(repository, 'vendas');
    const replies = await Promise.all(
      held.flatMap(({ id }, n) => {
        const path = `/painel/suspeitos/${id}/liberar`;
        const pair = [
          first(path, { cookie: member.cookie, form: {} }),
          second(path, { cookie: member.cookie, form: {} }),
        ];
        return n % 2 === 0 ? pair : pair.reverse();
      }),
    );
    expect(replies.map(({ status }) => status)).toEqual(replies.map(() => 303));
    expect(await sql('SELECT id FROM $schema.suspects')).toEqual([]);

    const everyone = [...leadEmails, ...heldEmails];
    await eventually(() => {
      expect(accepted.length).toBeGreaterThanOrEqual(everyone.length);
      expect(notReceipts(smtp.messages).length).toBeGreaterThanOrEqual(everyone.length);
    }, 120_000);
    // Let any duplicate that was on its way arrive before counting.
    await new Promise((resolve) => setTimeout(resolve, 3_000));

    const createdFor = accepted
      .filter(({ body }) => body.type === 'contact.created')
      .map(({ body }) => String(body.data.email));
    expect(createdFor.sort()).toEqual([...everyone].sort());
    expect(new Set(accepted.map(({ id }) => id)).size).toBe(accepted.length);
    expect(
      notReceipts(smtp.messages)
        .map((message) => header(message, 'reply-to'))
        .sort(),
    ).toEqual([...everyone].sort());
    // Released with the time it first arrived, once each.
    const contacts = await sql<{ id: string }>('SELECT id FROM $schema.contacts');
    expect(contacts.map(({ id }) => id).filter((id) => held.some((each) => each.id === id))).toHaveLength(HELD);
    const released = await sql<{ count: string }>(
      `SELECT count(*) FROM $schema.audit_log WHERE action = 'suspect.released'`,
    );
    expect(released[0]!.count).toBe(String(HELD));
  });
});
