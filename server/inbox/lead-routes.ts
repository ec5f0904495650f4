import type { Request, RequestHandler, Response } from 'express';
import { z } from 'zod';
import { businessMillisBetween, businessWaitText, promiseState } from '../../shared/business-hours';
import { dueAt, dueText } from '../../shared/due-time';
import type { BusinessCalendar } from '../../shared/holidays';
import { NOBODY } from '../../shared/inbox';
import { leadChangeSchema } from '../../shared/lead-change';
import { type LeadFormValues, type LeadView, leadPath } from '../../shared/lead-page';
import type { LeadStatus } from '../../shared/lead-status';
import { readableInSaoPaulo } from '../../shared/sao-paulo-time';
import { memberName, type PageNotice } from '../../shared/team';
import { quoteFreight } from '../freight/quote-freight';
import { fieldErrors } from '../http/validation';
import { leadLines } from '../leads/presentation';
import type { WorkedLead } from '../leads/resource';
import { auditContext } from '../module/audit';
import type { Stores } from '../stores';
import { fieldOf, type WorkplaceContext } from '../workplace/context';
import { pageRoute, type WorkplaceRoute } from '../workplace/route';
import { contactLinks } from './contact-links';
import { leadHistory, shownDeliveries } from './lead-lines';
import { tellNewOwner } from './owner-notice';
import { proposalLine } from './proposal-lines';
import type { ChangedBy, LeadChange } from './sql-store';

// /painel/leads/ID (docs/requirements.md §6.4): the lead, its three forms, its erasure.
// A change that lands answers 303 back to the page (PRG: a reload repeats nothing); one made on a
// version someone else changed since answers 409 with the lead as it now stands and the member's input
// kept (docs/decisions/033-concurrent-lead-edits.md).

export const CONFLICT_NOTICE =
  'Este lead foi alterado por outra pessoa enquanto você editava: veja abaixo como ele está agora e refaça sua ' +
  'alteração se ainda fizer sentido.';

const leadId = z.uuid();

/** What the forms show when nothing was sent: the lead as it stands. */
const formOf = ({ work }: WorkedLead): LeadFormValues => ({
  situacao: work.status,
  motivo: work.lostReason ?? '',
  responsavel: work.owner?.id ?? NOBODY,
  nota: '',
  versao: work.version,
});

/** Whether `change` is already what the lead shows, the member's own: a double click's second POST. */
const alreadyApplied = (lead: WorkedLead, sent: number, change: LeadChange, notes: { body: string }[]) =>
  lead.work.version === sent + 1 &&
  (change.status === undefined || change.status === lead.work.status) &&
  (change.owner === undefined || change.owner === (lead.work.owner?.id ?? null)) &&
  (change.note === undefined || notes.at(-1)?.body === change.note);

/**
 * What a change that landed says on the page it redirects to (docs/requirements.md §6.4: a save on a phone shows
 * that it saved), named in the redirect's query: `?salvo=nota`. Only these words are shown, never
 * text from the URL.
 */
export const SAVED = {
  respondi: 'Salvo: marcado como respondido, e o relógio das 2 horas úteis parou.',
  situacao: 'Salvo: situação alterada.',
  responsavel: 'Salvo: responsável alterado.',
  nota: 'Salvo: nota adicionada.',
  proposta: 'Salvo: proposta enviada ao cliente por e-mail.',
} as const;

/** Which of SAVED a change's form sent: the one-tap "Respondi", or the form of its fields. */
const savedBy = (sent: (name: string) => boolean, req: Request): keyof typeof SAVED =>
  fieldOf(req, 'feito') === 'respondi'
    ? 'respondi'
    : sent('situacao')
      ? 'situacao'
      : sent('nota')
        ? 'nota'
        : 'responsavel';

/** The promise's clock of a lead at `now`: running while it never left Novo (§9.4). */
function clockOf({ record, work }: WorkedLead, now: Date, calendar: BusinessCalendar): LeadView['clock'] {
  // From its release when it was held as suspect: the team could not see it before (decision 045).
  const arrived = new Date(work.releasedAt ?? record.createdAt);
  const stopped = work.respondedAt ? new Date(work.respondedAt) : undefined;
  const waited = businessWaitText(businessMillisBetween(arrived, stopped ?? now, calendar));
  if (stopped || work.status !== 'new') return { waited };
  return { waited, state: promiseState(arrived, now, calendar), due: dueText(dueAt(arrived, calendar), now) };
}

/** An answer by e-mail that starts with the subject written (RFC 6068). */
const mailtoOf = (href: string, kind: WorkedLead['kind']) =>
  `${href}?subject=${encodeURIComponent(kind === 'quote' ? 'Sua cotação de frete' : 'Seu contato com a transportadora')}`;

/** The signed-in member, as the audit lines of their change name them. */
const memberBy = (req: Request, res: Response): ChangedBy => {
  const { id, email } = res.locals.signedIn!.member;
  return { ...auditContext(req, res), actor: { kind: 'member', id, email } };
};

type LeadContext = WorkplaceContext &
  Pick<Stores, 'inbox' | 'audit' | 'outbox' | 'team' | 'personalData' | 'freight' | 'proposals'>;

export function leadRoutes(context: LeadContext): WorkplaceRoute[] {
  const { inbox, audit, outbox, team, personalData, freight, proposals, render, calendar, publicUrl, auditActions } =
    context;
  /**
   * The lead's page, whatever its status (a change refused shows the lead too): recorded as a view
   * before it is sent, at most once an hour per member and lead ("Viu o lead", AuditStore.recordView).
   */
  async function show(req: Request, res: Response, lead: WorkedLead, status = 200, extra: Partial<Shown> = {}) {
    const me = res.locals.signedIn!.member;
    await audit.recordView({
      ...auditContext(req, res),
      action: 'lead.viewed',
      leadIds: [lead.record.id],
      detail: { table: lead.kind === 'contact' ? 'contacts' : 'quotes' },
    });
    const [notes, lines, deliveries, members, trip, offered] = await Promise.all([
      inbox.leadNotes(lead.record.id),
      audit.readAudit({ leadId: lead.record.id, limit: 100 }),
      outbox.ofLead(lead.record.id),
      team.everyMember(),
      lead.kind === 'quote' ? quoteFreight({ freight }, lead.record) : undefined,
      lead.kind === 'quote' ? proposals.proposalsOf(lead.record.id) : undefined,
    ]);
    const active = members.filter(({ revoked }) => !revoked);
    const links = contactLinks(lead.record);
    const view: LeadView = {
      id: lead.record.id,
      kind: lead.kind,
      name: lead.record.name,
      lines: leadLines(lead),
      links: { ...links, mailto: mailtoOf(links.mailto, lead.kind) },
      work: lead.work,
      clock: clockOf(lead, new Date(), calendar),
      deliveries: shownDeliveries(deliveries),
      notes: notes.map(({ author, body, createdAt }) => ({
        author: author.name,
        body,
        at: readableInSaoPaulo(createdAt),
      })),
      // The history keeps a revoked member's name, marked (docs/requirements.md §6.3); only the active can be chosen.
      history: leadHistory(
        lines,
        members.map((member) => ({ id: member.id, name: memberName(member) })),
        auditActions,
      ),
      members: active.map(({ id, name }) => ({ id, name })),
      ...(trip && { freight: trip }),
      ...(offered && { proposals: offered.map(proposalLine) }),
      selfId: me.id,
      admin: me.role === 'admin',
    };
    render(res, status, 'lead', { state: 'shown', lead: view, form: extra.form ?? formOf(lead), ...extra });
  }

  async function found(req: Request, res: Response) {
    const id = leadId.safeParse(req.params.id);
    const lead = id.success ? await inbox.getLead(id.data) : undefined;
    if (!lead) render(res, 404, 'lead', { state: 'missing' });
    return lead;
  }

  const page: RequestHandler = async (req, res) => {
    const lead = await found(req, res);
    if (!lead) return;
    const { salvo } = req.query;
    const saved = typeof salvo === 'string' && Object.hasOwn(SAVED, salvo) ? SAVED[salvo as keyof typeof SAVED] : '';
    await show(req, res, lead, 200, saved ? { notice: { kind: 'ok', text: saved } } : {});
  };

  const change: RequestHandler = async (req, res) => {
    const lead = await found(req, res);
    if (!lead) return;
    const sent: LeadFormValues = {
      ...formOf(lead),
      ...Object.fromEntries(['situacao', 'motivo', 'responsavel', 'nota'].map((name) => [name, fieldOf(req, name)])),
      versao: Number(fieldOf(req, 'versao')),
    };
    const has = (name: string) => (req.body as Record<string, unknown>)[name] !== undefined;
    const errors: Record<string, string> = {};
    const parsed = leadChangeSchema.safeParse({
      ...(has('situacao') && { status: sent.situacao }),
      ...(has('situacao') && sent.motivo && { lostReason: sent.motivo }),
      ...(has('nota') && { note: sent.nota }),
      // The owner is checked below, by member id; the schema only needs to see that something changes.
      ...(has('responsavel') && { owner: null }),
    });
    if (!parsed.success) {
      const { status, lostReason, note, body } = fieldErrors(parsed.error);
      Object.assign(errors, {
        ...((status || lostReason) && { motivo: lostReason ?? status }),
        ...((note || body) && { nota: note ?? 'Escreva a nota antes de salvar.' }),
      });
    }
    const members = has('responsavel') ? await team.listMembers() : [];
    const owner = sent.responsavel === NOBODY ? null : members.find(({ id }) => id === sent.responsavel)?.id;
    if (has('responsavel') && owner === undefined) errors.responsavel = 'Escolha alguém da equipe, ou Ninguém.';
    if (!Number.isSafeInteger(sent.versao)) errors.versao = 'Recarregue a página e refaça a alteração.';
    const notice = (text: string): PageNotice => ({ kind: 'error', text });
    if (Object.keys(errors).length > 0 || !parsed.success)
      return show(req, res, lead, 400, { form: sent, errors, notice: notice(Object.values(errors)[0]!) });
    const wanted: LeadChange = {
      ...(parsed.data.status && { status: parsed.data.status as LeadStatus }),
      ...(parsed.data.lostReason && { lostReason: parsed.data.lostReason }),
      ...(owner !== undefined && { owner }),
      ...(parsed.data.note && { note: parsed.data.note }),
    };
    const result = await inbox.changeLead(lead.record.id, sent.versao, wanted, memberBy(req, res));
    if (!result) return render(res, 404, 'lead', { state: 'missing' });
    const back = () => res.redirect(303, `${leadPath(lead.record.id)}?salvo=${savedBy(has, req)}`);
    if (result.outcome === 'changed') {
      const { id, name } = res.locals.signedIn!.member;
      await tellNewOwner(team, { before: lead, after: result.lead, by: { id, name }, publicUrl, calendar });
      return back();
    }
    if (alreadyApplied(result.lead, sent.versao, wanted, await inbox.leadNotes(lead.record.id))) return back();
    // The member's input stays in the form, on the version as it now stands: resending it is a choice.
    await show(req, res, result.lead, 409, {
      form: { ...sent, versao: result.lead.work.version },
      notice: notice(CONFLICT_NOTICE),
    });
  };

  const erase: RequestHandler = async (req, res) => {
    const lead = await found(req, res);
    if (!lead) return;
    if (fieldOf(req, 'confirmo') !== 'sim')
      return show(req, res, lead, 400, {
        notice: { kind: 'error', text: 'Marque a confirmação: os dados serão apagados de vez.' },
      });
    const { email } = lead.record;
    const { contacts, quotes } = await personalData.eraseSubject(email, auditContext(req, res));
    render(res, 200, 'lead', {
      state: 'erased',
      notice: { kind: 'ok', text: `Dados de ${email} apagados: ${contacts} contato(s) e ${quotes} cotação(ões).` },
    });
  };

  return [
    pageRoute('GET', '/painel/leads/:id', 'vendas', page),
    pageRoute('POST', '/painel/leads/:id', 'vendas', change),
    pageRoute('POST', '/painel/leads/:id/eliminar', 'admin', erase),
  ];
}

type Shown = { form: LeadFormValues; notice: PageNotice; errors: Record<string, string> };
