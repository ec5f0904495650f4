import { StaticRouterProvider, type StaticRouterProviderProps } from 'react-router';
import { IslandStatesContext, IslandStylesheetsContext } from './components/Island';
import { Document, type DocumentAssets } from './Document';
import type { IslandStates } from './islands/names';
import { pageOf } from './routes';

export type AppProps = {
  /** React Router's answer for the page's path (server/pages/renderer.ts). */
  routing: Pick<StaticRouterProviderProps, 'router' | 'context'>;
  assets: DocumentAssets;
  publicUrl: string;
  islands?: IslandStates;
};

export function App({ routing: { router, context }, assets, publicUrl, islands = {} }: AppProps) {
  return (
    <Document meta={pageOf(context).meta} assets={assets} publicUrl={publicUrl}>
      <IslandStylesheetsContext value={assets.islandStylesheets}>
        <IslandStatesContext value={islands}>
          {/* The page is not hydrated whole (only its islands are), and the script hydrate would
              inline is one the CSP forbids. */}
          <StaticRouterProvider router={router} context={context} hydrate={false} />
        </IslandStatesContext>
      </IslandStylesheetsContext>
    </Document>
  );
}
