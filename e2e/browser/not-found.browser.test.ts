import { describe, expect, it } from 'vitest';
import { clickThrough, PHONE, screenshot, siteForThisFile, unexpected } from '../../test/support/site';
import { needs } from '../../test/support/tools';

const site = siteForThisFile();

const MISSING = '/rotas/belem-manaus';

describe('the not-found page', { timeout: 20_000, ...needs('chromium') }, () => {
  it('answers 404 with the texts of the spec and a link home', async () => {
    const { page, response } = await site.open(MISSING);

    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe('404');
    await expect(page.getByText('Oops! Page not found').isVisible()).resolves.toBe(true);
    const home = page.getByRole('link', { name: 'Return to Home' });
    await expect(home.getAttribute('href')).resolves.toBe('/');

    const landing = await clickThrough(page, home);
    expect(landing?.status()).toBe(200);
    expect(new URL(page.url()).pathname).toBe('/');
  });

  it('logs the missing path in the browser console, and nothing else goes wrong', async () => {
    const { problems } = await site.open(`${MISSING}?origem=email`);
    await expect
      .poll(() => problems.filter((problem) => problem.startsWith('console.warning')))
      .toEqual([`console.warning: 404: página não encontrada: ${MISSING}`]);
    // The document's own 404 is the answer expected here; Chromium reports it as well.
    expect(
      unexpected(problems, /404: página não encontrada/, /\b404\b.*Not Found|http 404: GET \S+\/rotas\/belem-manaus/),
    ).toEqual([]);
  });

  it('fits a phone and is saved as a screenshot for review', async () => {
    const { page } = await site.open(MISSING, { viewport: PHONE });
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBe(0);
    await screenshot(page, 'not-found-375');
  });
});
