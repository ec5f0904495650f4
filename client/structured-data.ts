import { company, seo } from '../shared/content';
import { openingHoursSpecification, WEEKDAYS } from '../shared/opening-hours';

/** schema.org description of the company for search engines (JSON-LD in the landing page's head). */
export function organizationJsonLd(publicUrl: string) {
  const site = new URL('/', publicUrl).href;
  return {
    '@context': 'https://schema.org',
    '@type': 'LocalBusiness',
    '@id': `${site}#organization`,
    name: company.name,
    legalName: company.legalName,
    description: seo.description,
    url: site,
    logo: new URL('/icon-512.png', site).href,
    image: new URL('/og-image.png', site).href,
    foundingDate: '2011-01-17',
    email: company.email,
    telephone: company.phone.href.replace('tel:', ''),
    taxID: company.cnpj,
    address: {
      '@type': 'PostalAddress',
      streetAddress: company.address.street,
      addressLocality: company.address.city,
      addressRegion: company.address.state,
      postalCode: company.address.postalCode,
      addressCountry: 'BR',
    },
    contactPoint: {
      '@type': 'ContactPoint',
      contactType: 'customer support',
      telephone: company.phone.href.replace('tel:', ''),
      email: company.email,
      availableLanguage: 'pt-BR',
      areaServed: 'BR',
      // Support and tracking run around the clock (docs/requirements.md §9.2).
      hoursAvailable: { '@type': 'OpeningHoursSpecification', dayOfWeek: WEEKDAYS, opens: '00:00', closes: '23:59' },
    },
    openingHoursSpecification: openingHoursSpecification(),
    areaServed: [
      { '@type': 'Place', name: 'Região Sudeste do Brasil' },
      { '@type': 'Place', name: 'Região Norte do Brasil' },
    ],
  };
}

/** JSON inside <script> must never close the element: every "<" is escaped. */
export const serializeJsonLd = (data: object) => JSON.stringify(data).replace(/</g, '\\u003c');
