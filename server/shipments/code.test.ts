import { describe, expect, it } from 'vitest';
import { CODE_LENGTH, checkSymbol, codeText, newShipmentCode, readCode } from './code';

const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

describe('the shipment code (docs/requirements.md §12.2)', () => {
  it('is ten symbols of Crockford’s base 32 and a check symbol that holds', () => {
    for (let i = 0; i < 200; i++) {
      const code = newShipmentCode();
      expect(code).toMatch(/^[0-9ABCDEFGHJKMNPQRSTVWXYZ]{11}$/);
      expect(readCode(code)).toEqual({ code, checks: true });
    }
  });

  it('reads a code as people type it: lower case, spaces, dashes, I and L as 1, O as 0', () => {
    const code = `1${'0'}${'7KQ4X92M'}`;
    const stored = code + checkSymbol(code);
    const typed = `i o ${codeText(stored).slice(2).toLowerCase()}`.replace('1', 'l');
    expect(readCode(typed)).toEqual({ code: stored, checks: true });
  });

  it('catches any one symbol misheard', () => {
    const code = newShipmentCode();
    for (let at = 0; at < CODE_LENGTH; at++)
      for (const other of ALPHABET) {
        if (other === code[at]) continue;
        const misheard = code.slice(0, at) + other + code.slice(at + 1);
        expect(readCode(misheard), `${misheard}`).toEqual({ code: misheard, checks: false });
      }
  });

  it('catches two neighbours swapped, but for 0 and Z', () => {
    const missed = new Set<string>();
    for (const a of ALPHABET)
      for (const b of ALPHABET) {
        if (a === b) continue;
        const symbols = `53${a}${b}712946`;
        const code = symbols + checkSymbol(symbols);
        const swapped = `53${b}${a}712946${checkSymbol(symbols)}`;
        if ((readCode(swapped) as { checks: boolean }).checks) missed.add([a, b].sort().join(''));
        expect(readCode(code)).toEqual({ code, checks: true });
      }
    expect([...missed]).toEqual(['0Z']);
  });

  it('says what a code of the wrong length or with U looks like', () => {
    const message = 'O código do embarque tem 11 letras e números, como 7KQ4-X92M-HTK.';
    expect(readCode('7KQ4-X92M-HT')).toEqual({ error: message });
    expect(readCode('7KQ4-X92M-HTU')).toEqual({ error: message });
    expect(readCode('7KQ4-X92M-HTK')).toEqual({ code: '7KQ4X92MHTK', checks: true });
  });
});
