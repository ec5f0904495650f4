import { describe, expect, it } from 'vitest';
import { focusedStop, type Stop, tabThroughPage } from '../../test/support/keyboard';
import { DESKTOP, PHONE, siteForThisFile, WAKE_WITHIN_MS } from '../../test/support/site';
import { needs } from '../../test/support/tools';

const site = siteForThisFile();

const indexOf = (stops: Stop[], name: string) => stops.findIndex((stop) => stop.name === name);

describe('the page with the keyboard alone', { timeout: 30_000, ...needs('chromium') }, () => {
  it('offers a skip link first, which moves the focus to the main content', async () => {
    const { page } = await site.open('/');
    await page.keyboard.press('Tab');
    const skip = await focusedStop(page);
    expect(skip).toMatchObject({ name: 'a Pular para o conteúdo', outline: true, inView: true, obscuredBy: null });

    await page.keyboard.press('Enter');
    await page.waitForURL(/#main$/);
    await expect(page.evaluate(() => document.activeElement?.id)).resolves.toBe('main');
    await page.keyboard.press('Tab');
    // The next stop is inside main: the header is skipped.
    await expect(page.evaluate(() => Boolean(document.activeElement?.closest('main')))).resolves.toBe(true);
  });

  for (const [name, viewport] of Object.entries({ desktop: DESKTOP, phone: PHONE })) {
    it(`reaches the menu, every form field and the submit button in order, with visible focus everywhere (${name})`, async () => {
      // Reduced motion makes each focus scroll instant, so every stop can be judged at once.
      // No hydration first: the islands wake as the focus reaches them, as for a real visitor.
      const { page, problems } = await site.open('/', { viewport, reducedMotion: 'reduce' });
      const stops = await tabThroughPage(page);

      const order = [
        viewport === PHONE ? indexOf(stops, 'button Abrir menu') : indexOf(stops, 'a Início'),
        ...['name', 'email', 'phone', 'company', 'message'].map((field) =>
          stops.findIndex((stop) => stop.name.endsWith(` ${field}`)),
        ),
        indexOf(stops, 'button Enviar solicitação'),
      ];
      expect(
        order.every((index) => index >= 0),
        JSON.stringify(stops.map((stop) => stop.name)),
      ).toBe(true);
      expect([...order].sort((a, b) => a - b)).toEqual(order);
      expect(stops.at(-1)?.name, 'the focus came back to the skip link').toBe('a Pular para o conteúdo');
      // The honeypot field stays out of the tab order.
      expect(stops.some((stop) => stop.name.endsWith(' website'))).toBe(false);

      // Focus alone woke both islands on the way.
      // Hydration finishes on its own time after the focus arrives: wait for it, do not sample it.
      await expect
        .poll(() => page.locator('[data-island][data-hydrated="true"]').count(), { timeout: WAKE_WITHIN_MS })
        .toBe(2);
      const unseen = stops.filter((stop) => !stop.outline || !stop.inView || stop.obscuredBy);
      expect(unseen, 'stops without visible focus').toEqual([]);
      expect(problems).toEqual([]);
    });
  }

  it('opens the phone menu from the keyboard and walks its links in order', async () => {
    const { page } = await site.open('/', { viewport: PHONE });
    await page.locator('header .nav__toggle').focus();
    await page.keyboard.press('Enter');
    await page.locator('header .nav__list').waitFor({ state: 'visible' });

    const links: Stop[] = [];
    for (let i = 0; i < 9; i++) {
      await page.keyboard.press('Tab');
      links.push((await focusedStop(page))!);
    }
    expect(links.map((link) => link.name)).toEqual(
      [
        'Início',
        'Sobre',
        'Serviços',
        'Frota',
        'Tecnologia',
        'Áreas de atuação',
        'Certificações',
        'Trabalhe conosco',
        'Contato',
      ].map((label) => `a ${label}`),
    );
    expect(links.filter((link) => !link.outline || !link.inView || link.obscuredBy)).toEqual([]);
  });
});
