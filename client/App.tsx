import { StaticRouterProvider, type StaticRouterProviderProps } from 'react-router';
import type { LiveContent, PrivacyFacts } from '../shared/content';
import { IslandStatesContext, IslandStylesheetsContext } from './components/Island';
import { Document, type DocumentAssets } from './Document';
import type { IslandStates } from './islands/names';
import { MunicipalitiesUrlContext } from './islands/quote-data';
import { LiveContentContext } from './live-content';
import { PrivacyFactsContext } from './privacy-facts';
import { pageOf } from './routes';

export type AppProps = {
  /** React Router's answer for the page's path (server/pages/renderer.ts). */
  routing: Pick<StaticRouterProviderProps, 'router' | 'context'>;
  assets: DocumentAssets;
  publicUrl: string;
  /** What the privacy notice says of this install's configuration. */
  privacy: PrivacyFacts;
  islands?: IslandStates;
  /** What the pages show from the database (the open positions), as last read. */
  live: LiveContent;
};

export function App({ routing: { router, context }, assets, publicUrl, privacy, islands = {}, live }: AppProps) {
  return (
    <Document meta={pageOf(context).meta} assets={assets} publicUrl={publicUrl}>
      <IslandStylesheetsContext value={assets.islandStylesheets}>
        <IslandStatesContext value={islands}>
          {/* The page is not hydrated whole (only its islands are), and the script hydrate would
              inline is one the CSP forbids. */}
          <PrivacyFactsContext value={privacy}>
            <LiveContentContext value={live}>
              <MunicipalitiesUrlContext value={assets.municipalities}>
                <StaticRouterProvider router={router} context={context} hydrate={false} />
              </MunicipalitiesUrlContext>
            </LiveContentContext>
          </PrivacyFactsContext>
        </IslandStatesContext>
      </IslandStylesheetsContext>
    </Document>
  );
}
