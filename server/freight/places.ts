import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Municipality, searchKey } from '../../shared/municipalities';
import { type Coordinates, greatCircleKm } from './distance';

// The IBGE municipalities with their codes and seats' coordinates (datasets/ibge/, from
// kelvins/municipios-brasileiros, MIT): what a quote's distance is measured on and a lane is keyed by
// (docs/requirements.md §9.5). The quote form's asset carries names only (shared/municipalities.ts);
// the server reads the CSV itself, once, when a distance is first asked for.

/** A municipality known by its IBGE code, with its seat's coordinates. */
type Place = Municipality & Coordinates & { code: string };

export type FreightPlaces = {
  /** The municipality `city`/`state` names, accents and case aside: what a quote stores. */
  placeNamed(place: { city: string; state: string }): Place | undefined;
  /** The municipality of an IBGE code (7 digits). */
  placeOf(code: string): Place | undefined;
  /** The municipality whose seat is nearest a position: where a phone's location is said to be (§12.7). */
  nearest(latitude: number, longitude: number): Place | undefined;
};

function rows(csv: string) {
  const [header, ...lines] = csv
    .replace(/^\uFEFF/, '')
    .split(/\r?\n/)
    .filter((line) => line.trim() !== '')
    .map((line) => line.split(','));
  const column = (name: string) => {
    const at = header!.indexOf(name);
    if (at < 0) throw new Error(`coluna ${name} ausente nos dados do IBGE`);
    return at;
  };
  return { lines, column };
}

/** The places of datasets/ibge/'s municipios.csv and estados.csv, as text. */
function freightPlacesFrom(municipios: string, estados: string): FreightPlaces {
  const states = rows(estados);
  const ufOf = new Map(states.lines.map((row) => [row[states.column('codigo_uf')], row[states.column('uf')]!]));
  const towns = rows(municipios);
  const [code, name, latitude, longitude, uf] = ['codigo_ibge', 'nome', 'latitude', 'longitude', 'codigo_uf'].map(
    towns.column,
  ) as [number, number, number, number, number];
  const byCode = new Map<string, Place>();
  const byName = new Map<string, Place | null>();
  for (const row of towns.lines) {
    const place: Place = {
      code: row[code]!,
      name: row[name]!,
      uf: ufOf.get(row[uf]) ?? '',
      latitude: Number(row[latitude]),
      longitude: Number(row[longitude]),
    };
    if (!/^\d{7}$/.test(place.code) || !place.uf || !Number.isFinite(place.latitude + place.longitude))
      throw new Error(`linha inválida nos dados do IBGE: ${row.join(',')}`);
    byCode.set(place.code, place);
    const key = `${searchKey(place.name)}/${place.uf}`;
    // Two names of one UF that differ only by accents would be ambiguous: neither is guessed.
    byName.set(key, byName.has(key) ? null : place);
  }
  return {
    placeNamed: ({ city, state }) => byName.get(`${searchKey(city)}/${state.toUpperCase()}`) ?? undefined,
    placeOf: (ibgeCode) => byCode.get(ibgeCode),
    nearest(latitude, longitude) {
      let best: { place: Place; km: number } | undefined;
      for (const place of byCode.values()) {
        const km = greatCircleKm({ latitude, longitude }, place);
        if (!best || km < best.km) best = { place, km };
      }
      return best?.place;
    },
  };
}

/**
 * Where the CSVs are: beside the built server (scripts/build.ts copies them to dist/server/ibge/,
 * the image ships dist/ alone), or in the sources' datasets/ibge/ when the server runs from them.
 */
function ibgeDir() {
  const candidates = [fileURLToPath(new URL('ibge/', import.meta.url)), path.resolve('datasets/ibge')];
  const found = candidates.find((dir) => existsSync(path.join(dir, 'municipios.csv')));
  if (!found) throw new Error(`Dados do IBGE ausentes: procurados em ${candidates.join(' e ')}.`);
  return found;
}

let loaded: FreightPlaces | undefined;

/** The IBGE places, read on the first call (about 390 KB of CSV, a few milliseconds) and kept. */
export function ibgePlaces(): FreightPlaces {
  if (loaded) return loaded;
  const dir = ibgeDir();
  loaded = freightPlacesFrom(
    readFileSync(path.join(dir, 'municipios.csv'), 'utf8'),
    readFileSync(path.join(dir, 'estados.csv'), 'utf8'),
  );
  return loaded;
}
