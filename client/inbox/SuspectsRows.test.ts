import { describe, expect, it } from 'vitest';
import { agoText, weightText } from './SuspectsRows';

// How the folder writes a weight and an arrival (docs/requirements.md §6.4): as people in Brazil read them.

describe('a weight', () => {
  it.each([
    [1, '1,0'],
    [0.45, '0,45'],
    [2.2, '2,2'],
    [-0.3, '−0,3'],
  ])('%d reads %s, with a decimal comma and a true minus sign', (weight, text) => {
    expect(weightText(weight)).toBe(text);
  });
});

describe('an arrival', () => {
  const now = '2026-11-26T13:00:00.000Z';
  it.each([
    ['2026-11-26T12:59:30.000Z', 'há pouco'],
    ['2026-11-26T12:15:00.000Z', 'há 45 min'],
    ['2026-11-26T10:00:00.000Z', 'há 3 h'],
    ['2026-11-24T14:00:00.000Z', 'há 47 h'],
    ['2026-11-20T13:00:00.000Z', 'há 6 dias'],
  ])('at %s reads %s', (instant, text) => {
    expect(agoText(instant, now)).toBe(text);
  });
});
