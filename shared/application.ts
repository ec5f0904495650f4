import { z } from 'zod';
import { email, optionalText, PLAIN_PHONE, requiredText } from './fields';
import { UF_CODES } from './uf';

// A job application (issue 56 §2): who applies, for which position or for the talent pool, what a
// driver brings (CNH, years per vehicle, MOPP), and the CV, which travels beside these fields as a
// file and is checked on the server (server/applications/pdf-check.ts).

export const APPLICATION_PATH = '/trabalhe-conosco/candidatura';
export const APPLICATION_SENT_PATH = '/trabalhe-conosco/candidatura/enviada';

/** The CV's bound (issue 56 §2): a CV of a few pages is far below it. */
export const CV_MAX_BYTES = 5 * 1024 * 1024;

/** The form's field names, as posted; the CV's file field comes last, so the fields before it are read first. */
export const APPLICATION_FIELDS = [
  'nome',
  'email',
  'telefone',
  'cidade',
  'uf',
  'vaga',
  'banco',
  'cnh',
  'anosCaminhao',
  'anosCarreta',
  'anosBitrem',
  'anosRodotrem',
  'mopp',
  'mensagem',
  'consentimento',
] as const;
export type ApplicationField = (typeof APPLICATION_FIELDS)[number] | 'curriculo';
export const CV_FIELD = 'curriculo';

/** The CNH categories a carrier asks about; E drives a carreta, a bitrem, a rodotrem. */
export const CNH_CATEGORIES = ['A', 'B', 'C', 'D', 'E', 'AB', 'AC', 'AD', 'AE'] as const;
export type CnhCategory = (typeof CNH_CATEGORIES)[number];

/** The vehicle types a driver's experience is asked for, with the form's field and the label. */
export const VEHICLE_EXPERIENCE = [
  { field: 'anosCaminhao', key: 'truck', label: 'Caminhão (toco/truck)' },
  { field: 'anosCarreta', key: 'carreta', label: 'Carreta' },
  { field: 'anosBitrem', key: 'bitrem', label: 'Bitrem' },
  { field: 'anosRodotrem', key: 'rodotrem', label: 'Rodotrem' },
] as const;
type VehicleKey = (typeof VEHICLE_EXPERIENCE)[number]['key'];

/** An application's way through the process (issue 56 §4), in order. */
export const STAGES = {
  nova: 'Nova',
  em_analise: 'Em análise',
  entrevista: 'Entrevista',
  contratado: 'Contratado',
  encerrada: 'Encerrada',
} as const;
export type Stage = keyof typeof STAGES;
/** Where a process ends: the application and its CV go then, unless the candidate chose the talent pool. */
export const FINAL_STAGES: readonly Stage[] = ['contratado', 'encerrada'];

const years = z
  .string()
  .trim()
  .regex(/^\d{0,2}$/, 'Informe os anos em números, de 0 a 60.')
  .transform((value) => (value === '' ? undefined : Number(value)))
  .refine((value) => value === undefined || value <= 60, 'Informe os anos em números, de 0 a 60.');

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The fields as the form posts them (strings), checked; the city is resolved against the IBGE list by the server. */
export const applicationShape = z.object({
  nome: requiredText({ label: 'seu nome', max: 120 }),
  email,
  telefone: requiredText({ label: 'seu telefone ou WhatsApp', max: 30 }).refine(
    (value) => PLAIN_PHONE.test(value),
    'Use apenas números, espaços e os sinais + ( ) - .',
  ),
  cidade: requiredText({ label: 'sua cidade', max: 80 }),
  uf: z.enum(UF_CODES, 'Escolha a UF.'),
  // Empty: the talent pool, with no position in mind.
  vaga: z
    .string()
    .trim()
    .refine((value) => value === '' || UUID.test(value), 'Escolha uma das vagas da lista.')
    .default(''),
  banco: z.string().optional(),
  cnh: z.union([z.literal(''), z.enum(CNH_CATEGORIES)], 'Escolha uma categoria da lista.').default(''),
  anosCaminhao: years.optional(),
  anosCarreta: years.optional(),
  anosBitrem: years.optional(),
  anosRodotrem: years.optional(),
  mopp: z.string().optional(),
  mensagem: optionalText({ max: 1000, multiline: true }),
  consentimento: z.literal('sim', 'Para enviar, marque que leu e concorda com o uso dos seus dados.'),
});

/** What is stored of an application besides its CV. */
export type ApplicationFields = {
  name: string;
  email: string;
  phone: string;
  city: string;
  state: string;
  positionId?: string;
  /** Kept in the talent pool: not erased at the end of the process, only after the retention. */
  talentPool: boolean;
  cnh?: CnhCategory;
  experience: Partial<Record<VehicleKey, number>>;
  mopp: boolean;
  message?: string;
};

/** The checked form as stored; an application without a position is the talent pool's. */
export function applicationFields(form: z.output<typeof applicationShape>, city: string): ApplicationFields {
  const experience: ApplicationFields['experience'] = {};
  for (const { field, key } of VEHICLE_EXPERIENCE) if (form[field] !== undefined) experience[key] = form[field];
  return {
    name: form.nome,
    email: form.email,
    phone: form.telefone,
    city,
    state: form.uf,
    ...(form.vaga !== '' && { positionId: form.vaga }),
    talentPool: form.vaga === '' || form.banco === 'sim',
    ...(form.cnh !== '' && { cnh: form.cnh }),
    experience,
    mopp: form.mopp === 'sim',
    ...(form.mensagem !== undefined && { message: form.mensagem }),
  };
}

/** A position as the form offers it: its id and what the visitor reads. */
export type PositionChoice = { id: string; label: string };

/** What the server renders the form with: the positions, and after a post, the values and the messages. */
export type ApplicationFormState = {
  positions: PositionChoice[];
  /** A message about the whole post: its size, its framing, the rate limit. */
  formError?: string;
  values?: Partial<Record<ApplicationField, string>>;
  errors?: Partial<Record<ApplicationField, string>>;
};

/** A stored application, as the Candidaturas folder shows it. */
export type Application = ApplicationFields & {
  id: string;
  createdAt: string;
  stage: Stage;
  /** The position's title when it is known (a closed one keeps its applications). */
  positionTitle?: string;
  cv: { name: string; size: number };
};

export type ApplicationNote = { at: string; author: string; body: string };
