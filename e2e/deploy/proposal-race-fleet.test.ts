import { describe, expect, it } from 'vitest';
import { postgresSchemaForThisFile, TEST_DATABASE_URL } from '../../test/support/backends';
import { send, startFleet } from '../../test/support/fleet';
import { storeQuote } from '../../test/support/inbox';
import { ADMIN_TOKEN } from '../../test/support/leads';
import { addMember } from '../../test/support/members';
import { propose } from '../../test/support/proposals';
import { needs } from '../../test/support/tools';
import { eventually, freePort } from '../../test/support/wait';
import { startWebhookReceiver, WEBHOOK_SECRET } from '../../test/support/webhooks';

// Issue 52 §4, "accepted twice at once on two replicas (exactly one acceptance)": two built servers on
// one PostgreSQL behind HAProxy, and a customer's "Aceitar" reaching each at the same moment, on fresh
// proposals so that the two UPDATEs really overlap (docs/decisions/047-proposals.md).

const RACES = 10;

describe('one proposal accepted at once on two replicas', needs('postgres', 'haproxy'), () => {
  const store = postgresSchemaForThisFile(TEST_DATABASE_URL!);

  it('lets exactly one acceptance through, one won quote and one quote.accepted webhook', {
    timeout: 180_000,
  }, async () => {
    await store.ensure();
    const webhooks = await startWebhookReceiver();
    const proxyPort = await freePort();
    const site = `http://localhost:${proxyPort}`;
    const { replicas } = await startFleet(
      {
        DATABASE_URL: store.url,
        PUBLIC_URL: site,
        ADMIN_TOKEN,
        WEBHOOK_URL: webhooks.url,
        WEBHOOK_SECRET,
        // 20 answers from one address within a minute: the posting limit is not what this is about.
        RATE_LIMIT_PER_MINUTE: '0',
        RATE_LIMIT_PER_HOUR: '0',
      },
      proxyPort,
    );
    const repository = await store.open();
    const seller = await addMember(repository, 'vendas');
    const sql = async <T>(text: string, values: unknown[]) =>
      (await store.admin.query(text.replaceAll('$schema', store.schema), values)).rows as T[];

    const quotes: string[] = [];
    for (let race = 0; race < RACES; race++) {
      const quoteId = await storeQuote(repository, { name: `Cliente ${race}` });
      const { token } = await propose(repository, quoteId, seller);
      const accept = (replica: 0 | 1, by: string) =>
        send(replicas[replica]!.url, site, 'POST', `/proposta/${token}/aceitar`, { form: { aceito_por: by } });

      const answers = await Promise.all([accept(0, 'Ana'), accept(1, 'Bruno')]);

      expect(answers.map(({ status }) => status)).toEqual([303, 303]);
      const [proposal] = await sql<{ accepted_by: string }>(
        'SELECT accepted_by FROM $schema.proposals WHERE quote_id = $1',
        [quoteId],
      );
      expect(['Ana', 'Bruno']).toContain(proposal?.accepted_by);
      const lines = await sql<{ action: string }>(
        `SELECT action FROM $schema.audit_log WHERE lead_id = $1 AND action IN ('proposal.accepted', 'lead.status')`,
        [quoteId],
      );
      expect(lines.map(({ action }) => action).sort()).toEqual(['lead.status', 'proposal.accepted']);
      quotes.push(quoteId);
    }

    const won = await sql<{ id: string }>(
      `SELECT id FROM $schema.quotes WHERE status = 'won' AND won_at IS NOT NULL`,
      [],
    );
    expect(won.map(({ id }) => id).sort()).toEqual([...quotes].sort());
    await eventually(() =>
      expect(webhooks.deliveries.filter(({ body }) => body.type === 'quote.accepted')).toHaveLength(RACES),
    );
    const accepted = webhooks.deliveries.filter(({ body }) => body.type === 'quote.accepted');
    expect(new Set(accepted.map(({ body }) => (body.data.quote as { id: string }).id))).toEqual(new Set(quotes));
  });
});
