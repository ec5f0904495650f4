import { z } from 'zod';
import { atMostDecimals, optionalText } from './fields';
import {
  type ClientFields,
  choice,
  date,
  inputSchema,
  leadId,
  leadSource,
  leadStatus,
  personFields,
  place,
  quantity,
  receivedAt,
  text,
  type ValuesOf,
} from './lead';
import { todayInSaoPaulo } from './sao-paulo-time';

/** The five industries the page serves (the areas section), each with its name as people read it. */
const CARGO_LABELS = {
  bebidas: 'Bebidas',
  alimentos: 'Alimentos',
  quimicos: 'Químicos',
  industrial: 'Industrial',
  tecnologia: 'Tecnologia',
} as const;
const CARGO_TYPES = Object.keys(CARGO_LABELS) as (keyof typeof CARGO_LABELS)[];

/** The two vehicle classes of the fleet, by capacity. */
const VEHICLE_CAPACITY_TONS = { '28t': 28, '45t': 45 } as const;
const VEHICLES = Object.keys(VEHICLE_CAPACITY_TONS) as (keyof typeof VEHICLE_CAPACITY_TONS)[];

const pickupDate = z.iso
  .date({ error: 'Use uma data no formato AAAA-MM-DD.' })
  .refine((date) => date >= todayInSaoPaulo(), 'A data de coleta não pode estar no passado.');

/**
 * A full-truckload quote request (docs/requirements.md §7.2), its fields in the order the API shows
 * them: the one definition everything about a quote comes from (see shared/lead.ts).
 */
export const quoteFields = {
  id: leadId,
  status: leadStatus,
  createdAt: receivedAt('Recebida em'),
  ...personFields,
  origin: place('Origem', 'a'),
  destination: place('Destino', 'o'),
  cargoType: choice(
    'Tipo de carga',
    z.enum(CARGO_TYPES, { error: `Escolha o tipo de carga: ${CARGO_TYPES.join(', ')}.` }),
    CARGO_LABELS,
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
  vehicle: choice('Veículo', z.enum(VEHICLES, { error: 'Escolha o veículo: 28t ou 45t.' }).optional()),
  pickupDate: date('Data de coleta', pickupDate.optional()),
  notes: text('Observações', optionalText({ max: 2000, multiline: true })),
  source: leadSource,
};

/** POST /api/quotes: the one schema the server validates with. */
export const quoteInputSchema = inputSchema(quoteFields).refine(
  (quote) => !quote.vehicle || quote.weightTons <= VEHICLE_CAPACITY_TONS[quote.vehicle],
  { path: ['weightTons'], message: 'O peso excede a capacidade do veículo escolhido.' },
);

export type QuoteInput = z.input<typeof quoteInputSchema>;
/** What the validator hands the repository. */
export type QuoteFields = ValuesOf<ClientFields<typeof quoteFields>>;
/** A stored quote request as the API returns it; absent optional fields are left out. */
export type Quote = ValuesOf<typeof quoteFields>;
