import { randomUUID } from 'node:crypto';
import type { Request, RequestHandler, Response } from 'express';
import { z } from 'zod';
import { unpricedText } from '../../shared/freight-text';
import { leadPath } from '../../shared/lead-page';
import { kmText, reaisText, typedReais } from '../../shared/number-text';
import {
  PROPOSAL_FIELDS,
  type ProposalFormProps,
  type ProposalFormValues,
  readProposalForm,
} from '../../shared/proposal';
import type { Quote } from '../../shared/quote';
import { todayInSaoPaulo } from '../../shared/sao-paulo-time';
import { type QuoteFreight, quoteFreight } from '../freight/quote-freight';
import type { LeadChange } from '../inbox/sql-store';
import { leadLines } from '../leads/presentation';
import type { WorkedLead } from '../leads/resource';
import { auditContext } from '../module/audit';
import { laneEstimate } from '../shipments/driving/lane-estimate';
import type { Stores } from '../stores';
import { fieldOf, type WorkplaceContext } from '../workplace/context';
import { pageRoute, type WorkplaceRoute } from '../workplace/route';
import { proposalLink, proposalMessage } from './messages';
import type { FloorCheck } from './sql-store';

// /painel/leads/ID/proposta (docs/requirements.md §9.6): a member writes a quote's
// proposal, checked against the ANTT floor of the quote (server/freight/quote-freight.ts); an admin
// alone may go under it, with a reason the audit record keeps. Stored, it goes to the customer by
// e-mail through the outbox, and the page redirects (303) to the quote's page. The form carries a key
// drawn with it, so that a double tap sends one proposal; a won quote takes none until a member
// reopens it (POST /painel/leads/ID/reabrir).

const leadId = z.uuid();
const formKey = z.uuid();

/** What the quote's page says once the proposal is on its way (SAVED in server/inbox/lead-routes.ts). */
const PROPOSAL_SAVED = 'proposta';

/** Why a won quote's form sends nothing (§9.6). */
const WON = 'Esta cotação já está como Ganho: reabra-a para enviar outra proposta.';

/** What of the quote the form shows above the price: what prices it, not who sent it. */
const QUOTE_LINES = [
  'Origem',
  'Destino',
  'Tipo de carga',
  'Segmento',
  'Peso',
  'Veículo',
  'Valor da mercadoria',
  'Data de coleta',
];

/**
 * The floor in words, as the form shows it above the price: a priced one with its act and km, else
 * why there is none, in the inbox's own words (shared/freight-text.ts).
 */
function floorText({ floor, distance }: QuoteFreight): string {
  if (floor.kind !== 'priced') return unpricedText(floor)!;
  const estimate = distance?.source === 'estimate' ? ' (estimativa)' : '';
  return `${reaisText(floor.cents)} pela ${floor.act.name}, para ${kmText(floor.km)}${estimate}.`;
}

type Context = WorkplaceContext & Pick<Stores, 'inbox' | 'proposals' | 'freight' | 'audit'> & { mailOn: boolean };

export function proposalRoutes(context: Context): WorkplaceRoute[] {
  const { inbox, proposals, freight, audit, render, publicUrl, mailOn } = context;

  async function quoteOf(req: Request, res: Response) {
    const id = leadId.safeParse(req.params.id);
    const lead = id.success ? await inbox.getLead(id.data) : undefined;
    if (lead?.kind === 'quote') return lead as WorkedLead & { kind: 'quote'; record: Quote };
    render(res, 404, 'proposal', { state: 'missing' });
  }

  /** The form with the quote above it: recorded as a view of the quote first, as the quote's page is. */
  async function show(
    req: Request,
    res: Response,
    status: number,
    lead: WorkedLead,
    priced: QuoteFreight,
    extra: Partial<Extract<ProposalFormProps, { state: 'shown' }>> = {},
  ) {
    await audit.recordView({
      ...auditContext(req, res),
      action: 'lead.viewed',
      leadIds: [lead.record.id],
      detail: { table: 'quotes' },
    });
    const lines = leadLines(lead).filter(({ label }) => QUOTE_LINES.includes(label));
    const km =
      priced.distance && `${kmText(priced.distance.km)}${priced.distance.source === 'estimate' ? ' (estimativa)' : ''}`;
    // The prazo's estimate from the lane (docs/requirements.md §12.4), from the quote's pickup date or today.
    const quote = lead.record as Quote;
    const estimate = await laneEstimate(
      freight,
      quote.origin,
      quote.destination,
      quote.pickupDate ?? todayInSaoPaulo(),
    );
    render(res, status, 'proposal', {
      state: 'shown',
      ...(estimate && { estimate: { days: estimate.days, text: estimate.text } }),
      leadId: lead.record.id,
      name: lead.record.name,
      lines: [
        ...lines.map(({ label, value }) => ({ label, value })),
        ...(km ? [{ label: 'Distância', value: km }] : []),
      ],
      floor: floorText(priced),
      ...(priced.floor.kind === 'priced' && { floorTyped: typedReais(priced.floor.cents) }),
      values: {},
      errors: {},
      admin: res.locals.signedIn!.member.role === 'admin',
      formKey: randomUUID(),
      won: lead.work.status === 'won',
      ...extra,
    });
  }

  const page: RequestHandler = async (req, res) => {
    const lead = await quoteOf(req, res);
    if (!lead) return;
    await show(req, res, 200, lead, await quoteFreight({ freight }, lead.record));
  };

  const send: RequestHandler = async (req, res) => {
    const lead = await quoteOf(req, res);
    if (!lead) return;
    const values: ProposalFormValues = Object.fromEntries(PROPOSAL_FIELDS.map((name) => [name, fieldOf(req, name)]));
    const priced = await quoteFreight({ freight }, lead.record);
    const refused = (errors: Partial<Record<(typeof PROPOSAL_FIELDS)[number], string>>) =>
      show(req, res, 400, lead, priced, {
        values,
        formKey: fieldOf(req, 'chave'),
        errors,
        notice: { kind: 'error', text: Object.values(errors)[0] ?? '' },
      });
    if (!mailOn)
      return show(req, res, 409, lead, priced, {
        values,
        notice: {
          kind: 'error',
          text: 'O e-mail do site está desligado (SMTP_URL): a proposta não chegaria ao cliente.',
        },
      });
    // The key the form was drawn with, kept by a refusal's redraw: a form without one is redrawn with one.
    const key = formKey.safeParse(fieldOf(req, 'chave'));
    if (!key.success)
      return show(req, res, 400, lead, priced, {
        values,
        notice: { kind: 'error', text: 'O formulário estava incompleto: confira os dados e envie de novo.' },
      });
    const read = readProposalForm(values);
    if ('errors' in read) return refused(read.errors);
    const { member } = res.locals.signedIn!;
    const floor: FloorCheck = {};
    if (priced.floor.kind === 'priced') {
      Object.assign(floor, { floorCents: priced.floor.cents, act: priced.floor.act.name });
      if (read.terms.priceCents < priced.floor.cents) {
        const under = `Preço abaixo do piso mínimo da ANTT: ${reaisText(priced.floor.cents)} pela ${priced.floor.act.name}.`;
        // The role is the server's to check: a reason posted by a member who is no admin counts for nothing.
        if (member.role !== 'admin')
          return refused({ preco: `${under} Só um administrador pode enviar abaixo do piso, com o motivo.` });
        if (!read.overrideReason)
          return refused({
            preco: under,
            motivo_piso: 'Para enviar abaixo do piso, escreva o motivo (uma carga de retorno, por exemplo).',
          });
        Object.assign(floor, { overrideReason: read.overrideReason, overrideBy: member.id });
      }
    }
    const by = { ...auditContext(req, res), actor: { kind: 'member' as const, id: member.id, email: member.email } };
    const sent = await proposals.createProposal(
      lead.record.id,
      key.data,
      read.terms,
      floor,
      (token) => proposalMessage(lead.record, read.terms, proposalLink(publicUrl, token), member.email),
      by,
    );
    if (sent.outcome === 'won')
      return show(req, res, 409, lead, priced, {
        values,
        won: true,
        notice: { kind: 'error', text: WON },
      });
    // A quote still waiting or in contact is now in Proposta enviada; one further along keeps its
    // status. Its sender takes a quote nobody owned, as 'Respondi' does (§6.4, §9.6), audited as
    // lead.owner. A second send of the same form ('repeated') changes nothing and sees the same page.
    const change: LeadChange = {
      ...(['new', 'contacted'].includes(lead.work.status) && { status: 'proposal' }),
      ...(!lead.work.owner && { owner: member.id }),
    };
    if (sent.outcome === 'sent' && Object.keys(change).length > 0)
      await inbox.changeLead(lead.record.id, lead.work.version, change, by);
    res.redirect(303, `${leadPath(lead.record.id)}?salvo=${PROPOSAL_SAVED}`);
  };

  /** A member's reopening of a won quote, audited; 303 back to the proposal's form either way. */
  const reopen: RequestHandler = async (req, res) => {
    const lead = await quoteOf(req, res);
    if (!lead) return;
    const { member } = res.locals.signedIn!;
    await proposals.reopenQuote(lead.record.id, {
      ...auditContext(req, res),
      actor: { kind: 'member', id: member.id, email: member.email },
    });
    res.redirect(303, `${leadPath(lead.record.id)}/proposta`);
  };

  return [
    pageRoute('GET', '/painel/leads/:id/proposta', 'vendas', page),
    pageRoute('POST', '/painel/leads/:id/proposta', 'vendas', send),
    pageRoute('POST', '/painel/leads/:id/reabrir', 'vendas', reopen),
  ];
}
