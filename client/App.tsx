import { StaticRouter, useRoutes } from 'react-router-dom';
import { Document, type DocumentAssets } from './Document';
import { pageFor, routes } from './routes';

type AppProps = { url: string; assets: DocumentAssets };

function Page() {
  return useRoutes(routes);
}

export function App({ url, assets }: AppProps) {
  const { meta } = pageFor(new URL(url, 'http://localhost').pathname);
  return (
    <Document meta={meta} assets={assets}>
      <StaticRouter location={url}>
        <Page />
      </StaticRouter>
    </Document>
  );
}
