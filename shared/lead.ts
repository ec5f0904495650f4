import { z } from 'zod';
import { email, optionalText, phone, requiredText } from './fields';
import { FIRST_STATUS, LEAD_STATUS_LABELS, LEAD_STATUSES } from './lead-status';
import { UF_CODES } from './uf';

// A lead (a contact request, a quote request) is defined once, as its fields in the order the API
// shows them (shared/contact.ts, shared/quote.ts). A field says what kind of value it holds, how
// sales reads its name, and how it is validated; its kind says how it is stored, written in the
// spreadsheet and in the e-mail. From that come the types and the validator here, and on the server
// the row (server/leads/rows.ts), the spreadsheet (server/exports/columns.ts), the e-mail
// (server/leads/presentation.ts), the webhook's body (the record as the API shows it)
// and the OpenAPI schemas (server/openapi/parts.ts).

type Field<Kind extends string, Value> = {
  kind: Kind;
  /** How sales reads it: the spreadsheet's header, the e-mail's line (docs/requirements.md §10.10, §10.16). */
  label: string;
  /** What a client may send; for a field the server sets, what the API shows. */
  schema: z.ZodType<Value | undefined>;
  /** Set by the server when the lead is stored, never taken from what the client sent. */
  server?: true;
  /** The value a field the server sets starts with, when the repository does not give one (as it does id). */
  initial?: Value;
};

/** A city and its state: two columns, two cells of the spreadsheet, one line of the e-mail ('Belém/PA'). */
export type Place = { city: string; state: string };

/**
 * Where a lead came from, as far as the visit told: the site's form and page it was sent from, and
 * the campaign of the address the visitor arrived at (its utm_source, utm_medium, utm_campaign).
 * Each part has its column, its cell of the spreadsheet, and its name in the e-mail's one line.
 */
export const SOURCE_PARTS = {
  form: 'Formulário',
  page: 'Página',
  utmSource: 'utm_source',
  utmMedium: 'utm_medium',
  utmCampaign: 'utm_campaign',
} as const;
export type Source = { -readonly [Part in keyof typeof SOURCE_PARTS]?: string };

export type LeadField =
  /** Kept as typed. */
  | Field<'text', string>
  /** A phone number, kept as typed: a link to call in the e-mail, text (never a number) in the spreadsheet. */
  | Field<'phone', string>
  /** A moment, in ISO 8601 in UTC: shown in São Paulo's time. */
  | Field<'instant', string>
  /** A calendar date, YYYY-MM-DD. */
  | Field<'date', string>
  /** One of a fixed set of codes, shown by its label when it has one. */
  | (Field<'choice', string> & { labels?: Readonly<Record<string, string>> })
  /** A number in `unit`. */
  | (Field<'quantity', number> & { unit: string })
  /** An amount in reais, at most two decimals: shown 'R$ 150.000,00' (shared/number-text.ts). */
  | Field<'money', number>
  | Field<'place', Place>
  | Field<'source', Source>;

/** Every lead has an id and the moment it was stored. */
export type LeadFields = { id: LeadField; createdAt: LeadField } & Record<string, LeadField>;

export const text = <S extends z.ZodType<string | undefined>>(label: string, schema: S) =>
  ({ kind: 'text', label, schema }) as const;

export const date = <S extends z.ZodType<string | undefined>>(label: string, schema: S) =>
  ({ kind: 'date', label, schema }) as const;

export const choice = <S extends z.ZodType<string | undefined>>(
  label: string,
  schema: S,
  labels?: Readonly<Record<NonNullable<z.output<S>>, string>>,
) => ({ kind: 'choice', label, schema, labels }) as const;

export const quantity = <S extends z.ZodType<number | undefined>>(label: string, unit: string, schema: S) =>
  ({ kind: 'quantity', label, unit, schema }) as const;

export const money = <S extends z.ZodType<number | undefined>>(label: string, schema: S) =>
  ({ kind: 'money', label, schema }) as const;

/** A field the server sets when it stores the lead, starting at `initial` when given. */
const setByServer = <F extends LeadField>(field: F, initial?: z.output<F['schema']>) =>
  ({ ...field, server: true, initial }) as const;

export const leadId = setByServer(text('ID', z.uuid()));

/**
 * Where the sales team's work on the lead stands (shared/lead-status.ts): every lead arrives as
 * 'new'; the inbox and the API's PATCH move it on (server/inbox/).
 */
export const leadStatus = setByServer(choice('Situação', z.enum(LEAD_STATUSES), LEAD_STATUS_LABELS), FIRST_STATUS);

/** When the lead was stored; `label` heads its column of the spreadsheet. */
export const receivedAt = (label: string) => setByServer({ kind: 'instant', label, schema: z.iso.datetime() } as const);

/** Who asked: the fields every lead begins with (docs/requirements.md §5). */
export const personFields = {
  name: text('Nome', requiredText({ label: 'seu nome', max: 120 })),
  email: text('E-mail', email),
  phone: { kind: 'phone', label: 'Telefone', schema: phone } as const,
  company: text('Empresa', optionalText({ max: 160 })),
};

/** Each part of a source: one line of text, the page a path of this site. */
const sourceParts = z
  .object({
    form: optionalText({ max: 60 }),
    page: optionalText({ max: 500 }).refine((page) => page === undefined || page.startsWith('/')),
    utmSource: optionalText({ max: 200 }),
    utmMedium: optionalText({ max: 200 }),
    utmCampaign: optionalText({ max: 200 }),
  })
  .meta({
    description:
      'De onde veio o pedido: o formulário, o caminho da página e os parâmetros utm_* do endereço da visita. ' +
      'Uma parte fora das regras é deixada de fora; o pedido é guardado assim mesmo.',
  });

/** The parts of `value` that pass their rules; undefined when none does, or when it is no object. */
function validParts(value: unknown) {
  if (typeof value !== 'object' || value === null) return undefined;
  const given = value as Record<string, unknown>;
  const valid = Object.entries(sourceParts.shape).filter(([part, rules]) => rules.safeParse(given[part]).success);
  const kept = valid.filter(([part]) => given[part] !== undefined);
  return kept.length > 0 ? Object.fromEntries(kept.map(([part]) => [part, given[part]])) : undefined;
}

/**
 * Where the lead came from (docs/requirements.md §10.19). It never costs the lead: a part that
 * breaks its rules (too long, a control character, a page that is not a path) is left out before
 * validation, as is a source that is no object, and the lead is stored all the same.
 */
export const leadSource = {
  kind: 'source',
  label: 'Procedência',
  // Typed as the optional object it is: optionalText's output would type each part as always present.
  schema: z.preprocess(validParts, sourceParts.optional()) as unknown as z.ZodOptional<z.ZodType<Source, Source>>,
} as const;

/**
 * A place sent as one text, as the first API's clients may write it ('Belém/PA', 'Belém – PA',
 * 'Belém, PA'): the UF after the last separator. Without one, the city alone, and the UF is asked for.
 */
function placeFromText(value: unknown) {
  if (typeof value !== 'string') return value;
  const match = /^(.*?)\s*(?:[/,–—]|\s-\s|-)\s*([A-Za-z]{2})\s*$/u.exec(value);
  return match ? { city: match[1], state: match[2]!.toUpperCase() } : { city: value };
}

/**
 * A city and its state, named `label` ('Origem'); its messages and columns name it in lower case,
 * after its article ('a origem', 'o destino').
 */
export const place = (label: string, article: 'a' | 'o') => {
  const name = label.toLowerCase();
  const schema = z.object(
    {
      city: requiredText({ label: `o município de ${name}`, max: 120 }),
      state: z.enum(UF_CODES, { error: 'Informe a UF com a sigla do estado, por exemplo SP ou PA.' }),
    },
    { error: `Informe ${article} ${name} com município e UF.` },
  );
  // Typed as the object it stays: the text is only another way of writing it.
  const described = z.preprocess(placeFromText, schema).meta({
    description: `O município (IBGE) e sua UF; também aceito como um texto só, "Belém/PA" ou "Belém – PA".`,
  }) as unknown as typeof schema;
  return { kind: 'place', label, schema: described } as const;
};

type Value<F extends LeadField> = z.output<F['schema']>;

/** Hover shows the object rather than an intersection of mapped types. */
type Flat<T> = { [K in keyof T]: T[K] } & {};

/** The values of `Fs`, each under its key; a value that may be undefined is left out when it is. */
export type ValuesOf<Fs extends Record<string, LeadField>> = Flat<
  { [K in keyof Fs as undefined extends Value<Fs[K]> ? never : K]: Value<Fs[K]> } & {
    [K in keyof Fs as undefined extends Value<Fs[K]> ? K : never]?: Exclude<Value<Fs[K]>, undefined>;
  }
>;

/** The fields a client sends: all but those the server sets. */
export type ClientFields<Fs extends LeadFields> = {
  [K in keyof Fs as Fs[K] extends { server: true } ? never : K]: Fs[K];
};

/** The validator of what a client sends, its fields in the definition's order. */
export function inputSchema<Fs extends LeadFields>(fields: Fs) {
  const shape = Object.fromEntries(
    Object.entries(fields)
      .filter(([, field]) => !field.server)
      .map(([key, field]) => [key, field.schema]),
  );
  return z.object(shape as { [K in keyof ClientFields<Fs>]: ClientFields<Fs>[K]['schema'] });
}
