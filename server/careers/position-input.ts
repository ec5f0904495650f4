import { z } from 'zod';
import { requiredText } from '../../shared/fields';
import { POSITION_KINDS, type PositionInput, type PositionKind } from '../../shared/positions';
import { UF_CODES } from '../../shared/uf';

// What an admin may save as a position (docs/requirements.md §6.7): the text rules every field of
// the site follows (shared/fields.ts), and a kind and a UF from their lists.

const KINDS = Object.keys(POSITION_KINDS) as [PositionKind, ...PositionKind[]];

const positionSchema = z.object({
  title: requiredText({ label: 'o título da vaga', max: 120 }),
  city: requiredText({ label: 'o município', max: 120 }),
  uf: z.enum(UF_CODES, { error: 'Escolha a UF.' }),
  kind: z.enum(KINDS, { error: 'Escolha o tipo da vaga.' }),
  requirements: requiredText({ label: 'os requisitos', max: 4000, multiline: true }),
});

export type PositionErrors = Partial<Record<keyof PositionInput, string>>;

/** The position, cleaned (trimmed, NFC), or one Portuguese message per field that is wrong. */
export function parsePosition(fields: Record<string, unknown>): { input: PositionInput } | { errors: PositionErrors } {
  const parsed = positionSchema.safeParse(fields);
  if (parsed.success) return { input: parsed.data };
  const errors: PositionErrors = {};
  for (const issue of parsed.error.issues) errors[issue.path[0] as keyof PositionInput] ??= issue.message;
  return { errors };
}
