import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  indexMunicipalities,
  MAX_SUGGESTIONS,
  municipalitiesFromCsv,
  placeLabel,
  resolveMunicipality,
  searchKey,
  searchMunicipalities,
} from './municipalities';

const list = municipalitiesFromCsv(
  readFileSync('datasets/ibge/municipios.csv', 'utf8'),
  readFileSync('datasets/ibge/estados.csv', 'utf8'),
);
const index = indexMunicipalities(list);
const labels = (query: string) => searchMunicipalities(index, query).map(placeLabel);

describe('the search key', () => {
  it('drops accents, case, apostrophes and punctuation', () => {
    expect(searchKey('  São José-dos Campos ')).toBe('sao jose dos campos');
    expect(searchKey("Pau-d'Arco")).toBe('pau darco');
    expect(searchKey('MACAPÁ')).toBe('macapa');
  });
});

describe('the compact list', () => {
  it('holds every IBGE municipality in its UF', () => {
    expect(index.entries).toHaveLength(
      readFileSync('datasets/ibge/municipios.csv', 'utf8').trim().split('\n').length - 1,
    );
    expect(Object.keys(list)).toHaveLength(27);
  });
});

describe('the search', () => {
  it('finds municipalities typed without accents', () => {
    expect(labels('belem')).toEqual(expect.arrayContaining(['Belém – PA', 'Belém – AL', 'Belém – PB']));
    expect(labels('sao jose dos campos')[0]).toBe('São José dos Campos – SP');
    expect(labels('macapa')[0]).toBe('Macapá – AP');
  });

  it('lists homonyms with their UF, and narrows to a UF typed after the name', () => {
    expect(labels('bom jesus').filter((label) => label.startsWith('Bom Jesus –'))).toHaveLength(5);
    expect(labels('bom jesus pi')[0]).toBe('Bom Jesus – PI');
    expect(labels('bom jesus pi').every((label) => label.endsWith('– PI'))).toBe(true);
    expect(labels('Belém – PA')[0]).toBe('Belém – PA');
  });

  it('puts a capital before its homonyms, the others by UF', () => {
    expect(labels('belem').slice(0, 3)).toEqual(['Belém – PA', 'Belém – AL', 'Belém – PB']);
    expect(labels('palmas').slice(0, 2)).toEqual(['Palmas – TO', 'Palmas – PR']);
    expect(Object.values(list).map((names) => names.split('|')[0])).toContain('Macapá');
  });

  it('puts the name itself first, then names that start with the query, then a word that does', () => {
    const found = labels('campos');
    expect(found[0]).toMatch(/^Campos /);
    expect(labels('jose dos campos')).toEqual(['São José dos Campos – SP']);
  });

  it('answers at most eight, and nothing for an empty query', () => {
    expect(searchMunicipalities(index, 'sa')).toHaveLength(MAX_SUGGESTIONS);
    expect(searchMunicipalities(index, ' - ')).toEqual([]);
  });
});

describe('resolving a typed place', () => {
  it.each([
    ['belem - pa', undefined, 'Belém – PA'],
    ['Belém/PA', undefined, 'Belém – PA'],
    ['MACAPA', undefined, 'Macapá – AP'],
    ['sao jose dos campos', 'sp', 'São José dos Campos – SP'],
  ])('reads %j (UF %s) as %s', (city, state, label) => {
    const resolution = resolveMunicipality(index, city, state);
    expect(resolution.kind === 'found' && placeLabel(resolution.municipality)).toBe(label);
  });

  it('says which UFs a homonym typed without one could be', () => {
    expect(resolveMunicipality(index, 'Bom Jesus')).toEqual({ kind: 'ambiguous', ufs: ['PB', 'PI', 'RN', 'RS', 'SC'] });
  });

  it('knows no municipality that is not one, nor one in another UF', () => {
    expect(resolveMunicipality(index, 'Zona Franca')).toEqual({ kind: 'unknown' });
    expect(resolveMunicipality(index, 'Macapá', 'PA')).toEqual({ kind: 'unknown' });
  });
});

describe('the fast search key', () => {
  it('agrees with Unicode decomposition on every IBGE name and on text with other accents', () => {
    const decomposed = (text: string) =>
      text
        .normalize('NFD')
        .replace(/\p{M}/gu, '')
        .toLowerCase()
        .replace(/['’`´]/g, '')
        .replace(/[^\p{L}\p{N}]+/gu, ' ')
        .trim();
    const names = Object.values(list).flatMap((names) => names.split('|'));
    for (const text of [...names, 'Ñandú – ÅR', '  d’Oeste  ', 'São\u00a0Paulo', 'Gŭlmŏ 42'])
      expect(searchKey(text), text).toBe(decomposed(text));
  });
});
