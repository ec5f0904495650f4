import { describe, expect, it } from 'vitest';
import { emailTypoSuggestion } from './email-typos';
import { email } from './fields';

describe('the e-mail typo hint', () => {
  it.each([
    ['ana@gmail.con', 'ana@gmail.com'],
    ['ana@hotmial.com', 'ana@hotmail.com'],
    ['ana@gmail.com.br', 'ana@gmail.com'],
    ['Ana.Souza@GMAIL.CON', 'Ana.Souza@gmail.com'],
    ['ana@uol.con.br', 'ana@uol.com.br'],
    ['ana@bebidasdonorte.con.br', 'ana@bebidasdonorte.com.br'],
    ['ana@empresa.cmo', 'ana@empresa.com'],
  ])('suggests %s → %s', (typed, meant) => {
    expect(emailTypoSuggestion(typed)).toBe(meant);
  });

  it.each([
    'ana@gmail.com',
    'ana@hotmail.com.br',
    'ana@yahoo.com.br',
    'ana@empresa.com.br',
    'ana@',
    '@gmail.con',
    'ana',
  ])('says nothing of %s', (typed) => {
    expect(emailTypoSuggestion(typed)).toBeUndefined();
  });

  it('is a hint, never a refusal: the rule the form and the API share accepts the typo', () => {
    expect(email.safeParse('ana@gmail.con').success).toBe(true);
    expect(email.safeParse('ana@hotmial.com').success).toBe(true);
  });
});
