// A job application (docs/requirements.md §4.6): who applies, for which position or for the talent pool, what a
// driver brings (CNH, years per vehicle, MOPP), and the CV, which travels beside these fields as a
// file and is checked on the server (server/applications/pdf-check.ts).

export const APPLICATION_PATH = '/trabalhe-conosco/candidatura';
export const APPLICATION_SENT_PATH = '/trabalhe-conosco/candidatura/enviada';
/** The workplace's Candidaturas folder, where the admins read them. */
export const APPLICATIONS_FOLDER_PATH = '/painel/candidaturas';

/** The CV's bound (docs/requirements.md §4.6): a CV of a few pages is far below it. */
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

/**
 * What each required field says when it is left empty: the server's words
 * (server/applications/validation.ts), which the form's island says too before a CV is sent for nothing.
 */
export const EMPTY_FIELD_MESSAGES = {
  nome: 'Informe seu nome.',
  email: 'Informe seu e-mail.',
  telefone: 'Informe seu telefone ou WhatsApp.',
  cidade: 'Informe sua cidade.',
  uf: 'Escolha a UF.',
  consentimento: 'Para enviar, marque que leu e concorda com o uso dos seus dados.',
  curriculo: 'Anexe o seu currículo em PDF.',
} as const satisfies Partial<Record<ApplicationField, string>>;

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

/** An application's way through the process (docs/requirements.md §6.6), in order. */
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
