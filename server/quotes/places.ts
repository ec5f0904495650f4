import { readFileSync } from 'node:fs';
import path from 'node:path';
import { indexMunicipalities, type MunicipalityIndex, type MunicipalityList } from '../../shared/municipalities';

/**
 * The IBGE municipalities the server resolves a quote's places from: the very file the build wrote
 * for the form's combobox (datasets/ibge/ made compact, scripts/build.ts), read once when the app is
 * built. `url` is the asset's public path, as the manifest names it.
 */
export function loadMunicipalities(assetsDir: string, url: string): MunicipalityIndex {
  const file = path.join(assetsDir, path.basename(url));
  return indexMunicipalities(JSON.parse(readFileSync(file, 'utf8')) as MunicipalityList);
}
