import { describe, expect, it } from 'vitest';
import { EMPTY_FIELD_MESSAGES } from '../../shared/application';
import { fieldErrors } from '../http/validation';
import { applicationShape } from './validation';

describe('the application’s fields left empty', () => {
  it('are named in the very words the form’s island says before sending (§4.6)', () => {
    const parsed = applicationShape.safeParse({ nome: '', email: '', telefone: '', cidade: '', uf: '' });

    const { curriculo: _, ...fields } = EMPTY_FIELD_MESSAGES;
    expect(parsed.success).toBe(false);
    expect(fieldErrors(parsed.error!)).toEqual(fields);
  });
});
