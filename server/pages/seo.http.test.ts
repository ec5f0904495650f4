import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { serializeJsonLd } from '../../client/structured-data';
import { company } from '../../shared/content';
import { createTestApp, testManifest } from '../../test/support/app';

const publicUrl = new URL('https://www.rotanorte.com.br');
const attribute = (html: string, selector: RegExp) => html.match(selector)?.[1];

describe('search and sharing metadata on /', () => {
  it('names the page, its canonical URL and its sharing cards', async () => {
    const { text } = await request(createTestApp({ publicUrl }).app).get('/');
    expect(attribute(text, /<title>([^<]+)<\/title>/)).toContain(company.name);
    expect(attribute(text, /<meta name="description" content="([^"]+)"/)?.length).toBeGreaterThan(50);
    expect(attribute(text, /<link rel="canonical" href="([^"]+)"/)).toBe('https://www.rotanorte.com.br/');
    expect(attribute(text, /<meta property="og:url" content="([^"]+)"/)).toBe('https://www.rotanorte.com.br/');
    expect(attribute(text, /<meta property="og:image" content="([^"]+)"/)).toBe(
      'https://www.rotanorte.com.br/og-image.png',
    );
    expect(attribute(text, /<meta property="og:image:width" content="([^"]+)"/)).toBe('1200');
    expect(attribute(text, /<meta property="og:image:height" content="([^"]+)"/)).toBe('630');
    expect(attribute(text, /<meta name="twitter:card" content="([^"]+)"/)).toBe('summary_large_image');
    expect(attribute(text, /<meta name="theme-color" content="([^"]+)"/)).toMatch(/^#[0-9a-f]{6}$/);
    for (const icon of ['/favicon-32.png', '/apple-touch-icon.png', '/manifest.webmanifest']) {
      expect(text).toContain(`href="${icon}"`);
    }
    // The SVG icon is inlined (the build's data: URL): nothing to fetch while the page loads.
    expect(attribute(text, /<link rel="icon" href="([^"]+)" type="image\/svg\+xml"/)).toBe(testManifest.favicon);
    expect(text).not.toContain('name="robots"');
  });

  it('describes the organisation in JSON-LD', async () => {
    const { text } = await request(createTestApp({ publicUrl }).app).get('/');
    const json = attribute(text, /<script type="application\/ld\+json">(.+?)<\/script>/);
    const data = JSON.parse(json!) as Record<string, unknown>;
    expect(data).toMatchObject({
      '@context': 'https://schema.org',
      name: company.name,
      url: 'https://www.rotanorte.com.br/',
      logo: 'https://www.rotanorte.com.br/icon-512.png',
      foundingDate: '2011-01-17',
      contactPoint: { telephone: expect.any(String), hoursAvailable: { opens: '00:00', closes: '23:59' } },
      openingHoursSpecification: [
        { dayOfWeek: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday'], opens: '07:00', closes: '18:00' },
        { dayOfWeek: 'Saturday', opens: '08:00', closes: '12:00' },
      ],
    });
    expect(data.areaServed).toHaveLength(2);
  });

  it('escapes "<" so the data can never close its script element', () => {
    expect(serializeJsonLd({ name: '</script><script>alert(1)</script>' })).toBe(
      '{"name":"\\u003c/script>\\u003cscript>alert(1)\\u003c/script>"}',
    );
  });
});

describe('the 404 page', () => {
  it('is noindex, without canonical link or JSON-LD', async () => {
    const { text } = await request(createTestApp({ publicUrl }).app).get('/perdido');
    expect(text).toContain('<meta name="robots" content="noindex"/>');
    expect(text).not.toContain('rel="canonical"');
    expect(text).not.toContain('application/ld+json');
  });
});

describe('crawler files', () => {
  it('serves robots.txt pointing at the sitemap on PUBLIC_URL', async () => {
    const res = await request(createTestApp({ publicUrl }).app).get('/robots.txt');
    expect(res.status).toBe(200);
    expect(res.text).toBe('User-agent: *\nAllow: /\n\nSitemap: https://www.rotanorte.com.br/sitemap.xml\n');
  });

  it('serves a sitemap listing the home page and the privacy notice', async () => {
    const res = await request(createTestApp({ publicUrl }).app).get('/sitemap.xml');
    expect(res.headers['content-type']).toMatch(/^application\/xml/);
    expect(res.text.match(/<loc>[^<]+<\/loc>/g)).toEqual([
      '<loc>https://www.rotanorte.com.br/</loc>',
      '<loc>https://www.rotanorte.com.br/privacidade</loc>',
    ]);
    expect(res.text).toMatch(
      /^<\?xml version="1.0" encoding="UTF-8"\?>\n<urlset xmlns="http:\/\/www.sitemaps.org\/schemas\/sitemap\/0.9">/,
    );
  });

  it('serves the web manifest with the company name and icons', async () => {
    const res = await request(createTestApp({ publicUrl }).app).get('/manifest.webmanifest');
    expect(res.headers['content-type']).toMatch(/^application\/manifest\+json/);
    const manifest = JSON.parse(res.text) as { name: string; icons: { sizes: string }[] };
    expect(manifest.name).toBe(company.name);
    expect(manifest.icons.map((icon) => icon.sizes)).toEqual(['192x192', '512x512', 'any']);
  });
});
