import { isCalendarDate } from '../../shared/calendar-date';
import {
  type InboxCursor,
  type LeadQuery,
  NOBODY,
  PARAMS,
  PROMISE_VIEWS,
  type PromiseView,
  type ViewParams,
} from '../../shared/inbox';
import { LEAD_KINDS, LEAD_STATUSES, type LeadKind, type LeadStatus } from '../../shared/lead-status';
import { isoInSaoPaulo } from '../../shared/sao-paulo-time';

// A view of the inbox is its URL (docs/requirements.md §6.4): the list, the export and the links
// between pages read and write the same parameters, named as the team reads them. A value that
// cannot be one is named back, never a 400 page.

export type ParsedView = {
  query: LeadQuery;
  cursor?: InboxCursor;
  /** One of the clock's views: its arrival cutoff depends on the time of asking (withPromise). */
  promise?: PromiseView;
  /** The form's values, to fill it in again as sent. */
  params: ViewParams;
  /** What could not be read, in Portuguese, each left out of the query. */
  problems: string[];
};

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** A search of at most this many words, each cut to this length: enough for a name and a city. */
const MAX_WORDS = 8;
const MAX_WORD = 60;

/** The instant São Paulo's day `date` (YYYY-MM-DD) begins, with the offset it had that day. */
export function startOfDayInSaoPaulo(date: string) {
  const offset = isoInSaoPaulo(`${date}T12:00:00Z`).slice(19);
  return new Date(`${date}T00:00:00${offset}`);
}

const nextDay = (date: string) => {
  const day = new Date(`${date}T12:00:00Z`);
  day.setUTCDate(day.getUTCDate() + 1);
  return day.toISOString().slice(0, 10);
};

/** The words of a search, without the characters that would only be noise to either backend's index. */
const searchWords = (text: string) =>
  text
    .normalize('NFC')
    .split(/[\s"*()]+/u)
    .filter(Boolean)
    .slice(0, MAX_WORDS)
    .map((word) => word.slice(0, MAX_WORD));

/** A cursor as the URL carries it: the last row's arrival and id, readable and unforgeable into SQL. */
export const cursorParam = ({ createdAt, id }: InboxCursor) => `${createdAt}_${id}`;

/** A cursor from the URL, if it is one (the Suspeitos folder pages the same way: server/spam/routes.ts). */
export function readCursor(text: string): InboxCursor | undefined {
  const [createdAt = '', id = ''] = text.split('_');
  return UUID.test(id) && !Number.isNaN(Date.parse(createdAt)) && createdAt.endsWith('Z')
    ? { createdAt: new Date(createdAt).toISOString(), id }
    : undefined;
}

/** Reads a view from a request's query string (Express's req.query); repeated parameters count once. */
export function parseView(raw: Record<string, unknown>): ParsedView {
  const text = (name: string) => {
    const value = raw[name];
    const first = Array.isArray(value) ? value[0] : value;
    return typeof first === 'string' ? first.trim().slice(0, 200) : '';
  };
  const params = Object.fromEntries(
    Object.entries(PARAMS)
      .filter(([key]) => key !== 'cursor')
      .map(([key, name]) => [key, text(name)]),
  ) as ViewParams;
  const query: LeadQuery = {};
  const problems: string[] = [];

  const words = searchWords(params.words);
  if (words.length) query.words = words;
  if (params.status) {
    if (LEAD_STATUSES.includes(params.status as LeadStatus)) query.status = params.status as LeadStatus;
    else problems.push('Situação desconhecida: escolha uma da lista.');
  }
  if (params.kind) {
    if (params.kind in LEAD_KINDS) query.kind = params.kind as LeadKind;
    else problems.push('Tipo desconhecido: escolha contato ou cotação.');
  }
  if (params.owner === NOBODY) query.owner = null;
  else if (UUID.test(params.owner)) query.owner = params.owner.toLowerCase();
  else if (params.owner) problems.push('Responsável desconhecido: escolha um da lista.');
  if (params.source) query.source = params.source;
  if (params.campaign) query.campaign = params.campaign;
  for (const [key, label] of [
    ['from', 'de'],
    ['to', 'até'],
  ] as const) {
    const date = params[key];
    if (!date) continue;
    if (!isCalendarDate(date)) {
      problems.push(`Data “${label}” inválida: use o calendário, ou AAAA-MM-DD.`);
      continue;
    }
    if (key === 'from') query.since = startOfDayInSaoPaulo(date).toISOString();
    // 'até' includes its whole day.
    else query.until = startOfDayInSaoPaulo(nextDay(date)).toISOString();
  }
  let promise: PromiseView | undefined;
  if (params.promise in PROMISE_VIEWS) {
    promise = params.promise as PromiseView;
    if (query.status && query.status !== 'new')
      problems.push('Atrasados e Vencem em breve mostram só leads novos: a situação escolhida ficou de fora.');
    query.status = 'new';
  } else if (params.promise) problems.push('Visão desconhecida: escolha Atrasados ou Vencem em breve.');
  const cursorText = text(PARAMS.cursor);
  const cursor = cursorText ? readCursor(cursorText) : undefined;
  if (cursorText && !cursor) problems.push('Link de página inválido: voltamos ao começo da lista.');
  return { query, ...(cursor && { cursor }), ...(promise && { promise }), params, problems };
}

/**
 * The query of a clock view at the time its cutoffs were taken (promiseCutoffs): overdue, the new
 * leads whose clock started before `overdue`; due soon, those whose clock started from then until
 * `atRisk`. One comparison on the clock's index instead of a clock per row; the period filter
 * (arrival) still narrows it.
 */
export function withPromise(
  query: LeadQuery,
  promise: PromiseView | undefined,
  cutoffs: { overdue: Date; atRisk: Date },
) {
  if (!promise) return query;
  const [overdue, atRisk] = [cutoffs.overdue.toISOString(), cutoffs.atRisk.toISOString()];
  if (promise === 'atrasados') return { ...query, status: 'new', startedBefore: overdue } as LeadQuery;
  return { ...query, status: 'new', startedSince: overdue, startedBefore: atRisk } as LeadQuery;
}

/** The query string of a view (and of its next page): only the parameters given, in a fixed order. */
export function viewSearch(params: Partial<ViewParams>, cursor?: InboxCursor) {
  const search = new URLSearchParams();
  for (const [key, name] of Object.entries(PARAMS)) {
    const value = key === 'cursor' ? cursor && cursorParam(cursor) : params[key as keyof ViewParams];
    if (value) search.set(name, value);
  }
  const query = search.toString();
  return query ? `?${query}` : '';
}
