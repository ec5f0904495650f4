import request from 'supertest';
import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { createTestApp } from '../../test/support/app';
import { backendsForThisFile } from '../../test/support/backends';
import { sampleContact, sampleQuote, validContact, validQuote } from '../../test/support/leads';
import { signedInMember } from '../../test/support/members';
import { propose } from '../../test/support/proposals';

// GET /painel/relatorio (docs/requirements.md §6.4): the week's leads by source and
// campaign, the first-response times and the promise kept, won and lost by source, on both backends.

/** Runs `act` with the clock at `instant`: the lead arrives, or is answered, then. */
async function at<T>(instant: string, act: () => Promise<T>) {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date(instant));
  try {
    return await act();
  } finally {
    vi.useRealTimers();
  }
}

/** The page's text, tags out and spaces collapsed, as a reader takes it in. */
const textOf = (html: string) =>
  html
    .replace(/<style[\s\S]*?<\/style>/g, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ');

describe.each(backendsForThisFile())('the weekly report on $name', (backend) => {
  it('counts the week’s leads by source and campaign, their response times, and won and lost', async () => {
    onTestFinished(() => void vi.useRealTimers());
    const repository = await backend.fresh();
    const { app } = createTestApp({ repository });
    const seller = await signedInMember(repository, 'vendas');
    const by = { actor: { kind: 'member', id: seller.member.id, email: seller.member.email } } as const;
    const norte = { source: { utmSource: 'google', utmCampaign: 'norte' } };
    // Monday 16/11/2026 09:00 in São Paulo, answered at 10:00: within the promise.
    const first = await at('2026-11-16T12:00:00Z', () =>
      repository.contacts.createContact(validContact({ ...sampleContact, ...norte })),
    );
    await at('2026-11-16T13:00:00Z', () =>
      repository.inbox.changeLead(first.record.id, 1, { status: 'contacted' }, by),
    );
    // Tuesday 09:00, answered at 13:00 and won: 4 hours, late.
    const second = await at('2026-11-17T12:00:00Z', () =>
      repository.quotes.createQuote(validQuote({ ...sampleQuote, ...norte })),
    );
    await at('2026-11-17T16:00:00Z', () => repository.inbox.changeLead(second.record.id, 1, { status: 'won' }, by));
    // Wednesday 10:00, no UTM, lost 30 minutes later.
    const third = await at('2026-11-18T13:00:00Z', () =>
      repository.contacts.createContact(validContact(sampleContact)),
    );
    await at('2026-11-18T13:30:00Z', () =>
      repository.inbox.changeLead(third.record.id, 1, { status: 'lost', lostReason: 'Sem rota' }, by),
    );
    // The Monday after, 00:30 in São Paulo: the next week's.
    await at('2026-11-23T03:30:00Z', () =>
      repository.contacts.createContact(validContact({ ...sampleContact, ...norte })),
    );

    const res = await request(app).get('/painel/relatorio?semana=2026-11-19').set('Cookie', seller.cookie).expect(200);
    const text = textOf(res.text);

    expect(text).toContain('Semana de 16/11/2026 a 22/11/2026');
    expect(text).toContain('Leads recebidos 3');
    expect(text).toContain('Respondidos em até 2 horas úteis 67% (2 de 3 respondidos ou com prazo vencido)');
    expect(text).toContain('Primeira resposta, mediana 1 h');
    expect(text).toContain('Primeira resposta, 90% em até 4 h');
    expect(text).toContain('Ainda sem resposta 0');
    expect(text).toContain('google norte 2 Sem UTM (direto) — 1');
    expect(text).toContain('Origem Leads Ganhos Perdidos google 2 1 0 Sem UTM (direto) 1 0 1');
    // A source links to the inbox's view of it in that week; the links go to the weeks around it.
    expect(res.text).toContain('href="/painel?origem=google&amp;campanha=norte&amp;de=2026-11-16&amp;ate=2026-11-22"');
    expect(res.text).toContain('href="/painel/relatorio?semana=2026-11-09"');
    expect(res.text).toContain('href="/painel/relatorio?semana=2026-11-23"');
  });

  it('counts the week’s proposals, the time from quote to proposal, the share accepted and the value won', async () => {
    onTestFinished(() => void vi.useRealTimers());
    const repository = await backend.fresh();
    const { app } = createTestApp({ repository });
    const seller = await signedInMember(repository, 'vendas');
    const quote = (segment: string) => ({ ...sampleQuote, cargoType: 'carga_geral', segment });
    // Monday 16/11/2026 09:00 in São Paulo; its proposal at 11:30 (2 h 30 úteis), accepted on Tuesday.
    const first = await at('2026-11-16T12:00:00Z', () => repository.quotes.createQuote(validQuote(quote('bebidas'))));
    const offered = await at('2026-11-16T14:30:00Z', () => propose(repository, first.record.id, seller.member));
    await at('2026-11-17T12:00:00Z', () =>
      repository.proposals.answer(
        offered.proposal,
        { answer: 'accepted', acceptedBy: 'Carlos' },
        () => [{ subject: 'Aceita', text: 'Aceita' }],
        { actor: { kind: 'anonymous' } },
      ),
    );
    // Wednesday 09:00; its proposal at 13:00 (4 h úteis), valid a week and never answered: expired since.
    const second = await at('2026-11-18T12:00:00Z', () =>
      repository.quotes.createQuote(validQuote(quote('alimentos'))),
    );
    await at('2026-11-18T16:00:00Z', () =>
      propose(repository, second.record.id, seller.member, { priceCents: 90_000 }),
    );

    const res = await request(app).get('/painel/relatorio?semana=2026-11-16').set('Cookie', seller.cookie).expect(200);
    const text = textOf(res.text);

    expect(text).toContain('Propostas enviadas 2');
    expect(text).toContain('Da cotação à proposta, mediana 2 h 30 min');
    expect(text).toContain('Aceitas 50% (1 de 2 respondidas ou vencidas)');
    expect(text).toContain('Valor ganho na semana R$ 4.850,00');
    expect(text).toContain('Rota Cotações Valor ganho Campinas/SP → Belém/PA 1 R$ 4.850,00');
    expect(text).toContain('Segmento Cotações Valor ganho Bebidas 1 R$ 4.850,00');
  });

  it('names a week it cannot read and shows the current one; sends a visitor without a session to /entrar', async () => {
    const repository = await backend.fresh();
    const { app } = createTestApp({ repository });
    const seller = await signedInMember(repository, 'vendas');

    const res = await request(app).get('/painel/relatorio?semana=2026-02-30').set('Cookie', seller.cookie).expect(400);

    expect(textOf(res.text)).toContain('Semana inválida: use o calendário, ou AAAA-MM-DD.');
    expect(textOf(res.text)).toContain('em curso: os números são até agora');
    // The week under way can be seen, but nothing past it.
    expect(res.text).not.toContain('Próxima semana');
    await request(app).get('/painel/relatorio').expect(303).expect('Location', '/entrar?volta=%2Fpainel%2Frelatorio');
  });

  it('opens on the current week so far, and every page of the panel links to it', async () => {
    const repository = await backend.fresh();
    const { app } = createTestApp({ repository });
    const seller = await signedInMember(repository, 'vendas');
    await repository.contacts.createContact(validContact(sampleContact));

    const res = await request(app).get('/painel/relatorio').set('Cookie', seller.cookie).expect(200);
    const inbox = await request(app).get('/painel').set('Cookie', seller.cookie).expect(200);

    expect(textOf(res.text)).toContain('em curso: os números são até agora');
    expect(textOf(res.text)).toContain('Leads recebidos 1');
    expect(res.text).not.toContain('Próxima semana');
    expect(inbox.text).toContain('<a href="/painel/relatorio">Relatório</a>');
  });
});
