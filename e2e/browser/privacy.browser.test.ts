import { describe, expect, it } from 'vitest';
import { clickThrough, PHONE, screenshot, siteForThisFile, unexpected } from '../../test/support/site';
import { needs } from '../../test/support/tools';

const site = siteForThisFile();

describe('the privacy notice', { timeout: 30_000, ...needs('chromium') }, () => {
  it('is reached from the footer, and its data link lands on the rights', async () => {
    const { page } = await site.open('/');
    const policy = page.getByRole('contentinfo').getByRole('link', { name: 'Política de Privacidade' });
    const notice = await clickThrough(page, policy);
    expect(notice?.status()).toBe(200);
    expect(new URL(page.url()).pathname).toBe('/privacidade');
    await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe('Aviso de Privacidade');

    await page.goto(new URL('/', page.url()).href);
    await clickThrough(page, page.getByRole('contentinfo').getByRole('link', { name: 'Proteção de Dados' }));
    expect(new URL(page.url()).hash).toBe('#direitos');
    await expect(page.locator('#direitos').isVisible()).resolves.toBe(true);
  });

  it.each([
    ['1280', { width: 1280, height: 800 }],
    ['375', PHONE],
  ])('fits %s px, runs no script, and is saved as a screenshot for review', async (width, viewport) => {
    const { page, problems } = await site.open('/privacidade', { viewport });
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBe(0);
    await expect(page.locator('script:not([type="application/ld+json"])').count()).resolves.toBe(0);
    await expect(page.getByRole('main').count()).resolves.toBe(1);
    expect(unexpected(problems)).toEqual([]);
    await screenshot(page, `privacy-${width}`);
  });
});
