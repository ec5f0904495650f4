import { describe, expect, it } from 'vitest';
import { parsePosition } from './position-input';

const VALID = {
  title: '  Motorista carreteiro ',
  city: 'Belém',
  uf: 'PA',
  kind: 'motorista',
  requirements: 'CNH categoria E\r\nMOPP',
};

describe('A position as an admin types it', () => {
  it('is kept trimmed, its requirements one per line', () => {
    expect(parsePosition(VALID)).toEqual({
      input: { ...VALID, title: 'Motorista carreteiro', requirements: 'CNH categoria E\nMOPP' },
    });
  });

  it('names each wrong field in Portuguese', () => {
    expect(parsePosition({ title: ' ', city: 'Belém', uf: 'XX', kind: 'piloto', requirements: '' })).toEqual({
      errors: {
        title: 'Informe o título da vaga.',
        uf: 'Escolha a UF.',
        kind: 'Escolha o tipo da vaga.',
        requirements: 'Informe os requisitos.',
      },
    });
  });

  it('refuses a field that is not text, as when a form repeats it', () => {
    expect(parsePosition({ ...VALID, city: ['Belém', 'Manaus'] })).toEqual({
      errors: { city: 'Informe o município.' },
    });
  });
});
