import { createContext } from 'react';
import { indexMunicipalities, type MunicipalityIndex, type MunicipalityList } from '../../shared/municipalities';

/** The municipalities asset's hashed URL (the build's manifest), for the page that renders the quote form. */
export const MunicipalitiesUrlContext = createContext<string | undefined>(undefined);

let loading: Promise<MunicipalityIndex> | undefined;

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
      .then(indexMunicipalities)
      .catch((error: unknown) => {
        loading = undefined;
        throw error;
      });
    return loading;
  };
}
