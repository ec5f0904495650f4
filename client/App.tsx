import { StaticRouter, useRoutes } from 'react-router-dom';
import { IslandStatesContext, IslandStylesheetsContext } from './components/Island';
import { Document, type DocumentAssets } from './Document';
import type { IslandStates } from './islands/names';
import { pageFor, routes } from './routes';

export type AppProps = { url: string; assets: DocumentAssets; publicUrl: string; islands?: IslandStates };

function Page() {
  return useRoutes(routes);
}

export function App({ url, assets, publicUrl, islands = {} }: AppProps) {
  const { meta } = pageFor(new URL(url, 'http://localhost').pathname);
  return (
    <Document meta={meta} assets={assets} publicUrl={publicUrl}>
      <IslandStylesheetsContext value={assets.islandStylesheets}>
        <IslandStatesContext value={islands}>
          <StaticRouter location={url}>
            <Page />
          </StaticRouter>
        </IslandStatesContext>
      </IslandStylesheetsContext>
    </Document>
  );
}
