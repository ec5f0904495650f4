import { describe, expect, it } from 'vitest';
import {
  DESKTOP,
  hydrateIslands,
  PHONE,
  SECTION_IDS,
  screenshot,
  scrollThrough,
  siteForThisFile,
} from '../../test/support/site';
import { needs } from '../../test/support/tools';

const site = siteForThisFile();

describe('the landing page in Chromium', { timeout: 30_000, ...needs('chromium') }, () => {
  for (const [name, viewport] of Object.entries({ desktop: DESKTOP, phone: PHONE })) {
    it(`shows every section in order at ${viewport.width}×${viewport.height}, hydrates and reports no problem`, async () => {
      const { page, problems } = await site.open('/', { viewport });
      await hydrateIslands(page);
      await scrollThrough(page);

      const ids = await page
        .locator('main#main > section')
        .evaluateAll((sections) => sections.map((section) => section.id));
      expect(ids).toEqual(SECTION_IDS);
      for (const id of SECTION_IDS) await expect(page.locator(`#${id}`).isVisible()).resolves.toBe(true);
      // Hydration mismatches, CSP refusals, failed or 4xx/5xx requests all show up here.
      expect(problems).toEqual([]);

      await screenshot(page, `landing-${name}-${viewport.width}`);
    });
  }

  it('names icons the browser can draw, the SVG one carried in the page itself', async () => {
    const { page } = await site.open('/');
    const icons = await page.evaluate(() =>
      Promise.all(
        [...document.querySelectorAll<HTMLLinkElement>('link[rel="icon"]')].map(async (link) => {
          const image = new Image();
          image.src = link.href;
          // decode() rejects when the browser cannot draw the image.
          const drawn = await image.decode().then(
            () => true,
            () => false,
          );
          return { scheme: new URL(link.href).protocol, type: link.type, drawn };
        }),
      ),
    );
    expect(icons).toEqual([
      { scheme: 'data:', type: 'image/svg+xml', drawn: true },
      { scheme: 'http:', type: 'image/png', drawn: true },
    ]);
  });

  it("lands just under the sticky header when opened at a section's address, on a phone and a desktop", async () => {
    // The lower sections skip layout until needed (styles.css): this is where estimated heights would show.
    for (const viewport of [PHONE, DESKTOP]) {
      for (const id of ['fleet', 'contact']) {
        const { page } = await site.open(`/#${id}`, { viewport });
        // Smooth scrolling takes a moment; the section ends up just below the header bar (measured
        // as it then stands: the contact bar above it scrolls away), not under it nor far below.
        const gapBelowHeader = () =>
          page.evaluate((id) => {
            const bar = document.querySelector('header .site-header__bar')!.getBoundingClientRect();
            return document.getElementById(id)!.getBoundingClientRect().top - bar.bottom;
          }, id);
        await expect.poll(gapBelowHeader, { timeout: 5_000 }).toSatisfy((gap: number) => gap >= -1 && gap <= 16);
      }
    }
  });

  it("shows the floating 'Fale conosco' button over the first screen, on a phone and a desktop", async () => {
    for (const viewport of [PHONE, DESKTOP]) {
      const { page } = await site.open('/', { viewport });
      // Hit-testing skips what the browser has not painted (a section skipped until near, say).
      const atItsCentre = await page.locator('.floating-contact').evaluate((button) => {
        const box = button.getBoundingClientRect();
        return (
          document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2)?.closest('.floating-contact') ===
          button
        );
      });
      expect(atItsCentre, `${viewport.width} px`).toBe(true);
      await expect(page.locator('.floating-contact').boundingBox()).resolves.toMatchObject({
        x: expect.toSatisfy((x: number) => x > viewport.width - 100),
        y: expect.toSatisfy((y: number) => y > viewport.height - 100 && y < viewport.height),
      });
    }
  });

  it('draws the icons below the first screen through the sprite, in their colour, once it is fetched', async () => {
    const { page, problems } = await site.open('/', { viewport: PHONE });
    const icon = page.locator('#services .card__icon').first();
    await icon.scrollIntoViewIfNeeded();
    const sprite = () =>
      page.evaluate(() =>
        performance
          .getEntriesByType('resource')
          .filter((entry) => /\/assets\/icons-\w+\.svg$/.test(entry.name))
          .map((entry) => (entry as PerformanceResourceTiming).responseStatus),
      );
    await expect.poll(sprite, { timeout: 5_000 }).toEqual([200]);
    const drawn = await icon.screenshot();
    // The drawing is the text's colour seen through the sprite: without the colour only the
    // box is left, and without the sprite the colour fills the whole square.
    await icon.evaluate((element) => {
      element.style.color = 'transparent';
    });
    const boxOnly = await icon.screenshot();
    await icon.evaluate((element) => {
      element.style.color = '';
      element.style.setProperty('--sprite', 'none');
    });
    const unmasked = await icon.screenshot();
    expect(drawn.equals(boxOnly)).toBe(false);
    expect(drawn.equals(unmasked)).toBe(false);
    expect(problems).toEqual([]);
  });

  it('never scrolls sideways at 320, 375, 768, 1280 or 1440 px', async () => {
    const { page } = await site.open('/', { viewport: { width: 320, height: 800 } });
    await hydrateIslands(page);
    for (const width of [320, 375, 768, 1280, 1440]) {
      await page.setViewportSize({ width, height: 800 });
      const overflow = await page.evaluate(() => {
        const viewportWidth = document.documentElement.clientWidth;
        // The widest culprits, named so a failure says where to look.
        const wide = [...document.querySelectorAll('body *')]
          .filter((element) => element.getBoundingClientRect().right > viewportWidth + 0.5)
          .slice(0, 5)
          .map((element) => `${element.tagName.toLowerCase()}.${element.className}`);
        return { scrollWidth: document.documentElement.scrollWidth, viewportWidth, wide };
      });
      expect(overflow.scrollWidth, `${width} px: ${overflow.wide.join(', ')}`).toBeLessThanOrEqual(
        overflow.viewportWidth,
      );
    }
  });

  it('points every header and footer anchor at a section that exists', async () => {
    const { page } = await site.open('/');
    const links = await page.locator('header a[href^="#"], footer a[href^="#"]').evaluateAll((anchors) =>
      anchors.map((anchor) => ({
        text: anchor.textContent?.trim() || anchor.getAttribute('aria-label'),
        href: anchor.getAttribute('href')!,
      })),
    );
    const fragments = links.filter((link) => link.href !== '#');
    expect(fragments.length).toBeGreaterThan(10);

    // Tecnologia and Trabalhe conosco too, which had no section before issue 56.
    expect(fragments.map(({ href }) => href)).toEqual(expect.arrayContaining(['#technology', '#careers']));
    for (const { text, href } of fragments) expect(await page.locator(href).count(), `${text} → ${href}`).toBe(1);
  });

  it('points the privacy links at the notice, and keeps the terms and social icons nowhere, as the spec says', async () => {
    const { page } = await site.open('/');
    const links = (selector: string) =>
      page
        .locator(selector)
        .evaluateAll((anchors) =>
          anchors.map((anchor) => anchor.textContent?.trim() || anchor.getAttribute('aria-label')),
        );
    const nowhere = await links('footer a[href="#"]');
    expect(nowhere).toContain('Termos de Uso');
    expect(nowhere).toHaveLength(4);
    // The notice LGPD art. 9 asks for (issue 36): its page, and its rights section.
    expect(await links('footer a[href="/privacidade"]')).toEqual(['Política de Privacidade']);
    expect(await links('footer a[href="/privacidade#direitos"]')).toEqual(['Proteção de Dados']);
  });
});
