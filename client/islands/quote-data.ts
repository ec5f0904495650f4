import { createContext } from 'react';
import {
  indexOfEntries,
  keyedMunicipalities,
  type MunicipalityIndex,
  type MunicipalityList,
} from '../../shared/municipalities';

/** The municipalities asset's hashed URL (the build's manifest), for the page that renders the quote form. */
export const MunicipalitiesUrlContext = createContext<string | undefined>(undefined);

let loading: Promise<MunicipalityIndex> | undefined;

/** Municipalities keyed per slice: a few ms of work even on a slow phone. */
const SLICE = 250;

/** Resolves after the browser's next paint: a keystroke that came meanwhile is painted before the next slice. */
const afterNextPaint = () => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));

/**
 * The index built a slice at a time, the page painting between slices: built whole, it held the main
 * thread 130 ms or more at 4× CPU slowdown, and a keystroke typed meanwhile waited for it
 * (docs/decisions/043-quote-form.md). The sort at the end takes about 8 ms (30 at 4×).
 */
async function indexInSlices(list: MunicipalityList) {
  const entries = [];
  for (const [uf, names] of Object.entries(list)) {
    const all = names.split('|');
    for (let start = 0; start < all.length; start += SLICE) {
      entries.push(...keyedMunicipalities(uf, all.slice(start, start + SLICE).join('|'), start));
      await afterNextPaint();
    }
  }
  return indexOfEntries(entries);
}

/**
 * The IBGE municipalities, fetched once for the page on the first focus of a municipality field
 * (never at load: the landing page and /cotacao's first paint pay nothing for them), indexed once.
 * A failed download is forgotten, so the next focus tries again.
 */
export function municipalitiesFrom(url: string) {
  return () => {
    loading ??= fetch(url)
      .then((response) => {
        if (!response.ok) throw new Error(`municípios: HTTP ${response.status}`);
        return response.json() as Promise<MunicipalityList>;
      })
      .then(indexInSlices)
      .catch((error: unknown) => {
        loading = undefined;
        throw error;
      });
    return loading;
  };
}
