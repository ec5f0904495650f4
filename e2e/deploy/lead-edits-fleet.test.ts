import { describe, expect, it } from 'vitest';
import { CONFLICT_NOTICE } from '../../server/inbox/lead-routes';
import { LEAD_STATUS_LABELS, type LeadStatus } from '../../shared/lead-status';
import { postgresSchemaForThisFile, TEST_DATABASE_URL } from '../../test/support/backends';
import { send, startFleet } from '../../test/support/fleet';
import { ADMIN_TOKEN, bearer, sampleQuote } from '../../test/support/leads';
import { signedInMember } from '../../test/support/members';
import { needs } from '../../test/support/tools';
import { eventually, freePort } from '../../test/support/wait';
import { startWebhookReceiver, WEBHOOK_SECRET } from '../../test/support/webhooks';

// Issue 34, "Two replicas behind HAProxy, on PostgreSQL: two members change the same lead at the
// same time. Neither change is lost silently: the second is told the lead changed and sees the
// first's change." Two salespeople open one lead, one on each replica, and save a status at the same
// moment; a CRM does the same through the API with If-Match (docs/decisions/033-concurrent-lead-edits.md).
// Each race is repeated on fresh leads so that the two writes really overlap in PostgreSQL.

/** Races on the lead's page (two status forms; a note against a status), and on the API: a lead each. */
const STATUS_RACES = 20;
const NOTE_RACES = 6;
const API_RACES = 10;

type Member = Awaited<ReturnType<typeof signedInMember>>;
/** One member's change as the page's form sends it, and how a page shows it. */
type Edit = {
  who: string;
  member: Member;
  replica: 0 | 1;
  form: Record<string, string>;
  /** The lead once this change lands, and the one line it adds to the history. */
  after: { status: LeadStatus; lost_reason: string | null };
  action: 'lead.status' | 'lead.note';
  /** Whether the page shows the change on the lead … */
  landed: (html: string) => boolean;
  /** … or still in its form, as the member sent it. */
  kept: (html: string) => boolean;
};

/** The version a page's forms were rendered with (the hidden field each form carries). */
const versionIn = (html: string) => Number(/name="versao" value="(\d+)"/.exec(html)?.[1]);

/** A change of status on the status form (with the reason when lost). */
function statusEdit(who: string, member: Member, replica: 0 | 1, status: LeadStatus, reason = ''): Edit {
  return {
    who,
    member,
    replica,
    form: { situacao: status, motivo: reason },
    after: { status, lost_reason: reason || null },
    action: 'lead.status',
    landed: (html) => html.includes(`Situação: <strong>${LEAD_STATUS_LABELS[status]}</strong>`),
    kept: (html) =>
      html.includes(`<option value="${status}" selected="">`) &&
      new RegExp(`name="motivo"[^>]*value="${reason}"`).test(html),
  };
}

/** A note on the note form: the lead stays as it was. */
function noteEdit(who: string, member: Member, replica: 0 | 1, note: string): Edit {
  return {
    who,
    member,
    replica,
    form: { nota: note },
    after: { status: 'new', lost_reason: null },
    action: 'lead.note',
    landed: (html) => html.includes(`<p class="lead-note">${note}</p>`),
    kept: (html) => new RegExp(`name="nota"[^>]*>${note}</textarea>`).test(html),
  };
}

describe('two members change one lead at once on two replicas behind the proxy', needs('postgres', 'haproxy'), () => {
  const store = postgresSchemaForThisFile(TEST_DATABASE_URL!);

  it('lets one change through and tells the other what the lead became, on the page and on the API', {
    timeout: 180_000,
  }, async () => {
    await store.ensure();
    const webhooks = await startWebhookReceiver();
    const proxyPort = await freePort();
    const site = `http://localhost:${proxyPort}`;
    const { replicas, proxy } = await startFleet(
      {
        DATABASE_URL: store.url,
        PUBLIC_URL: site,
        ADMIN_TOKEN,
        WEBHOOK_URL: webhooks.url,
        WEBHOOK_SECRET,
        // 31 quotes from one address within a minute: the posting limit is not what this is about.
        RATE_LIMIT_PER_MINUTE: '0',
        RATE_LIMIT_PER_HOUR: '0',
      },
      proxyPort,
    );
    const on =
      (base: string) =>
      (...[method, path, options]: [Parameters<typeof send>[2], string, Parameters<typeof send>[4]?]) =>
        send(base, site, method, path, options);
    const viaProxy = on(proxy.url);
    const replica = [on(replicas[0]!.url), on(replicas[1]!.url)] as const;
    const sql = async <T>(text: string, values: unknown[]) =>
      (await store.admin.query(text.replaceAll('$schema', store.schema), values)).rows as T[];

    // The replicas migrated the schema; the members and their sessions are written as a sign-in writes them.
    const repository = await store.open();
    const [ana, bru] = [await signedInMember(repository, 'vendas'), await signedInMember(repository, 'vendas')];
    const newLead = async (n: number) => {
      const reply = await viaProxy('POST', '/api/quotes', { json: { ...sampleQuote, name: `Cliente ${n}` } });
      expect(reply.status).toBe(201);
      return (JSON.parse(reply.body) as { data: { id: string } }).data.id;
    };
    /** The lead as the API reads it (its version is the ETag) and as stored. */
    const readLead = async (id: string) => {
      const reply = await viaProxy('GET', `/api/quotes/${id}`, { headers: { Authorization: bearer } });
      expect(reply.status).toBe(200);
      const [row] = await sql<{ status: string; lost_reason: string | null; version: number }>(
        'SELECT status, lost_reason, version FROM $schema.quotes WHERE id = $1',
        [id],
      );
      return { etag: reply.etag, status: (JSON.parse(reply.body) as { data: { status: string } }).data.status, row };
    };
    /** What a lead's history holds besides views: its changes, by whom. */
    const changesOf = (id: string) =>
      sql<{ action: string; actor_id: string }>(
        `SELECT action, actor_id FROM $schema.audit_log WHERE lead_id = $1 AND action <> 'lead.viewed'
         ORDER BY seq`,
        [id],
      );
    const notesOf = async (id: string) =>
      (await sql<{ body: string }>('SELECT body FROM $schema.lead_notes WHERE lead_id = $1 ORDER BY seq', [id])).map(
        ({ body }) => body,
      );
    const updatesOf = async (id: string) =>
      (
        await sql<{ count: string }>(
          `SELECT count(*) FROM $schema.outbox WHERE lead_id = $1 AND kind = 'quote.updated'`,
          [id],
        )
      )[0]!.count;

    /**
     * Both members open lead `n` (each on their replica), then save at once on the version they saw;
     * who sends first alternates. Returns who won.
     */
    const race = async (n: number, edits: readonly [Edit, Edit]) => {
      const id = await newLead(n);
      const path = `/painel/leads/${id}`;
      const pages = await Promise.all(
        edits.map(({ member, replica: index }) => replica[index]('GET', path, { cookie: member.cookie })),
      );
      expect(
        pages.map((page) => [page.status, versionIn(page.body)]),
        `race ${n + 1}`,
      ).toEqual([
        [200, 1],
        [200, 1],
      ]);
      const post = (index: 0 | 1) => {
        const { member, replica: through, form } = edits[index];
        const versao = String(versionIn(pages[index]!.body));
        return replica[through]('POST', path, { cookie: member.cookie, form: { ...form, versao } });
      };
      const replies =
        n % 2 === 0 ? await Promise.all([post(0), post(1)]) : (await Promise.all([post(1), post(0)])).reverse();
      expect(replies.map(({ status }) => status).sort(), `race ${n + 1}: both answered`).toEqual([303, 409]);
      const won = replies.findIndex(({ status }) => status === 303);
      const [winner, loser] = [edits[won]!, edits[1 - won]!];
      const refused = replies[1 - won]!.body;
      // Back to the lead, which says what was saved (issue 54 §9).
      expect(replies[won]!.location?.startsWith(`${path}?salvo=`)).toBe(true);

      // The second is told, sees the first's change and not their own, and keeps their input, now
      // on the lead's new version.
      expect(refused).toContain(CONFLICT_NOTICE);
      expect([winner.landed(refused), loser.landed(refused), loser.kept(refused)]).toEqual([true, false, true]);
      expect(versionIn(refused)).toBe(2);

      // Stored: the winner's change alone, on version 2: one line in the history, one webhook row.
      expect(await readLead(id)).toEqual({
        etag: '"2"',
        status: winner.after.status,
        row: { ...winner.after, version: 2 },
      });
      expect(await changesOf(id)).toEqual([{ action: winner.action, actor_id: winner.member.member.id }]);
      expect(await notesOf(id)).toEqual(winner.form.nota ? [winner.form.nota] : []);
      expect(await updatesOf(id)).toBe('1');

      // Sending the kept form again is the loser's choice, made having seen the lead: it lands.
      if (n === 0) {
        const again = await replica[loser.replica]('POST', path, {
          cookie: loser.member.cookie,
          form: { ...loser.form, versao: String(versionIn(refused)) },
        });
        expect(again.status).toBe(303);
        expect(again.location?.startsWith(`${path}?salvo=`)).toBe(true);
        expect(loser.landed((await replica[loser.replica]('GET', path, { cookie: loser.member.cookie })).body)).toBe(
          true,
        );
        expect(await updatesOf(id)).toBe('2');
      }
      return winner.who;
    };

    // Ana on replica 1 moves the lead to Em contato, or notes a call; Bruno on replica 2 marks it
    // lost for its price.
    const bruno = statusEdit('Bruno', bru, 1, 'lost', 'Preço');
    const winners: string[] = [];
    for (let n = 0; n < STATUS_RACES; n++) winners.push(await race(n, [statusEdit('Ana', ana, 0, 'contacted'), bruno]));
    const note = noteEdit('Ana (nota)', ana, 0, 'Liguei: retorno amanhã às 9h, pediu frete para Belém.');
    for (let n = STATUS_RACES; n < STATUS_RACES + NOTE_RACES; n++) winners.push(await race(n, [note, bruno]));
    const tally = Object.entries(Object.groupBy(winners, (who) => who)).map(([who, won]) => `${who} ${won!.length}`);
    console.info(
      `lead page: ${winners.length} races (Ana on replica 1, Bruno on replica 2), one 303 and one 409 each; ` +
        `won by ${tally.join(', ')}`,
    );

    // A CRM, through each replica with the ETag it read: one PATCH applies, the other gets 412 and the lead.
    const apiWinners: number[] = [];
    for (let n = 0; n < API_RACES; n++) {
      const id = await newLead(STATUS_RACES + NOTE_RACES + n);
      const { etag } = await readLead(id);
      expect(etag).toBe('"1"');
      const bodies = [{ status: 'contacted' }, { status: 'lost', lostReason: 'Preço' }] as const;
      const replies = await Promise.all(
        bodies.map((json, index) =>
          replica[index as 0 | 1]('PATCH', `/api/quotes/${id}`, {
            json,
            headers: { Authorization: bearer, 'If-Match': etag! },
          }),
        ),
      );
      expect(replies.map(({ status }) => status).sort()).toEqual([200, 412]);
      const won = replies.findIndex(({ status }) => status === 200);
      apiWinners.push(won);
      const refused = replies[1 - won]!;
      expect(refused.etag).toBe('"2"');
      expect(JSON.parse(refused.body)).toMatchObject({
        success: false,
        code: 'LEAD_CHANGED',
        data: { status: bodies[won]!.status, version: 2 },
      });
      expect((await readLead(id)).status).toBe(bodies[won]!.status);
      expect((await changesOf(id)).map(({ action }) => action)).toEqual(['lead.status']);
      expect(await updatesOf(id)).toBe('1');
    }
    console.info(
      `API: ${API_RACES} races, one 200 and one 412 each; won through replica 1 ` +
        `${apiWinners.filter((index) => index === 0).length}, replica 2 ${apiWinners.filter((index) => index === 1).length}`,
    );

    // Each change reaches the CRM once, whichever replica made it and whichever sends it.
    const changes = STATUS_RACES + NOTE_RACES + 1 + API_RACES;
    await eventually(
      () => expect(webhooks.deliveries.filter(({ body }) => body.type === 'quote.updated')).toHaveLength(changes),
      20_000,
    );
  });
});
