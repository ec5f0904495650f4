import { z } from 'zod';
import { email, optionalText, phone, requiredText } from './fields';
import { todayInSaoPaulo } from './sao-paulo-time';

/** The 27 federative units, as their official two-letter codes. */
const UF_CODES = [
  'AC',
  'AL',
  'AP',
  'AM',
  'BA',
  'CE',
  'DF',
  'ES',
  'GO',
  'MA',
  'MT',
  'MS',
  'MG',
  'PA',
  'PB',
  'PR',
  'PE',
  'PI',
  'RJ',
  'RN',
  'RS',
  'RO',
  'RR',
  'SC',
  'SP',
  'SE',
  'TO',
] as const;

/** The five industries the page serves (the areas section). */
const CARGO_TYPES = ['bebidas', 'alimentos', 'quimicos', 'industrial', 'tecnologia'] as const;

/** How people read each cargo type: in the e-mail to sales and in the spreadsheet export. */
export const CARGO_LABELS: Record<(typeof CARGO_TYPES)[number], string> = {
  bebidas: 'Bebidas',
  alimentos: 'Alimentos',
  quimicos: 'Químicos',
  industrial: 'Industrial',
  tecnologia: 'Tecnologia',
};

/** The two vehicle classes of the fleet, by capacity. */
export const VEHICLE_CAPACITY_TONS = { '28t': 28, '45t': 45 } as const;
const VEHICLES = Object.keys(VEHICLE_CAPACITY_TONS) as (keyof typeof VEHICLE_CAPACITY_TONS)[];

const placeSchema = (label: string) =>
  z.object(
    {
      city: requiredText({ label: `a cidade de ${label}`, max: 120 }),
      state: z.enum(UF_CODES, { error: 'Informe a UF com a sigla do estado, por exemplo SP ou PA.' }),
    },
    { error: `Informe a ${label} com cidade e UF.` },
  );

const pickupDate = z.iso
  .date({ error: 'Use uma data no formato AAAA-MM-DD.' })
  .refine((date) => date >= todayInSaoPaulo(), 'A data de coleta não pode estar no passado.');

/** POST /api/quotes: a full-truckload quote request. */
export const quoteInputSchema = z
  .object({
    name: requiredText({ label: 'seu nome', max: 120 }),
    email,
    phone,
    company: optionalText({ max: 160 }),
    origin: placeSchema('origem'),
    destination: placeSchema('destino'),
    cargoType: z.enum(CARGO_TYPES, { error: `Escolha o tipo de carga: ${CARGO_TYPES.join(', ')}.` }),
    weightTons: z
      .number({ error: 'Informe o peso em toneladas, como número.' })
      .positive('O peso deve ser maior que zero.')
      .max(45, 'O peso máximo por carga é 45 toneladas.'),
    vehicle: z.enum(VEHICLES, { error: 'Escolha o veículo: 28t ou 45t.' }).optional(),
    pickupDate: pickupDate.optional(),
    notes: optionalText({ max: 2000, multiline: true }),
  })
  .refine((quote) => !quote.vehicle || quote.weightTons <= VEHICLE_CAPACITY_TONS[quote.vehicle], {
    path: ['weightTons'],
    message: 'O peso excede a capacidade do veículo escolhido.',
  });

export type QuoteInput = z.input<typeof quoteInputSchema>;
export type QuoteFields = z.output<typeof quoteInputSchema>;

type QuoteStatus = 'pending';

/** A stored quote request as the API returns it; absent optional fields are left out. */
export type Quote = {
  id: string;
  status: QuoteStatus;
  createdAt: string;
  name: string;
  email: string;
  phone?: string;
  company?: string;
  origin: { city: string; state: (typeof UF_CODES)[number] };
  destination: { city: string; state: (typeof UF_CODES)[number] };
  cargoType: (typeof CARGO_TYPES)[number];
  weightTons: number;
  vehicle?: keyof typeof VEHICLE_CAPACITY_TONS;
  pickupDate?: string;
  notes?: string;
};
