// Regenerates the PNG icons and the social-sharing image from the SVG artwork in public/,
// with the system Chromium: `npm run images`. The PNGs are committed; run this after
// changing the logo, the company name or the hero illustration.
import { readFileSync } from 'node:fs';
import { chromium } from 'playwright-core';
import { company } from '../shared/content';
import { svgDataUrl as dataUrl } from './build-options';
import { launchOptions } from './launch/chromium';

const favicon = readFileSync('public/favicon.svg', 'utf8');
const hero = readFileSync('public/images/hero-rota.svg', 'utf8');

const icon = (size: number, padding: number) => {
  const inner = size - 2 * padding;
  return `<!DOCTYPE html><html><body style="margin:0;background:#0b2545">
  <img src="${dataUrl(favicon)}" style="display:block;width:${inner}px;height:${inner}px;margin:${padding}px">
  </body></html>`;
};

const ogImage = `<!DOCTYPE html><html lang="pt-BR"><body style="margin:0;width:1200px;height:630px;display:flex;
  align-items:center;gap:48px;padding:0 72px;box-sizing:border-box;background:linear-gradient(135deg,#071a33,#1d4e89);
  font-family:system-ui,sans-serif;color:#fff">
  <div style="flex:1">
    <img src="${dataUrl(favicon)}" width="96" height="96">
    <h1 style="font-size:60px;line-height:1.1;margin:28px 0 16px">${company.name}</h1>
    <p style="font-size:30px;line-height:1.35;margin:0;color:#fbbf24">
      Carga fechada entre o Sudeste e o Norte do Brasil</p>
    <p style="font-size:24px;margin:24px 0 0;color:#dbe7f5">
      Frota própria · Rastreamento 24/7 · 99,8% de pontualidade</p>
  </div>
  <img src="${dataUrl(hero)}" style="width:440px;height:auto"></body></html>`;

const targets = [
  { file: 'public/favicon-32.png', width: 32, height: 32, html: icon(32, 0) },
  { file: 'public/apple-touch-icon.png', width: 180, height: 180, html: icon(180, 18) },
  { file: 'public/icon-192.png', width: 192, height: 192, html: icon(192, 20) },
  { file: 'public/icon-512.png', width: 512, height: 512, html: icon(512, 52) },
  { file: 'public/og-image.png', width: 1200, height: 630, html: ogImage },
];

const browser = await chromium.launch(launchOptions());
for (const { file, width, height, html } of targets) {
  const page = await browser.newPage({ viewport: { width, height } });
  await page.setContent(html);
  await page.screenshot({ path: file });
  await page.close();
  console.log(`${file} ${width}×${height}`);
}
await browser.close();
