// The IBGE municipalities (datasets/ibge/, docs/requirements.md §3.2, §5.4): the compact list the build
// ships, the search the quote form's combobox runs on each keystroke, and how a typed "Nome – UF"
// is resolved, by the server as by the island. Pure functions over strings: no I/O, no dependency.

/**
 * The asset the build writes (scripts/build.ts) and both sides read: each UF's municipalities, their
 * names joined by '|', its capital first and the others in IBGE's order. Names and UFs only (about 70 KB, 25 KB in brotli): the form
 * sends a name and a UF, and the server resolves them from this same file.
 */
export type MunicipalityList = Record<string, string>;

/** A municipality as the form shows and sends it. */
export type Municipality = { name: string; uf: string };

/** The accented letters of Portuguese, folded: the fast path of searchKey (IBGE's names use no others). */
const FOLDED: Readonly<Record<string, string>> = {
  á: 'a',
  à: 'a',
  â: 'a',
  ã: 'a',
  é: 'e',
  ê: 'e',
  í: 'i',
  ó: 'o',
  ô: 'o',
  õ: 'o',
  ú: 'u',
  ü: 'u',
  ç: 'c',
};

/** searchKey for any text: Unicode's decomposition drops every accent (slower; for what FOLDED does not know). */
const decomposedKey = (text: string) =>
  text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/['’`´]/g, '')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();

/**
 * Lower case, without accents, apostrophes or hyphens, each run of anything else one space:
 * 'São José-do Pará' → 'sao jose do para'. One pass over the text, as 5,571 keys are made while the
 * visitor types (client/islands/quote-data.ts); a letter it does not know takes the general way.
 */
export function searchKey(text: string) {
  let key = '';
  let gap = false;
  for (const character of text.toLowerCase()) {
    const folded = FOLDED[character] ?? character;
    if ((folded >= 'a' && folded <= 'z') || (folded >= '0' && folded <= '9')) {
      if (gap && key !== '') key += ' ';
      gap = false;
      key += folded;
    } else if (folded > '\x7f' && !/\s/u.test(folded)) return decomposedKey(text);
    else if (!"'’`´".includes(folded)) gap = true;
  }
  return key;
}

/** How the form writes a municipality, and what the server reads back: 'Belém – PA'. */
export const placeLabel = ({ name, uf }: Municipality) => `${name} – ${uf}`;

/** A municipality with its search key; the index keeps them in the key's order. */
type Entry = Municipality & { key: string; words: string; capital: boolean };

export type MunicipalityIndex = {
  entries: Entry[];
  ufs: ReadonlySet<string>;
  /** Each key's municipalities (homonyms share one key). */
  byKey: ReadonlyMap<string, Entry[]>;
};

/**
 * One UF's municipalities with their search keys: a slice of the index's work, short enough to run
 * between keystrokes. `from` is the slice's place in the UF's list, whose first name is its capital.
 */
export const keyedMunicipalities = (uf: string, names: string, from = 0): Entry[] =>
  names.split('|').map((name, at) => {
    const key = searchKey(name);
    // ' sao jose dos campos': a word's start is a space before it, the first word's included.
    return { name, uf, key, words: ` ${key}`, capital: from + at === 0 };
  });

/**
 * The keyed municipalities made searchable: sorted by key, homonyms together, a capital before its
 * homonyms ('belem' suggests Belém – PA first, the city freight goes to) and the rest by UF.
 */
export function indexOfEntries(entries: Entry[]): MunicipalityIndex {
  entries.sort((a, b) =>
    a.key !== b.key ? (a.key < b.key ? -1 : 1) : a.capital !== b.capital ? (a.capital ? -1 : 1) : a.uf < b.uf ? -1 : 1,
  );
  const byKey = new Map<string, Entry[]>();
  for (const entry of entries) {
    const homonyms = byKey.get(entry.key) ?? [];
    homonyms.push(entry);
    byKey.set(entry.key, homonyms);
  }
  return { entries, ufs: new Set(entries.map((entry) => entry.uf)), byKey };
}

/** The list made searchable at once: keys computed once, when the server starts (the island does it in slices). */
export const indexMunicipalities = (list: MunicipalityList) =>
  indexOfEntries(Object.entries(list).flatMap(([uf, names]) => keyedMunicipalities(uf, names)));

/** The query's UF when it ends with one ('bom jesus pi', 'Belém – PA', 'Belém/PA'), and the name before it. */
function splitUf(index: MunicipalityIndex, key: string): { name: string; uf?: string } {
  const match = /^(.+) ([a-z]{2})$/.exec(key);
  const uf = match?.[2]?.toUpperCase();
  return match && uf && index.ufs.has(uf) ? { name: match[1]!, uf } : { name: key };
}

/** At most this many suggestions: a list a phone shows whole, and a screen reader counts quickly. */
export const MAX_SUGGESTIONS = 8;

/**
 * The municipalities a query names, best first: the name itself, then names that start with it, then
 * names with a word that starts with it ('campos' finds 'São José dos Campos'), each group in
 * alphabetical order, homonyms by UF. Accents, case and punctuation are ignored; a trailing UF narrows.
 */
export function searchMunicipalities(index: MunicipalityIndex, query: string, limit = MAX_SUGGESTIONS) {
  const key = searchKey(query);
  if (key === '') return [];
  const { name, uf } = splitUf(index, key);
  // 'bom jesus pi' narrows to Piauí; a query whose last word only looks like a UF still searches whole.
  const attempts = uf ? [{ name, uf }, { name: key }] : [{ name: key }];
  for (const attempt of attempts) {
    const found = rank(index, attempt.name, attempt.uf, limit);
    if (found.length > 0) return found;
  }
  return [];
}

function rank(index: MunicipalityIndex, name: string, uf: string | undefined, limit: number): Municipality[] {
  const exact: Entry[] = [];
  const prefix: Entry[] = [];
  const word: Entry[] = [];
  const wordStart = ` ${name}`;
  for (const entry of index.entries) {
    if (uf && entry.uf !== uf) continue;
    if (entry.key === name) exact.push(entry);
    else if (entry.key.startsWith(name)) prefix.push(entry);
    else if (word.length < limit && entry.words.includes(wordStart)) word.push(entry);
    // The keys are sorted: once past the names that start with the query, only word matches remain.
    if (exact.length + prefix.length >= limit && entry.key > name && !entry.key.startsWith(name)) break;
  }
  return [...exact, ...prefix, ...word].slice(0, limit).map((entry) => ({ name: entry.name, uf: entry.uf }));
}

/** What a typed place names: one municipality, several (homonyms in other UFs), or none. */
export type Resolution =
  | { kind: 'found'; municipality: Municipality }
  | { kind: 'ambiguous'; ufs: string[] }
  | { kind: 'unknown' };

/**
 * The municipality a visitor named, as the form without JavaScript sends it ('belem - pa', 'Belém/PA',
 * 'Macapá') or as the API's object does ({ city, state }): its name, accents and case ignored, and its
 * UF when given. A name without a UF resolves when only one UF has it.
 */
export function resolveMunicipality(index: MunicipalityIndex, city: string, state?: string): Resolution {
  const key = searchKey(city);
  const inUf = (name: string, uf: string) => (index.byKey.get(name) ?? []).filter((entry) => entry.uf === uf);
  let named: Entry[];
  if (state !== undefined) named = inUf(key, state.trim().toUpperCase());
  else {
    const { name, uf } = splitUf(index, key);
    // A last word that only looks like a UF is part of the name.
    named = uf && index.byKey.has(name) ? inUf(name, uf) : (index.byKey.get(key) ?? []);
  }
  if (named.length === 1) return { kind: 'found', municipality: { name: named[0]!.name, uf: named[0]!.uf } };
  if (named.length > 1) return { kind: 'ambiguous', ufs: named.map((entry) => entry.uf) };
  return { kind: 'unknown' };
}

/** IBGE's two CSV files (datasets/ibge/) as the compact list: the build's one transformation. */
export function municipalitiesFromCsv(municipios: string, estados: string): MunicipalityList {
  const rows = (csv: string) =>
    csv
      .replace(/^\uFEFF/, '')
      .split(/\r?\n/)
      .filter((line) => line.trim() !== '')
      .map((line) => line.split(','));
  const [stateHeader, ...states] = rows(estados);
  const [header, ...towns] = rows(municipios);
  const column = (names: string[], name: string) => {
    const at = names.indexOf(name);
    if (at < 0) throw new Error(`coluna ${name} ausente nos dados do IBGE`);
    return at;
  };
  const ufOf = new Map(states.map((row) => [row[column(stateHeader!, 'codigo_uf')], row[column(stateHeader!, 'uf')]]));
  const list = new Map<string, string[]>();
  for (const row of towns) {
    const uf = ufOf.get(row[column(header!, 'codigo_uf')]);
    const name = row[column(header!, 'nome')]!;
    if (!uf || name.includes('|')) throw new Error(`linha inválida nos dados do IBGE: ${row.join(',')}`);
    const names = list.get(uf) ?? [];
    if (row[column(header!, 'capital')] === '1') names.unshift(name);
    else names.push(name);
    list.set(uf, names);
  }
  return Object.fromEntries([...list].map(([uf, names]) => [uf, names.join('|')]));
}
