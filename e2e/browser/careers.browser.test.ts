import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { openSqlite } from '../../server/composition/repository';
import { careers, technology } from '../../shared/content';
import type { PositionInput } from '../../shared/positions';
import { axeViolations, describeViolations } from '../../test/support/axe';
import { topOf } from '../../test/support/layout';
import { DESKTOP, PHONE, screenshot, siteForThisFile } from '../../test/support/site';
import { needs } from '../../test/support/tools';
import { eventually } from '../../test/support/wait';

// "Tecnologia" and "Trabalhe conosco" in real Chromium (issue 56 §1, §5, §6): a position an admin
// publishes is on the page as it is served, the menu lands on the section with JavaScript and
// without, and axe finds nothing at a phone's width or a desktop's.

const site = siteForThisFile();

const DRIVER: PositionInput = {
  title: 'Motorista carreteiro (bitrem)',
  city: 'Marabá',
  uf: 'PA',
  kind: 'motorista',
  requirements:
    'CNH categoria E\nCurso MOPP em dia\nExame toxicológico (Lei 13.103/2015)\n3 anos de experiência com bitrem',
};

/** Publishes `position` as an admin's save does, beside the running server, and waits for "/" to show it. */
async function published(position: PositionInput) {
  const repository = openSqlite(site.dataDir);
  try {
    await repository.positions.create(position, { actor: { kind: 'system' } });
  } finally {
    await repository.close();
  }
  await eventually(async () => expect(await (await fetch(site.url)).text()).toContain(position.title));
}

const inView = (page: Page, selector: string) =>
  page.locator(selector).evaluate((element) => {
    const { top } = element.getBoundingClientRect();
    return top >= 0 && top < window.innerHeight;
  });

describe('Tecnologia and Trabalhe conosco in Chromium', { timeout: 30_000, ...needs('chromium') }, () => {
  it.each([
    ['375 px', PHONE],
    ['1280 px', DESKTOP],
  ])('shows an open position and the technology, with no axe violation, at %s', async (width, viewport) => {
    await published({ ...DRIVER, title: `${DRIVER.title} ${width}` });

    const { page, problems } = await site.open('/#careers', { viewport, bypassCSP: true });

    const section = page.locator('#careers');
    const title = `${DRIVER.title} ${width}`;
    const card = section.getByRole('listitem').filter({ has: page.getByRole('heading', { name: title }) });
    await expect(card.isVisible()).resolves.toBe(true);
    await expect(
      card.getByRole('link', { name: `${careers.apply} à vaga ${title}` }).getAttribute('href'),
    ).resolves.toMatch(/^\/trabalhe-conosco\/candidatura\?vaga=[0-9a-f-]{36}$/);
    await expect(card.getByRole('listitem').allInnerTexts()).resolves.toEqual(DRIVER.requirements.split('\n'));
    await expect(page.locator('#technology').getByRole('heading', { level: 3 }).allInnerTexts()).resolves.toEqual(
      technology.cards.map((card) => card.title),
    );
    const violations = await axeViolations(page);
    expect(violations, describeViolations(violations)).toEqual([]);
    expect(problems).toEqual([]);
    await screenshot(section, `careers-${viewport.width}`);
    await screenshot(page.locator('#technology'), `technology-${viewport.width}`);
  });

  it('brings “Vagas abertas” within a phone’s screen of the section’s top, the reasons one row each', async () => {
    await published({ ...DRIVER, title: `${DRIVER.title} em poucas linhas` });

    const { page } = await site.open('/#careers', { viewport: PHONE });

    const section = await topOf(page.locator('#careers'));
    const positions = await topOf(page.locator('#careers').getByRole('heading', { name: careers.positionsTitle }));
    // 925 px when each reason was a tall card: more than a screen of scrolling before the first position.
    expect(positions - section).toBeLessThan(PHONE.height - 100);
  });

  it.each([
    ['with JavaScript', true],
    ['without JavaScript', false],
  ])('takes the phone menu’s “Trabalhe conosco” to the section, %s', async (_how, javaScriptEnabled) => {
    const { page } = await site.open('/', { viewport: PHONE, javaScriptEnabled });

    await page.locator('header .nav__toggle').click();
    await page.locator('header .nav__list').getByRole('link', { name: 'Trabalhe conosco' }).click();

    await page.waitForURL(/#careers$/);
    await eventually(async () => expect(await inView(page, '#careers-title')).toBe(true));
  });
});
