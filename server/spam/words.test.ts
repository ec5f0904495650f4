import { describe, expect, it } from 'vitest';
import { wordsOf } from './words';

describe('the words naive Bayes weighs', () => {
  it('are stems without accents, each once, short words and case left out', () => {
    expect(wordsOf('Cotação de FRETE, cotacao de fretes: caminhões e caminhão')).toEqual(
      wordsOf('cotacao frete caminhoes caminhao'),
    );
    expect(wordsOf('Cotação de FRETE, cotacao de fretes')).toHaveLength(2);
  });

  it('read every number as one word, and stop at 300', () => {
    expect(wordsOf('NF 12345 e 67890')).toEqual(['#número']);
    const many = Array.from({ length: 500 }, (_, n) => `palavra${String.fromCharCode(97 + (n % 26))}${n}x`).join(' ');
    expect(wordsOf(many)).toHaveLength(300);
  });
});
