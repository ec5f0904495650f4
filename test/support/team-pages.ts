import type { Repository } from '../../server/composition/repository';
import { issueDriverLink, revokeDriverLink } from '../../server/shipments/commands/links';
import { invite, setupLink } from '../../server/team/invitations';
import { todayInSaoPaulo } from '../../shared/sao-paulo-time';
import { storedApplication } from './applications';
import { fullQuote, sampleContact, validContact, validQuote } from './leads';
import { addMember } from './members';
import { propose } from './proposals';
import { deliveredShipment, openedShipment } from './shipments';

/** Who is looking: nobody, or a member with a session that may only enrol, or a whole one of a role. */
export type Viewer = 'nobody' | 'enrolling' | 'vendas' | 'admin';

/** The running server a page's path is made for: its address, and its store opened beside it. */
type TeamSite = { store: Repository; url: string };

/** A page of the sign-in or the panel: who reaches it, its path (made on `site` when asked), and its status. */
export type TeamPage = { name: string; viewer: Viewer; path: (site: TeamSite) => Promise<string>; status: number };

const token = (link: string) => new URL(link).searchParams.get('token')!;

/**
 * A quote as sales works it (docs/requirements.md §6.4): taken, moved to Em contato, with a note; its page's path.
 * Written into `store`, beside the server, as the team's changes write it.
 */
export async function workedLead(store: Repository) {
  const { record } = await store.quotes.createQuote(
    validQuote({ ...fullQuote, source: { form: 'cotacao', utmSource: 'google', utmCampaign: 'frete-norte' } }),
  );
  const seller = await addMember(store, 'vendas');
  const by = { actor: { kind: 'member', id: seller.id, email: seller.email } } as const;
  await store.inbox.changeLead(record.id, 1, { owner: seller.id, status: 'contacted' }, by);
  await store.inbox.changeLead(record.id, 2, { note: 'Cliente quer retirar na segunda às 7h; confirmar doca.' }, by);
  return `/painel/leads/${record.id}`;
}

/**
 * The "Suspeitos" folder with posts in both tabs (docs/requirements.md §6.4), once per store: a customer whose
 * autofill filled the honeypot, link spam, and a post the team marked.
 */
export async function heldPosts(store: Repository) {
  if ((await store.suspects.suspectCounts()).suspect > 0) return;
  const held = (fields: object, honeypot: boolean) =>
    store.contacts.receiveContact(validContact({ ...sampleContact, ...fields }), { honeypot, stamp: { kind: 'none' } });
  await held(
    {
      name: 'Juliana Ramos',
      email: 'juliana.ramos@gmail.com',
      phone: '(91) 98765-4321',
      company: 'Frigorífico Guamá',
      message:
        'Bom dia, preciso de cotacao para carreta frigorifica de Belem/PA para Sao Paulo/SP,\n24 t, saida dia 02/12.',
      source: { form: 'contato' },
    },
    true,
  );
  await held(
    {
      name: 'SEO Expert',
      email: 'growth@mailinator.com',
      message: 'Boost your Google ranking now!!! https://bit.ly/3seo http://185.22.14.9/offer www.cheap-seo.top',
      source: { utmSource: 'newsletter', utmCampaign: 'promo' },
    },
    false,
  );
  const marked = await held({ name: 'Casino Bonus', message: 'Ganhe bônus em http://bet-bonus.xyz agora' }, true);
  const seller = await addMember(store, 'vendas');
  await store.suspects.markSpam(marked.result.record.id, {
    actor: { kind: 'member', id: seller.id, email: seller.email },
  });
}

/** A driver's position, as an admin publishes it: the panel's pages list it, and "/" shows it. */
export const DRIVER_POSITION = {
  title: 'Motorista carreteiro',
  city: 'Belém',
  uf: 'PA',
  kind: 'motorista',
  requirements: 'CNH categoria E\nCurso MOPP\nExame toxicológico em dia',
} as const;

const openPosition = (store: Repository) => store.positions.create(DRIVER_POSITION, { actor: { kind: 'system' } });
/** A proposal of a quote, sent by a member, answered as `answer` says; the customer's page's path. */
async function proposalPage(store: Repository, answer?: 'accepted') {
  const { record } = await store.quotes.createQuote(validQuote(fullQuote));
  const seller = await addMember(store, 'vendas');
  const { token, proposal } = await propose(store, record.id, seller);
  if (answer)
    await store.proposals.answer(
      proposal,
      { answer, acceptedBy: 'Carlos Lima' },
      () => [{ subject: 'Aceita', text: 'Aceita' }],
      { actor: { kind: 'anonymous' } },
    );
  return `/proposta/${token}`;
}

/** The driver's page of a shipment just opened, by a link a member made (§12.7), and perhaps revoked. */
async function driverPage(store: Repository, { revoked = false } = {}) {
  const { id } = await openedShipment(store);
  const by = { actor: { kind: 'system' } } as const;
  const issued = await issueDriverLink(store.shipments, id, false, by);
  if (issued.outcome !== 'issued') throw new Error(`no driver's link: ${issued.outcome}`);
  if (revoked) await revokeDriverLink(store.shipments, id, by);
  return `/motorista/${issued.token}`;
}

/**
 * Each page of the sign-in and the panel, as the person who reaches it sees it: the accessibility
 * and the valid-HTML checks read this one list, so a team page added here is checked by both.
 */
export const teamPages: TeamPage[] = [
  { name: 'Entrar', viewer: 'nobody', path: async () => '/entrar', status: 200 },
  { name: 'Código por e-mail', viewer: 'nobody', path: async () => '/entrar/codigo', status: 200 },
  {
    name: 'Digite o código',
    viewer: 'nobody',
    path: async () => '/entrar/codigo/confirmar?email=ana%40example.com',
    status: 200,
  },
  {
    name: 'Convite',
    viewer: 'nobody',
    path: async ({ store, url }) => {
      const { link } = await invite(store.team, new URL(url), true, {
        email: `c-${Date.now()}@example.com`,
        name: 'Carla',
        role: 'vendas',
      });
      return `/entrar/convite?token=${token(link)}`;
    },
    status: 200,
  },
  {
    name: 'Convite sem e-mail, com o código à parte',
    viewer: 'nobody',
    path: async ({ store, url }) => {
      const { link } = await invite(store.team, new URL(url), false, {
        email: `d-${Date.now()}@example.com`,
        name: 'Davi',
        role: 'vendas',
      });
      return `/entrar/convite?token=${token(link)}`;
    },
    status: 200,
  },
  {
    name: 'Primeiro acesso',
    viewer: 'nobody',
    path: async ({ store, url }) => `/entrar/configurar?token=${token(await setupLink(store.team, new URL(url)))}`,
    status: 200,
  },
  { name: 'Link expirado', viewer: 'nobody', path: async () => `/entrar/convite?token=${'x'.repeat(43)}`, status: 410 },
  {
    name: 'Minha conta, só para cadastrar a chave',
    viewer: 'enrolling',
    path: async () => '/painel/conta',
    status: 200,
  },
  { name: 'Minha conta', viewer: 'vendas', path: async () => '/painel/conta', status: 200 },
  { name: 'Painel (os leads)', viewer: 'vendas', path: async () => '/painel', status: 200 },
  {
    name: 'Painel com filtros e um valor inválido',
    viewer: 'vendas',
    path: async () => '/painel?q=sao+paulo&situacao=aberto&de=2026-01-01',
    status: 200,
  },
  { name: 'Sem permissão', viewer: 'vendas', path: async () => '/painel/equipe', status: 403 },
  { name: 'Equipe', viewer: 'admin', path: async () => '/painel/equipe', status: 200 },
  {
    name: 'Revogar acesso (confirmação)',
    viewer: 'admin',
    path: async ({ store }) => `/painel/equipe/${(await addMember(store, 'vendas')).id}/revogar`,
    status: 200,
  },
  { name: 'Registro', viewer: 'admin', path: async () => '/painel/registro', status: 200 },
  {
    name: 'Vagas',
    viewer: 'admin',
    path: async ({ store }) => {
      await openPosition(store);
      return '/painel/vagas';
    },
    status: 200,
  },
  { name: 'Nova vaga', viewer: 'admin', path: async () => '/painel/vagas/nova', status: 200 },
  {
    name: 'Editar vaga',
    viewer: 'admin',
    path: async ({ store }) => `/painel/vagas/${(await openPosition(store)).id}`,
    status: 200,
  },
  {
    name: 'Candidaturas',
    viewer: 'admin',
    path: async ({ store }) => {
      await storedApplication(store);
      return '/painel/candidaturas';
    },
    status: 200,
  },
  {
    name: 'Candidatura',
    viewer: 'admin',
    path: async ({ store }) => `/painel/candidaturas/${await storedApplication(store)}`,
    status: 200,
  },
  { name: 'Dados (LGPD)', viewer: 'admin', path: async () => '/painel/dados', status: 200 },
  { name: 'Lead', viewer: 'vendas', path: ({ store }) => workedLead(store), status: 200 },
  { name: 'Lead, com a eliminação', viewer: 'admin', path: ({ store }) => workedLead(store), status: 200 },
  {
    name: 'Lead de contato, com “É spam”',
    viewer: 'vendas',
    path: async ({ store }) =>
      `/painel/leads/${(await store.contacts.createContact(validContact(sampleContact))).record.id}`,
    status: 200,
  },
  { name: 'Lead que não existe', viewer: 'vendas', path: async () => '/painel/leads/nada', status: 404 },
  {
    name: 'Proposta a escrever, com o motivo para o piso',
    viewer: 'admin',
    path: async ({ store }) => `${await workedLead(store)}/proposta`,
    status: 200,
  },
  // The customer's page of a proposal (docs/requirements.md §9.6): no session, the link alone.
  { name: 'Proposta do cliente', viewer: 'nobody', path: ({ store }) => proposalPage(store), status: 200 },
  { name: 'Proposta aceita', viewer: 'nobody', path: ({ store }) => proposalPage(store, 'accepted'), status: 200 },
  { name: 'Proposta que não existe', viewer: 'nobody', path: async () => `/proposta/${'x'.repeat(43)}`, status: 404 },
  {
    name: 'Suspeitos',
    viewer: 'vendas',
    path: async ({ store }) => {
      await heldPosts(store);
      return '/painel/suspeitos';
    },
    status: 200,
  },
  {
    name: 'Marcados como spam',
    viewer: 'vendas',
    path: async ({ store }) => {
      await heldPosts(store);
      return '/painel/suspeitos?estado=spam';
    },
    status: 200,
  },
  {
    name: 'Rotas, com uma rota de balsa',
    viewer: 'admin',
    path: async ({ store }) => {
      const system = { actor: { kind: 'system' } } as const;
      await store.freight.setLane({ origin: '3550308', destination: '1302603', roadKm: 3050, bargeKm: 880 }, system);
      return '/painel/frete/rotas';
    },
    status: 200,
  },
  { name: 'Tabelas da ANTT', viewer: 'admin', path: async () => '/painel/frete/tabelas', status: 200 },
  {
    name: 'Tabela da ANTT, com células em branco',
    viewer: 'admin',
    path: async () => '/painel/frete/tabelas/portaria-suroc-22-2026',
    status: 200,
  },
  // The shipments' pages (docs/requirements.md §12.6, §12.7, §12.9, §12.10, §12.12).
  {
    name: 'Embarques',
    viewer: 'vendas',
    path: async ({ store }) => {
      await openedShipment(store);
      await deliveredShipment(store);
      return '/painel/embarques';
    },
    status: 200,
  },
  { name: 'Abrir embarque', viewer: 'vendas', path: async () => '/painel/embarques/novo', status: 200 },
  {
    name: 'Embarque',
    viewer: 'vendas',
    path: async ({ store }) => `/painel/embarques/${(await openedShipment(store)).code}`,
    status: 200,
  },
  {
    name: 'Embarque entregue, com a foto do canhoto',
    viewer: 'vendas',
    path: async ({ store }) => `/painel/embarques/${(await deliveredShipment(store)).code}`,
    status: 200,
  },
  { name: 'Rastreio', viewer: 'nobody', path: async () => '/rastreio', status: 200 },
  {
    name: 'Rastreio com um embarque entregue',
    viewer: 'nobody',
    path: async ({ store }) => `/rastreio?codigo=${(await deliveredShipment(store)).code}`,
    status: 200,
  },
  { name: 'Rastreio sem embarque', viewer: 'nobody', path: async () => '/rastreio?codigo=7KQ4X92MHTK', status: 200 },
  {
    name: 'Rastreio com campos inválidos',
    viewer: 'nobody',
    // What the text alone tells (§12.9: a CNPJ whose check digits fail, an NF that is no number): 400.
    path: async () => '/rastreio?cnpj=12.345.678%2F0001-00&nf=abc',
    status: 400,
  },
  { name: 'Motorista', viewer: 'nobody', path: ({ store }) => driverPage(store), status: 200 },
  {
    name: 'Motorista, link encerrado',
    viewer: 'nobody',
    path: ({ store }) => driverPage(store, { revoked: true }),
    status: 410,
  },
  {
    name: 'Parar os avisos',
    viewer: 'nobody',
    path: async ({ store }) => `/rastreio/avisos/${(await openedShipment(store)).noticesToken}`,
    status: 200,
  },
  {
    name: 'Comprovante de entrega',
    viewer: 'nobody',
    path: async ({ store }) => `/comprovante/${(await deliveredShipment(store)).proofToken}`,
    status: 200,
  },
  {
    name: 'Relatório semanal',
    viewer: 'vendas',
    // This week's, with leads in it: its figures and both tables are on the page.
    path: async ({ store }) => {
      for (const source of [{ utmSource: 'google', utmCampaign: 'norte' }, undefined])
        await store.contacts.createContact(validContact({ ...sampleContact, ...(source && { source }) }));
      return `/painel/relatorio?semana=${todayInSaoPaulo()}`;
    },
    status: 200,
  },
];
