import { StaticRouter, useRoutes } from 'react-router-dom';
import { IslandStylesheetsContext } from './components/Island';
import { ContactFormStateContext, type ContactFormState } from './contact-form-state';
import { Document, type DocumentAssets } from './Document';
import { pageFor, routes } from './routes';

export type AppProps = { url: string; assets: DocumentAssets; publicUrl: string; contactForm?: ContactFormState };

function Page() {
  return useRoutes(routes);
}

export function App({ url, assets, publicUrl, contactForm = {} }: AppProps) {
  const { meta } = pageFor(new URL(url, 'http://localhost').pathname);
  return (
    <Document meta={meta} assets={assets} publicUrl={publicUrl}>
      <IslandStylesheetsContext value={assets.islandStylesheets}>
        <ContactFormStateContext value={contactForm}>
          <StaticRouter location={url}>
            <Page />
          </StaticRouter>
        </ContactFormStateContext>
      </IslandStylesheetsContext>
    </Document>
  );
}
