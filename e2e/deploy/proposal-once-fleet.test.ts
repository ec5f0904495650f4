import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { stateOf } from '../../server/proposals/sql-store';
import { postgresSchemaForThisFile, TEST_DATABASE_URL } from '../../test/support/backends';
import { send, startFleet } from '../../test/support/fleet';
import { storeQuote } from '../../test/support/inbox';
import { ADMIN_TOKEN } from '../../test/support/leads';
import { signedInMember } from '../../test/support/members';
import { startSmtp } from '../../test/support/smtp';
import { mailTo } from '../../test/support/team';
import { needs } from '../../test/support/tools';
import { eventually, freePort } from '../../test/support/wait';

// docs/requirements.md §9.6, "Sending" and "One answer": a proposal is sent once and a quote is won
// once, on two built replicas sharing PostgreSQL. A double tap on "Enviar proposta" that the proxy
// spreads over both replicas stores one proposal and queues one e-mail; a customer's "Aceitar" on one
// replica while a member sends a new proposal on the other ends either with the quote won and nothing
// sent, or with the new proposal sent and the old one not accepted: never a won quote with a proposal
// still open.

const ROUNDS = 6;
const TAPS = 6;

describe('a proposal sent once and a quote won once on two replicas', needs('postgres', 'haproxy'), () => {
  const store = postgresSchemaForThisFile(TEST_DATABASE_URL!);

  it('stores one proposal per form and lets no proposal through once the quote is won', {
    timeout: 240_000,
  }, async () => {
    await store.ensure();
    const smtp = await startSmtp();
    const proxyPort = await freePort();
    const site = `http://localhost:${proxyPort}`;
    const { replicas } = await startFleet(
      {
        DATABASE_URL: store.url,
        PUBLIC_URL: site,
        ADMIN_TOKEN,
        SMTP_URL: smtp.url,
        LEADS_TO: 'vendas@rotanorte.com.br',
        // Many posts from one address within a minute: the posting limit is not what this is about.
        RATE_LIMIT_PER_MINUTE: '0',
        RATE_LIMIT_PER_HOUR: '0',
      },
      proxyPort,
    );
    const repository = await store.open();
    const { cookie } = await signedInMember(repository, 'vendas');
    const sql = async <T>(text: string, values: unknown[]) =>
      (await store.admin.query(text.replaceAll('$schema', store.schema), values)).rows as T[];
    const count = async (text: string, quoteId: string) =>
      Number((await sql<{ n: string }>(`SELECT count(*) AS n FROM ${text}`, [quoteId]))[0]!.n);
    /** The proposal form as replica `replica` draws it, with the key it carries. */
    const drawn = async (replica: 0 | 1, quoteId: string) => {
      const page = await send(replicas[replica]!.url, site, 'GET', `/painel/leads/${quoteId}/proposta`, { cookie });
      expect(page.status).toBe(200);
      return /name="chave" value="([0-9a-f-]{36})"/.exec(page.body)?.[1] ?? '';
    };
    const sendForm = (replica: 0 | 1, quoteId: string, chave: string) =>
      send(replicas[replica]!.url, site, 'POST', `/painel/leads/${quoteId}/proposta`, {
        cookie,
        form: {
          chave,
          preco: '4.850,00',
          pedagio: 'sim',
          validade: new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10),
          coleta_de: new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10),
          coleta_ate: new Date(Date.now() + 4 * 86_400_000).toISOString().slice(0, 10),
          prazo_entrega: '7',
        },
      });

    let wonRounds = 0;
    for (let round = 0; round < ROUNDS; round++) {
      const email = `cliente${round}@bebidasdonorte.com.br`;
      const quoteId = await storeQuote(repository, { name: `Cliente ${round}`, email });

      // A double (sextuple) tap of one form, spread over both replicas.
      const key = await drawn(0, quoteId);
      expect(key).not.toBe('');
      const taps = await Promise.all(
        Array.from({ length: TAPS }, (_, tap) => sendForm((tap % 2) as 0 | 1, quoteId, key)),
      );
      expect(taps.map(({ status }) => status)).toEqual(Array(TAPS).fill(303));
      expect(await count('$schema.proposals WHERE quote_id = $1', quoteId)).toBe(1);
      expect(await count(`$schema.outbox WHERE lead_id = $1 AND kind LIKE 'proposal.mail%'`, quoteId)).toBe(1);
      expect(await count(`$schema.audit_log WHERE lead_id = $1 AND action = 'proposal.sent'`, quoteId)).toBe(1);

      // The customer accepts on one replica while a member sends a new proposal on the other.
      const mail = await mailTo(smtp.messages, email, /^Proposta de frete/);
      const path = new URL(/http:\/\/\S+\/proposta\/\S+/.exec(mail.text)![0]).pathname;
      const second = await drawn(1, quoteId);
      const [accepted, resent] = await Promise.all([
        send(replicas[0]!.url, site, 'POST', `${path}/aceitar`, { form: { aceito_por: 'Carlos' } }),
        sendForm(1, quoteId, second),
      ]);
      expect(accepted.status).toBe(303);
      const [quote] = await sql<{ status: string }>('SELECT status FROM $schema.quotes WHERE id = $1', [quoteId]);
      const proposals = await sql<{ answer: string | null }>(
        'SELECT answer FROM $schema.proposals WHERE quote_id = $1 ORDER BY seq',
        [quoteId],
      );
      if (quote!.status === 'won') {
        wonRounds++;
        expect(resent.status).toBe(409);
        expect(proposals.map(({ answer }) => answer)).toEqual(['accepted']);
      } else {
        expect(resent.status).toBe(303);
        expect(proposals.map(({ answer }) => answer)).toEqual([null, null]);
      }

      // Once won, no proposal is sent on either replica, nor accepted, until a member reopens it.
      if (quote!.status !== 'won') {
        const newest = await eventually(async () => {
          const found = await mailTo(smtp.messages, email, /^Proposta de frete/);
          expect(found).not.toBe(mail);
          return found;
        });
        const newestPath = new URL(/http:\/\/\S+\/proposta\/\S+/.exec(newest.text)![0]).pathname;
        expect(
          (await send(replicas[1]!.url, site, 'POST', `${newestPath}/aceitar`, { form: { aceito_por: 'Carlos' } }))
            .status,
        ).toBe(303);
      }
      // A won quote's page draws no form; a fresh key, as from a tab opened before, is refused all the same.
      expect(await drawn(0, quoteId)).toBe('');
      const late = await Promise.all([sendForm(0, quoteId, randomUUID()), sendForm(1, quoteId, key)]);
      // The first key's send is the same form as before: it answers the page as it did, storing nothing.
      expect(late.map(({ status }) => status)).toEqual([409, 303]);
      // None of the quote's proposals is still open: the accepted one, and the others replaced or void.
      const states = (await repository.proposals.proposalsOf(quoteId)).map((proposal) => stateOf(proposal));
      expect(states.filter((state) => state === 'open')).toEqual([]);
      expect(states.filter((state) => state === 'accepted')).toHaveLength(1);
      expect(await count(`$schema.audit_log WHERE lead_id = $1 AND action = 'proposal.accepted'`, quoteId)).toBe(1);
    }
    // Both outcomes of the race are allowed; this only says how often the acceptance came first.
    console.info(`proposal-once-fleet: ${wonRounds} of ${ROUNDS} races won by the acceptance`);
  });
});
