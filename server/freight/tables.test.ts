import { describe, expect, it } from 'vitest';
import { AXLE_COUNTS } from '../../shared/freight';
import { newTableLike } from '../../test/support/antt';
import { repositoryActs } from './acts';
import { type AnttTable, cargoTypes, tableFrom, tableInForce } from './tables';

const [res6076, suroc3, res6084, suroc22] = repositoryActs();
const kinds = (table: AnttTable) =>
  cargoTypes.flatMap((cargo) => AXLE_COUNTS.map((axles) => table.cells[cargo][axles].kind));
const count = (table: AnttTable, kind: string) => kinds(table).filter((each) => each === kind).length;

describe("the repository's acts", () => {
  it('are the four acts of 2026, oldest first', () => {
    expect([res6076, suroc3, res6084, suroc22].map((table) => [table!.id, table!.effectiveFrom])).toEqual([
      ['res-antt-6076-2026', '2026-01-20'],
      ['portaria-suroc-3-2026', '2026-03-13'],
      ['res-antt-6084-2026', '2026-07-17'],
      ['portaria-suroc-22-2026', '2026-09-30'],
    ]);
  });

  it('give SUROC 22/2026 whole: 78 cells priced and the 6 its table leaves blank', () => {
    expect([count(suroc22!, 'priced'), count(suroc22!, 'blank')]).toEqual([78, 6]);
  });

  it('give only what is known of the older acts, the rest not transcribed', () => {
    expect([count(res6076!, 'priced'), count(res6076!, 'not_transcribed')]).toEqual([4, 80]);
    expect(count(suroc3!, 'not_transcribed')).toBe(84);
    expect(count(res6084!, 'not_transcribed')).toBe(84);
    expect(res6084!.cells.carga_geral[5]).toEqual({ kind: 'not_transcribed', cc: '657.56' });
  });
});

describe('a table in force', () => {
  it('is the latest act whose effective date is not after the day', () => {
    const tables = repositoryActs();
    expect(tableInForce(tables, '2026-07-16')?.id).toBe('portaria-suroc-3-2026');
    expect(tableInForce(tables, '2026-07-17')?.id).toBe('res-antt-6084-2026');
    expect(tableInForce(tables, '2026-01-19')).toBeUndefined();
  });
});

describe('a new act as an admin enters it', () => {
  it('is read whole, blanks kept blank', () => {
    const result = tableFrom(newTableLike(suroc22!));
    if (!('table' in result)) throw new Error(result.problems.join(' '));
    expect(result.table.cells).toEqual(suroc22!.cells);
  });

  it.each([
    ['a comma for the decimal point', { ccd: '6,8284', cc: '657.56' }, 'Carga geral, 5 eixos: o CCD deve ser'],
    ['a CCD with five places', { ccd: '6.82841', cc: '657.56' }, 'o CCD deve ser um decimal positivo com até 4 casas'],
    ['a CC with three places', { ccd: '6.8284', cc: '657.561' }, 'o CC deve ser um decimal positivo com até 2 casas'],
    ['a zero', { ccd: '0', cc: '657.56' }, 'o CCD deve ser'],
    ['a negative', { ccd: '6.8284', cc: '-1' }, 'o CC deve ser'],
    ['a missing coefficient', { ccd: '6.8284' }, 'o CC deve ser'],
  ])('is refused with %s', (_case, cell, message) => {
    const input = newTableLike(suroc22!);
    input.cells.carga_geral!['5'] = cell as { ccd: string; cc: string };
    expect(tableFrom(input)).toEqual({ problems: [expect.stringContaining(message)] });
  });

  it('is refused with a cell left out, an unknown cargo type or an axle column the act has not', () => {
    const input = newTableLike(suroc22!);
    delete input.cells.neogranel!['3'];
    input.cells.carga_viva = {};
    input.cells.carga_geral!['8'] = null;
    expect(tableFrom(input)).toEqual({
      problems: [
        'Tipo de carga desconhecido: carga_viva.',
        'Carga geral: a tabela não tem coluna de 8 eixos.',
        'Neogranel, 3 eixos: preencha os coeficientes ou deixe em branco.',
      ],
    });
  });

  it('is refused without a valid id, name or effective date', () => {
    const input = newTableLike(suroc22!, { id: 'Portaria 22', name: '', effectiveFrom: '2026-02-30' });
    expect(tableFrom(input)).toEqual({ problems: expect.arrayContaining([expect.stringMatching(/id do ato/)]) });
    expect((tableFrom(input) as { problems: string[] }).problems).toHaveLength(3);
  });
});
