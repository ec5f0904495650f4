import { z } from 'zod';
import { cnpjCharacters, isValidCnpj } from '../../shared/cnpj';
import { email, optionalText, PLAIN_PHONE, requiredText } from '../../shared/fields';
import { type MunicipalityIndex, resolveMunicipality } from '../../shared/municipalities';
import { ibgePlaces } from '../freight/places';
import { type KeyKind, keyParts, readAccessKey } from './access-key';
import { type Audience, type EventKind, isOccurrence } from './events';
import type { Place, ShipmentKey } from './shipment';
import type { ShipmentChange } from './sql-store';

// The team's and the driver's forms read into what the commands take (docs/requirements.md §12.1,
// §12.5): each field's Portuguese message by the field's name in the HTML, every value kept as typed
// for the page that shows them again.

export type Errors = Record<string, string>;
export type Values = Record<string, string>;

/** A municipality as typed ('Belém/PA', 'belem - pa', 'Macapá'), with its IBGE code. */
export function placeOf(index: MunicipalityIndex, typed: string): { place: Place } | { error: string } {
  const text = typed.trim();
  if (!text) return { error: 'Informe o município, como “Belém/PA”.' };
  const found = resolveMunicipality(index, text);
  if (found.kind === 'ambiguous')
    return { error: `Há “${text}” em ${found.ufs.join(', ')}: escreva também a UF, como “${text}/${found.ufs[0]}”.` };
  if (found.kind === 'unknown')
    return { error: `Município não encontrado no IBGE: “${text}”. Escreva como “Belém/PA”.` };
  const { name, uf } = found.municipality;
  const ibge = ibgePlaces().placeNamed({ city: name, state: uf });
  return { place: { ...(ibge && { code: ibge.code }), city: name, state: uf } };
}

/** The municipality whose IBGE seat is nearest a position: all the customer is ever shown of it (§12.7). */
export function nearestPlace(latitude: number, longitude: number): Place | undefined {
  const seat = ibgePlaces().nearest(latitude, longitude);
  return seat && { code: seat.code, city: seat.name, state: seat.uf };
}

export function readKey(kind: string, typed: string): { key: ShipmentKey } | { error: string } {
  if (kind !== 'cte' && kind !== 'nfe' && kind !== 'mdfe')
    return { error: 'Escolha o documento: CT-e, NF-e ou MDF-e.' };
  const read = readAccessKey(typed, kind as KeyKind);
  if ('error' in read) return read;
  return { key: { kind: kind as KeyKind, digits: read.key, ...keyParts(read.key) } };
}

/** A plate: Mercosul's ABC1D23 or the old ABC-1234, stored without the dash, in capitals. */
const PLATE = /^[A-Z]{3}[0-9][A-Z0-9][0-9]{2}$/;

const crew = z.object({
  placa: optionalText({ max: 10 })
    .transform((value) => value?.toUpperCase().replace(/[\s-]/g, ''))
    .refine((value) => value === undefined || PLATE.test(value), 'Placa inválida: use ABC1D23 ou ABC-1234.'),
  veiculo: z.enum(['', '28t', '45t'], { error: 'Escolha o veículo: 28t ou 45t.' }),
  motorista: optionalText({ max: 120 }),
  telefone: optionalText({ max: 30 }).refine(
    (value) => value === undefined || PLAIN_PHONE.test(value),
    'Use apenas números, espaços e os sinais + ( ) - .',
  ),
  email_motorista: z.union([z.literal(''), email]),
  cnpj_destinatario: optionalText({ max: 18 }).refine(
    (value) => value === undefined || isValidCnpj(value),
    'CNPJ inválido: confira os dígitos verificadores.',
  ),
});

const fieldErrors = (error: z.ZodError): Errors =>
  Object.fromEntries(error.issues.toReversed().map((issue) => [String(issue.path[0]), issue.message]));

export function readCrew(values: Values): { errors: Errors } | { fields: ShipmentChange } {
  const parsed = crew.safeParse(values);
  if (!parsed.success) return { errors: fieldErrors(parsed.error) };
  const { placa, veiculo, motorista, telefone, email_motorista, cnpj_destinatario } = parsed.data;
  return {
    fields: {
      vehiclePlate: placa,
      vehicleClass: veiculo || undefined,
      driverName: motorista,
      driverPhone: telefone,
      driverEmail: email_motorista || undefined,
      recipientCnpj: cnpj_destinatario && cnpjCharacters(cnpj_destinatario),
    },
  };
}

const isDate = (value: string) => /^\d{4}-\d{2}-\d{2}$/.test(value) && !Number.isNaN(Date.parse(`${value}T12:00:00Z`));

export function readPromise(typed: string, pickupFrom: string): { date: string } | { error: string } {
  if (!isDate(typed)) return { error: 'Informe a data prometida: AAAA-MM-DD, ou pelo calendário.' };
  if (typed < pickupFrom) return { error: 'A entrega não pode ser prometida antes do início da coleta.' };
  return { date: typed };
}

/** The kinds a member records from the form (the cancellation and the resolution have their own). */
export const RECORDED_KINDS: readonly EventKind[] = [
  'picked_up',
  'in_transit',
  'arrived',
  'out_for_delivery',
  'delivered',
  'delay',
  'attempt',
  'refusal',
  'damage',
  'loss',
];

const note = optionalText({ max: 500, multiline: true });
const recipient = z.object({
  recebedor: requiredText({ label: 'o nome de quem recebeu', max: 120 }),
  documento: requiredText({ label: 'o documento de quem recebeu (CPF ou RG)', max: 30 }),
});

export type EventFields = {
  kind: EventKind;
  audience: Audience;
  municipality?: Place;
  note?: string;
  recipientName?: string;
  recipientDocument?: string;
};

/**
 * An event as a form sends it (the team's or the driver's): its kind, its municipality (typed, or
 * `place` already found from a position), its note, and for a delivery who received it. An
 * ocorrência's audience is the form's choice; every other kind is the customer's.
 */
export function readEvent(
  values: Values,
  index: MunicipalityIndex,
  { place, cityRequired = false }: { place?: Place; cityRequired?: boolean } = {},
): { event: EventFields } | { errors: Errors } {
  const errors: Errors = {};
  const kind = values.tipo as EventKind;
  if (!RECORDED_KINDS.includes(kind)) errors.tipo = 'Escolha o que aconteceu.';
  let municipality = place;
  if (!municipality && (values.municipio?.trim() || cityRequired || kind === 'in_transit')) {
    const read = placeOf(index, values.municipio ?? '');
    if ('error' in read) errors.municipio = read.error;
    else municipality = read.place;
  }
  const noted = note.safeParse(values.nota);
  if (!noted.success) errors.nota = noted.error.issues[0]!.message;
  const audience: Audience = isOccurrence(kind) && values.publico === 'internal' ? 'internal' : 'customer';
  let received: z.infer<typeof recipient> | undefined;
  if (kind === 'delivered') {
    const read = recipient.safeParse(values);
    if (read.success) received = read.data;
    else Object.assign(errors, fieldErrors(read.error));
  }
  if (Object.keys(errors).length > 0) return { errors };
  return {
    event: {
      kind,
      audience,
      ...(municipality && { municipality }),
      ...(noted.data && { note: noted.data }),
      ...(received && { recipientName: received.recebedor, recipientDocument: received.documento }),
    },
  };
}

/** A cancellation's or a resolution's reason: required for a cancellation, as the CT-e's own (§12.5). */
export function readReason(values: Values, required: boolean): { note?: string } | { error: string } {
  const rule = required ? requiredText({ label: 'o motivo do cancelamento', max: 500, multiline: true }) : note;
  const read = rule.safeParse(values.motivo);
  return read.success ? { ...(read.data && { note: read.data }) } : { error: read.error.issues[0]!.message };
}
