import { describe, expect, it } from 'vitest';
import { newTableLike } from '../../test/support/antt';
import { repositoryActs } from './acts';
import { cellsFromPaste } from './paste';

// The table of Portaria SUROC nº 22/2026 as the project's notes print it (Markdown, "CCD / CC").
const SUROC_22_MARKDOWN = `| Tipo de carga | 2 eixos | 3 | 4 | 5 | 6 | 7 | 9 |
|---|---|---|---|---|---|---|---|
| Granel sólido | 4,1056 / 460,59 | 5,2555 / 552,24 | 5,9476 / 597,00 | 6,8548 / 664,83 | 7,5641 / 680,01 | 8,2316 / 820,34 | 9,4318 / 908,91 |
| Granel líquido | 4,1796 / 471,98 | 5,3511 / 569,57 | 6,1019 / 621,52 | 7,0226 / 693,08 | 7,7372 / 709,72 | 8,3700 / 840,50 | 9,5909 / 934,76 |
| Frigorificada ou aquecida | 4,8234 / 520,07 | 6,1659 / 623,27 | 7,0345 / 686,63 | 8,0623 / 757,98 | 8,8911 / 772,35 | 9,8134 / 982,76 | 11,1479 / 1067,06 |
| Conteinerizada | — | 5,2282 / 544,75 | 5,8755 / 577,15 | 6,7910 / 647,29 | 7,4986 / 662,01 | 8,2292 / 819,69 | 9,3486 / 886,05 |
| Carga geral | 4,0738 / 451,84 | 5,2177 / 541,86 | 5,9180 / 588,86 | 6,8284 / 657,56 | 7,5347 / 671,93 | 8,2727 / 831,66 | 9,4114 / 903,32 |
| Neogranel | 3,6743 / 451,84 | 5,2162 / 541,44 | 5,9453 / 596,35 | 6,8284 / 657,56 | 7,5347 / 671,93 | 8,2727 / 831,66 | 9,4114 / 903,32 |
| Perigosa (granel sólido) | 4,8756 / 608,79 | 6,0354 / 703,16 | 6,7644 / 753,03 | 7,6715 / 820,86 | 8,3808 / 836,04 | 9,0666 / 981,39 | 10,2747 / 1072,15 |
| Perigosa (granel líquido) | 4,9621 / 632,58 | 6,1436 / 732,90 | 6,8986 / 789,96 | 7,8193 / 861,51 | 8,5339 / 878,16 | 9,1849 / 1013,95 | 10,4138 / 1110,41 |
| Perigosa (frigorificada ou aquecida) | 5,4315 / 630,88 | 6,7869 / 737,63 | 7,6718 / 807,63 | 8,6996 / 878,98 | 9,5284 / 893,35 | 10,4745 / 1110,28 | 11,8192 / 1197,43 |
| Perigosa (conteinerizada) | — | 5,6126 / 645,45 | 6,2966 / 682,95 | 7,2121 / 753,10 | 7,9198 / 767,81 | 8,6686 / 930,51 | 9,7960 / 999,06 |
| Perigosa (carga geral) | 4,4482 / 549,81 | 5,6021 / 642,55 | 6,3392 / 694,66 | 7,2495 / 763,36 | 7,9558 / 777,73 | 8,7121 / 942,48 | 9,8588 / 1016,33 |
| Carga granel pressurizada | — | — | — | 7,1929 / 757,81 | 7,9452 / 784,82 | — | 9,9531 / 1052,26 |`;

const suroc22 = repositoryActs()[3]!;
/** Tab-separated, CCD and CC in columns of their own, as a spreadsheet copies them. */
const asSpreadsheet = (comma: boolean) =>
  Object.entries(newTableLike(suroc22).cells)
    .map(([cargo, row]) =>
      [
        cargo,
        ...Object.values(row).flatMap((cell) =>
          cell ? [cell.ccd, cell.cc].map((value) => (comma ? value.replace('.', ',') : value)) : ['', ''],
        ),
      ].join('\t'),
    )
    .join('\r\n');

describe('a pasted Tabela A', () => {
  it('reads the act’s table as printed, into the cells the repository transcribed', () => {
    expect(cellsFromPaste(SUROC_22_MARKDOWN)).toEqual({ cells: newTableLike(suroc22).cells });
  });

  it.each([true, false])('reads a spreadsheet’s copy, decimal comma %s', (comma) => {
    expect(cellsFromPaste(`Tipo de carga\t2 eixos\n${asSpreadsheet(comma)}\t\n`)).toEqual({
      cells: newTableLike(suroc22).cells,
    });
  });

  it('reads thousands separators beside a decimal comma, and semicolons between columns', () => {
    const lines = SUROC_22_MARKDOWN.split('\n').map((line) =>
      line
        .replace('11,1479 / 1067,06', '11,1479 / 1.067,06')
        .replaceAll(' | ', ';')
        .replace(/^\| | \|$/g, ''),
    );
    expect(cellsFromPaste(lines.join('\n'))).toEqual({ cells: newTableLike(suroc22).cells });
  });

  it('names every problem with its line, and stores nothing of a table that does not read', () => {
    const lines = SUROC_22_MARKDOWN.split('\n');
    lines[2] = lines[2]!.replace('4,1056 / 460,59', '4,1056 460,59'); // Granel sólido, 2 axles.
    lines[3] = lines[3]!.replace('5,3511', '5,35111'); // Granel líquido, CCD of 3 axles.
    lines[4] = lines[4]!.replace('| 11,1479 / 1067,06 ', ''); // Frigorificada: a column short.
    lines[6] = lines[6]!.replace('Carga geral', 'Carga gerau');
    lines[7] = lines[7]!.replace('Neogranel', 'Granel sólido');
    lines.push('carga geral sem colunas');

    expect(cellsFromPaste(lines.join('\n'))).toEqual({
      problems: [
        'Linha 3 (Granel sólido), 2 eixos: escreva “CCD / CC”, por exemplo “6,8284 / 657,56”, ou “—”; está “4,1056 460,59”.',
        'Linha 4 (Granel líquido), 3 eixos: o CCD “5,35111” não é um valor positivo com até 4 casas decimais.',
        'Linha 5 (Frigorificada ou aquecida): esperadas as colunas de 2, 3, 4, 5, 6, 7 e 9 eixos, cada uma “CCD / CC” ou “—” (ou CCD e CC em colunas separadas); há 6 colunas.',
        'Linha 7: tipo de carga desconhecido, “Carga gerau”.',
        'Linha 8 (Granel sólido): tipo de carga repetido, já na linha 3.',
        'Linha 15: separe as colunas com tabulação (copiando da planilha), ponto e vírgula ou barra vertical.',
        'Faltam as linhas de: Carga geral; Neogranel.',
      ],
    });
  });

  it.each(['', '\n \n'])('asks for the table when none was pasted (%j)', (text) => {
    expect(cellsFromPaste(text)).toEqual({ problems: [expect.stringContaining('Cole a tabela')] });
  });

  it.each(['1.067', '0', '-5,2', '5,2,1', '1e3', '12.34,5'])('refuses the CC “%s”', (cc) => {
    const text = SUROC_22_MARKDOWN.replace('4,0738 / 451,84', `4,0738 / ${cc}`);
    expect(cellsFromPaste(text)).toEqual({ problems: [expect.stringContaining('Carga geral), 2 eixos: o CC')] });
  });
});
