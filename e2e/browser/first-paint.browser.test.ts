import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PHONE, siteForThisFile } from '../../test/support/site';
import { needs } from '../../test/support/tools';

// The first flight's budget counts "/" only up to the end of its hero (bench/size-report.ts,
// decision 048): it holds because Chromium paints the hero, and takes it as the largest paint,
// while the rest of the HTML is still on its way. This checks that ordering on the built page. A
// script or stylesheet that blocked rendering, or a hero painted late, would break it.

const site = siteForThisFile();

/** How long the held server keeps back what follows the hero: far longer than the hero takes to paint. */
const HOLD_MS = 3_000;

let held: Server;
let heldUrl: string;

beforeAll(async () => {
  // "/" as the built server renders it, sent up to the end of the hero, the rest HOLD_MS later;
  // every other path (assets, images) straight from the built server.
  held = createServer(async (req, res) => {
    const upstream = await fetch(new URL(req.url ?? '/', site.url), { headers: { 'Accept-Encoding': 'identity' } });
    const body = Buffer.from(await upstream.arrayBuffer());
    const headers = Object.fromEntries(
      [...upstream.headers].filter(
        ([name]) => !['content-length', 'content-encoding', 'transfer-encoding'].includes(name),
      ),
    );
    res.writeHead(upstream.status, headers);
    if (req.url !== '/') return void res.end(body);
    const html = body.toString('utf8');
    const heroEnd = html.indexOf('</section>', html.indexOf('id="home"')) + '</section>'.length;
    res.write(html.slice(0, heroEnd));
    setTimeout(() => res.end(html.slice(heroEnd)), HOLD_MS);
  });
  await new Promise<void>((resolve) => held.listen(0, '127.0.0.1', resolve));
  heldUrl = `http://127.0.0.1:${(held.address() as { port: number }).port}/`;
});
afterAll(() => new Promise<void>((resolve) => held.close(() => resolve())));

describe('the first paint of "/"', { timeout: 30_000, ...needs('chromium') }, () => {
  it('paints the hero as the largest paint before the rest of the HTML arrives, at 375 px and 4× slower CPU', async () => {
    const { page } = await site.open('about:blank', { viewport: PHONE, isMobile: true, hasTouch: true });
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    await page.addInitScript(() => {
      const seen: { time: number; inHero: boolean }[] = [];
      Object.assign(window, { largestPaints: seen });
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as (PerformanceEntry & { element: Element | null })[])
          seen.push({ time: entry.startTime, inHero: Boolean(entry.element?.closest('#home')) });
      }).observe({ type: 'largest-contentful-paint', buffered: true });
    });

    await page.goto(heldUrl, { waitUntil: 'load' });
    // The paints of the HTML's last part are reported a frame or two after it: wait for them.
    await page.evaluate(
      () =>
        new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(resolve, 500)))),
    );
    const { paints, htmlEnd } = await page.evaluate(() => ({
      paints: (window as unknown as { largestPaints: { time: number; inHero: boolean }[] }).largestPaints,
      htmlEnd: (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming).responseEnd,
    }));

    expect(htmlEnd).toBeGreaterThanOrEqual(HOLD_MS);
    expect(paints.length).toBeGreaterThan(0);
    // The largest paint came before the HTML's end, in the hero, and nothing later outgrew it.
    expect(paints.at(-1)).toMatchObject({ inHero: true });
    expect(paints.at(-1)!.time).toBeLessThan(htmlEnd);
  });
});
