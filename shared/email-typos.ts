// The e-mail typos a phone's keyboard makes most in Brazil, and what was likely meant:
// the contact form offers the fix as a hint, never a refusal. An address on a domain that merely
// looks odd may be real, and the API accepts what the rules of shared/fields.ts accept.

/** Misspelt domains of the big providers, each with the one meant. Real ones (hotmail.com.br, yahoo.com.br…) are not here. */
const MISSPELT: Record<string, string> = {
  'gmail.con': 'gmail.com',
  'gmail.co': 'gmail.com',
  'gmail.cm': 'gmail.com',
  'gmail.om': 'gmail.com',
  'gmail.com.br': 'gmail.com',
  'gmai.com': 'gmail.com',
  'gmial.com': 'gmail.com',
  'gamil.com': 'gmail.com',
  'gnail.com': 'gmail.com',
  'gmal.com': 'gmail.com',
  'hotmial.com': 'hotmail.com',
  'hotmal.com': 'hotmail.com',
  'hotmai.com': 'hotmail.com',
  'hotnail.com': 'hotmail.com',
  'hotmail.con': 'hotmail.com',
  'hotmail.co': 'hotmail.com',
  'outlok.com': 'outlook.com',
  'outlook.con': 'outlook.com',
  'yaho.com.br': 'yahoo.com.br',
  'yahoo.con': 'yahoo.com',
  'yahoo.com.b': 'yahoo.com.br',
  'icloud.con': 'icloud.com',
  'iclod.com': 'icloud.com',
  'uol.con.br': 'uol.com.br',
  'uol.com': 'uol.com.br',
  'bol.com': 'bol.com.br',
  'terra.com': 'terra.com.br',
};

/** `.con`, `.cmo`, `.vom` for `.com`, on any domain: no such top-level domain exists. */
const ENDING = /\.(con|cmo|vom|xom)(\.br)?$/;

/** The address likely meant, when `address` looks like a typo of it; undefined otherwise. */
export function emailTypoSuggestion(address: string) {
  const at = address.lastIndexOf('@');
  if (at < 1) return undefined;
  const domain = address
    .slice(at + 1)
    .trim()
    .toLowerCase();
  const meant = MISSPELT[domain] ?? domain.replace(ENDING, '.com$2');
  return meant && meant !== domain ? `${address.slice(0, at).trim()}@${meant}` : undefined;
}
