import { z } from 'zod';
import {
  type ApplicationFields,
  CNH_CATEGORIES,
  EMPTY_FIELD_MESSAGES,
  VEHICLE_EXPERIENCE,
} from '../../shared/application';
import { email, optionalText, PLAIN_PHONE, requiredText } from '../../shared/fields';
import { UF_CODES } from '../../shared/uf';

// The application form's fields as posted (strings), checked on the server (docs/requirements.md §4.6); the
// shared definition (shared/application.ts) stays free of zod, which the form's island never loads.

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
  uf: z.enum(UF_CODES, EMPTY_FIELD_MESSAGES.uf),
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
  consentimento: z.literal('sim', EMPTY_FIELD_MESSAGES.consentimento),
});

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
