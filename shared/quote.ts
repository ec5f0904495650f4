import { z } from 'zod';
import { isValidCnpj } from './cnpj';
import { atMostDecimals, optionalText } from './fields';
import { CARGO_TYPES, VEHICLE_CLASSES } from './freight';
import {
  type ClientFields,
  choice,
  date,
  inputSchema,
  leadId,
  leadSource,
  leadStatus,
  money,
  personFields,
  place,
  quantity,
  receivedAt,
  text,
  type ValuesOf,
} from './lead';
import { FREQUENCY_LABELS, SEGMENT_LABELS } from './quote-choices';
import { todayInSaoPaulo } from './sao-paulo-time';

export type Segment = keyof typeof SEGMENT_LABELS;
const SEGMENTS = Object.keys(SEGMENT_LABELS) as Segment[];
export const isSegment = (value: unknown): value is Segment => SEGMENTS.includes(value as Segment);

/** The ANTT's categories, and the industries a client of the first API still sends as `cargoType`. */
const CARGO_LABELS = { ...CARGO_TYPES, ...SEGMENT_LABELS };
const CARGO_KEYS = Object.keys(CARGO_LABELS) as (keyof typeof CARGO_LABELS)[];

/** The fleet's vehicle classes (shared/freight.ts), by capacity. */
const VEHICLES = Object.keys(VEHICLE_CLASSES) as (keyof typeof VEHICLE_CLASSES)[];
const VEHICLE_LABELS = Object.fromEntries(
  VEHICLES.map((vehicle) => [vehicle, VEHICLE_CLASSES[vehicle].label]),
) as Record<(typeof VEHICLES)[number], string>;

const FREQUENCIES = Object.keys(FREQUENCY_LABELS) as (keyof typeof FREQUENCY_LABELS)[];

const pickupDate = z.iso
  .date({ error: 'Use uma data no formato AAAA-MM-DD.' })
  .refine((date) => date >= todayInSaoPaulo(), 'A data de coleta não pode estar no passado.');

/** The CNPJ as typed, checked by its check digits, numeric or alphanumeric (shared/cnpj.ts). */
const cnpj = optionalText({ max: 18 })
  .refine((value) => value === undefined || isValidCnpj(value), 'CNPJ inválido: confira os dígitos verificadores.')
  .meta({
    description:
      'Opcional. Numérico ou alfanumérico (IN RFB 2.229/2024), com ou sem pontuação; guardado como a Receita o escreve (12.ABC.345/01DE-35).',
    example: '12.ABC.345/01DE-35',
  });

/**
 * A full-truckload quote request (docs/requirements.md §3.2), its fields in the order the API shows
 * them: the one definition everything about a quote comes from (see shared/lead.ts).
 */
export const quoteFields = {
  id: leadId,
  status: leadStatus,
  createdAt: receivedAt('Recebida em'),
  ...personFields,
  cnpj: text('CNPJ', cnpj),
  origin: place('Origem', 'a'),
  destination: place('Destino', 'o'),
  cargoType: choice(
    'Tipo de carga',
    z.enum(CARGO_KEYS, { error: 'Escolha o tipo de carga da lista.' }).meta({
      description:
        'Categoria de carga da ANTT. Os cinco segmentos (bebidas, alimentos, quimicos, industrial, tecnologia) ' +
        'ainda são aceitos, como na primeira versão da API: valem então também como `segment`.',
    }),
    CARGO_LABELS,
  ),
  segment: choice(
    'Segmento',
    z.enum(SEGMENTS, { error: `Escolha o segmento: ${SEGMENTS.join(', ')}.` }).optional(),
    SEGMENT_LABELS,
  ),
  weightTons: quantity(
    'Peso',
    't',
    z
      .number({ error: 'Informe o peso em toneladas, como número.' })
      .positive('O peso deve ser maior que zero.')
      .max(45, 'O peso máximo por carga é 45 toneladas.')
      .refine(atMostDecimals(3), 'Use no máximo três casas decimais no peso: a precisão é de 1 kg.')
      .meta({ multipleOf: 0.001 }),
  ),
  vehicle: choice('Veículo', z.enum(VEHICLES, { error: 'Escolha o veículo: 28t ou 45t.' }).optional(), VEHICLE_LABELS),
  goodsValue: money(
    'Valor da mercadoria',
    z
      .number({ error: 'Informe o valor da mercadoria em reais, como número.' })
      .positive('O valor da mercadoria deve ser maior que zero.')
      .max(1_000_000_000, 'O valor máximo aceito é R$ 1 bilhão.')
      .refine(atMostDecimals(2), 'Use no máximo duas casas decimais no valor: os centavos.')
      .meta({ multipleOf: 0.01 })
      .optional(),
  ),
  pickupDate: date('Data de coleta', pickupDate.optional()),
  frequency: choice(
    'Frequência',
    z.enum(FREQUENCIES, { error: `Escolha a frequência: ${FREQUENCIES.join(', ')}.` }).optional(),
    FREQUENCY_LABELS,
  ),
  notes: text('Observações', optionalText({ max: 2000, multiline: true })),
  source: leadSource,
};

/**
 * Whether the body is an object and none of its issues so far is on one of `fields`: a rule across
 * fields then has values to compare, and runs beside the other fields' errors.
 */
export const parsed =
  (...fields: string[]) =>
  ({ issues }: { issues: readonly { path?: readonly PropertyKey[] }[] }) =>
    !issues.some((issue) => !issue.path?.length || fields.includes(String(issue.path[0])));

/** The weight fits the vehicle chosen, if one is; judged whatever the other fields' errors, so all show at once. */
export const fitsTheVehicle: [
  (quote: { vehicle?: keyof typeof VEHICLE_CLASSES; weightTons: number }) => boolean,
  { path: string[]; message: string; when: ReturnType<typeof parsed> },
] = [
  (quote) => !quote.vehicle || quote.weightTons <= VEHICLE_CLASSES[quote.vehicle].capacityTons,
  {
    path: ['weightTons'],
    message: 'O peso excede a capacidade do veículo escolhido.',
    when: parsed('vehicle', 'weightTons'),
  },
];

/** The body's fields and their own rules (the server adds its places', server/quotes/validation.ts). */
export const quoteShape = inputSchema(quoteFields);

/** POST /api/quotes: what a body must look like (the server then resolves its places). */
export const quoteInputSchema = quoteShape.refine(...fitsTheVehicle);

export type QuoteInput = z.input<typeof quoteInputSchema>;
/** What the validator hands the repository. */
export type QuoteFields = ValuesOf<ClientFields<typeof quoteFields>>;
/** A stored quote request as the API returns it; absent optional fields are left out. */
export type Quote = ValuesOf<typeof quoteFields>;
