import { z } from 'zod';
import { isCalendarDate, NOT_A_DATE } from './calendar-date';
import { optionalText } from './fields';
import { reaisText } from './number-text';
import { todayInSaoPaulo } from './sao-paulo-time';

// The proposal sales writes for a quote (docs/requirements.md §9.6): the form's fields as
// the member types them, read into what is stored. The workplace's form (server/proposals/) and its
// view (client/inbox/ProposalForm.tsx) share it, and the customer's page (server/proposals/page.tsx).

/** The form's fields, by their names in the HTML. */
export const PROPOSAL_FIELDS = [
  'preco',
  'pedagio',
  'seguro',
  'icms',
  'inclui',
  'validade',
  'coleta_de',
  'coleta_ate',
  'prazo_entrega',
  'condicoes',
  'motivo_piso',
] as const;
export type ProposalField = (typeof PROPOSAL_FIELDS)[number];
export type ProposalFormValues = Partial<Record<ProposalField, string>>;

/** The highest price a proposal may carry: ten million reais, far above any road freight, and within a 32-bit integer of centavos. */
const PRICE_MAX_CENTS = 1_000_000_000;
/** The longest prazo de entrega a proposal may promise, in days after pickup (§12.4). */
const DELIVERY_DAYS_MAX = 60;

/** 'Entrega em até 11 dias após a coleta', as the customer's page and e-mail say the promise. */
export const deliveryText = (days: number) => `em até ${days} ${days === 1 ? 'dia' : 'dias'} após a coleta`;

/** How far ahead a proposal may stay open: a price for diesel that will have changed is no offer. */
export const VALIDITY_MAX_DAYS = 90;
const ONE_DAY = 86_400_000;

/**
 * A price as a Brazilian types it, in reais: '4850', '4.850', '4850,5', '4.850,50', with or
 * without 'R$'. The comma marks the centavos; a point only groups thousands, in threes, so '4.85' is
 * refused rather than read as 4,85 or 485 (a price read 100 times off is worse than a refusal).
 * Signs, exponents and any other character are refused; so is more than PRICE_MAX_CENTS.
 */
export function parsePrice(typed: string): { cents: number } | { error: string } {
  const text = typed.replace(/^\s*R\$\s*/i, '').trim();
  if (text === '') return { error: 'Informe o preço do frete, em reais: 4.850,00.' };
  if (/^-/.test(text)) return { error: 'O preço deve ser maior que zero.' };
  const match = /^(\d{1,3}(?:\.\d{3})+|\d+)(?:,(\d{1,2}))?$/.exec(text);
  if (!match) return { error: 'Escreva o preço só com números, pontos de milhar e vírgula nos centavos: 4.850,00.' };
  // Significant digits: '00000025000' is 25 mil reais, not a number of eleven digits.
  const reais = match[1]!.replaceAll('.', '').replace(/^0+(?=\d)/, '');
  if (reais.length > 8) return { error: `O preço pode ser no máximo ${reaisText(PRICE_MAX_CENTS)}.` };
  const cents = Number(reais) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
  if (cents === 0) return { error: 'O preço deve ser maior que zero.' };
  if (cents > PRICE_MAX_CENTS) return { error: `O preço pode ser no máximo ${reaisText(PRICE_MAX_CENTS)}.` };
  return { cents };
}

const plusDays = (date: string, days: number) =>
  new Date(Date.parse(`${date}T12:00:00Z`) + days * ONE_DAY).toISOString().slice(0, 10);

/** What a proposal offers, as stored (integer centavos, ISO dates). */
export type ProposalTerms = {
  priceCents: number;
  includesToll: boolean;
  includesInsurance: boolean;
  includesIcms: boolean;
  includesText?: string;
  validUntil: string;
  pickupFrom: string;
  pickupTo: string;
  /** The prazo de entrega, in days after pickup (docs/requirements.md §12.4); absent on proposals made before it. */
  deliveryDays?: number;
  conditions?: string;
};

const notes = z.object({
  inclui: optionalText({ max: 500 }),
  condicoes: optionalText({ max: 2000, multiline: true }),
  motivo_piso: optionalText({ max: 300 }),
});

/**
 * The form's values read into terms, or a Portuguese message per field. Dates are São Paulo's days:
 * the validity from today to VALIDITY_MAX_DAYS ahead, the pickup window from today, its end not
 * before its start. `today` is São Paulo's date (a parameter, so that tests pin it).
 */
export function readProposalForm(
  values: ProposalFormValues,
  today = todayInSaoPaulo(),
): { terms: ProposalTerms; overrideReason?: string } | { errors: Partial<Record<ProposalField, string>> } {
  const errors: Partial<Record<ProposalField, string>> = {};
  const price = parsePrice(values.preco ?? '');
  if ('error' in price) errors.preco = price.error;
  const validUntil = values.validade ?? '';
  if (!validUntil) errors.validade = 'Informe até quando a proposta vale.';
  else if (!isCalendarDate(validUntil)) errors.validade = NOT_A_DATE;
  else if (validUntil < today) errors.validade = 'A validade não pode estar no passado.';
  else if (validUntil > plusDays(today, VALIDITY_MAX_DAYS))
    errors.validade = `A validade pode ser de no máximo ${VALIDITY_MAX_DAYS} dias.`;
  const pickupFrom = values.coleta_de ?? '';
  const pickupTo = values.coleta_ate ?? '';
  if (!pickupFrom) errors.coleta_de = 'Informe o primeiro dia da janela de coleta.';
  else if (!isCalendarDate(pickupFrom)) errors.coleta_de = NOT_A_DATE;
  else if (pickupFrom < today) errors.coleta_de = 'A coleta não pode começar no passado.';
  if (!pickupTo) errors.coleta_ate = 'Informe o último dia da janela de coleta.';
  else if (!isCalendarDate(pickupTo)) errors.coleta_ate = NOT_A_DATE;
  else if (isCalendarDate(pickupFrom) && pickupTo < pickupFrom)
    errors.coleta_ate = 'O fim da janela não pode ser antes do início.';
  const prazo = (values.prazo_entrega ?? '').trim();
  const deliveryDays = Number(prazo);
  if (!/^\d{1,2}$/.test(prazo) || deliveryDays < 1 || deliveryDays > DELIVERY_DAYS_MAX)
    errors.prazo_entrega = `Informe o prazo de entrega em dias após a coleta, de 1 a ${DELIVERY_DAYS_MAX}.`;
  const parsed = notes.safeParse({
    inclui: values.inclui,
    condicoes: values.condicoes,
    motivo_piso: values.motivo_piso,
  });
  for (const issue of parsed.error?.issues ?? []) errors[issue.path[0] as ProposalField] ??= issue.message;
  if (Object.keys(errors).length > 0 || !parsed.success || 'error' in price) return { errors };
  const checked = (name: ProposalField) => values[name] === 'sim';
  return {
    terms: {
      priceCents: price.cents,
      includesToll: checked('pedagio'),
      includesInsurance: checked('seguro'),
      includesIcms: checked('icms'),
      ...(parsed.data.inclui && { includesText: parsed.data.inclui }),
      validUntil,
      pickupFrom,
      pickupTo,
      deliveryDays,
      ...(parsed.data.condicoes && { conditions: parsed.data.condicoes }),
    },
    ...(parsed.data.motivo_piso && { overrideReason: parsed.data.motivo_piso }),
  };
}

/** What the price includes, in words: 'pedágio, seguro e ICMS' and the member's own text. */
export function includedText({ includesToll, includesInsurance, includesIcms, includesText }: ProposalTerms) {
  const items = [includesToll && 'pedágio', includesInsurance && 'seguro da carga', includesIcms && 'ICMS'].filter(
    (item): item is string => Boolean(item),
  );
  const listed = items.length > 1 ? `${items.slice(0, -1).join(', ')} e ${items.at(-1)}` : (items[0] ?? '');
  return [listed, includesText].filter(Boolean).join('; ') || 'somente o frete';
}

/** Where the customers' pages of proposals are, each under its link's token. */
export const PROPOSAL_PATH_PREFIX = '/proposta/';

/** The customer's page of a proposal: where the e-mail links to (PUBLIC_URL + this). */
export const proposalPath = (token: string) => `${PROPOSAL_PATH_PREFIX}${token}`;

/** Where a proposal stands for the customer who opens it. */
export type ProposalState = 'open' | 'accepted' | 'refused' | 'expired' | 'superseded' | 'voided';

/** The customer's page as the server hands it to the view (server/proposals/page.tsx). */
export type ProposalView = {
  /** Where its forms post: the page's own path. */
  path: string;
  customer: string;
  lines: { label: string; value: string }[];
  conditions?: string;
  state: ProposalState;
  /** When it was answered, and by whom, in words: shown once it is. */
  answered?: string;
};

/** What the customer's page shows: the proposal, or that no proposal has this link. */
export type ProposalPageProps =
  | {
      state: 'shown';
      proposal: ProposalView;
      errors?: { aceito_por?: string; motivo?: string };
      values?: { aceito_por?: string; motivo?: string };
      /** "Recusar" pressed once: the page asks to confirm it, the reason kept (§9.6). */
      confirmRefusal?: boolean;
    }
  | { state: 'missing' }
  /** A post refused before it was read (its site, its rate, its size), or too many wrong links: the reason. */
  | { state: 'refused'; message: string };

/** The longest name or e-mail a customer types to accept, and the longest reason to refuse. */
export const ACCEPTED_BY_MAX = 254;
export const REFUSAL_REASON_MAX = 1000;

/** A proposal as the quote's page lists it: its price, when it went, and where it stands, in words. */
export type ProposalLine = { price: string; sent: string; state: string };

/** Where a proposal stands, as the team reads it on the quote's page. */
export const PROPOSAL_STATE_LABELS: Record<ProposalState, string> = {
  open: 'aguardando resposta',
  accepted: 'aceita',
  refused: 'recusada',
  expired: 'expirada',
  superseded: 'substituída',
  voided: 'anulada (cotação ganha)',
};

/** The workplace's form of a quote's proposal (client/inbox/ProposalForm.tsx). */
export type ProposalFormProps =
  | { state: 'missing' }
  | {
      state: 'shown';
      leadId: string;
      name: string;
      /** The quote as sales prices it: lane, cargo, weight, vehicle, distance. */
      lines: { label: string; value: string }[];
      /** The ANTT floor in words: the act and the amount, or why there is none. */
      floor: string;
      /** A priced floor as a price is typed ('29.608,09'): the price field's placeholder. */
      floorTyped?: string;
      values: ProposalFormValues;
      errors: Partial<Record<ProposalField, string>>;
      /** Whether the member may record a reason to go under the floor: admins alone. */
      admin: boolean;
      /** The prazo's estimate from the lane's distance, labelled 'estimativa' (§12.4), when there is a distance. */
      estimate?: { days: number; text: string };
      /** The key the form was drawn with: a second send with it stores nothing (§9.6). */
      formKey: string;
      /** Whether the quote is won: it takes no proposal until a member reopens it. */
      won: boolean;
      notice?: { kind: 'error' | 'ok'; text: string };
    };
