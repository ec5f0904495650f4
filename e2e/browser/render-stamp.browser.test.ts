import { describe, expect, it } from 'vitest';
import { openSqliteDatabase } from '../../server/db/sqlite';
import { renderStamps } from '../../server/pages/render-stamp';
import { LEAD_FORM_ID, STAMP_FIELD } from '../../shared/contact-form';
import { FULL_REQUEST, fillContactForm, submitButton } from '../../test/support/contact-page';
import { clickThrough, siteForThisFile } from '../../test/support/site';
import { needs } from '../../test/support/tools';

// The contact form's render stamp (issue 35) as Chromium gets it: in the brotli page, made whole
// with its stamp at most about once a second (docs/decisions/040-plain-landing.md), posted with the form.

const site = siteForThisFile({ RATE_LIMIT_PER_MINUTE: '0', RATE_LIMIT_PER_HOUR: '0' });

/** The stamps as the server checks them: with its key, read from its own database. */
async function serverStamps() {
  const db = openSqliteDatabase(site.dataDir);
  try {
    return await renderStamps(db);
  } finally {
    await db.close();
  }
}

describe('the render stamp in Chromium', { timeout: 30_000, ...needs('chromium') }, () => {
  it('comes in the brotli page, among the form’s elements, and checks as the server’s', async () => {
    const { page, response } = await site.open('/#contact');
    expect(response?.headers()['content-encoding']).toBe('br');
    const stamp = await page.evaluate(
      ([id, name]) => new FormData(document.getElementById(id!) as HTMLFormElement).get(name!),
      [LEAD_FORM_ID, STAMP_FIELD],
    );
    expect((await serverStamps()).check(stamp)).toMatchObject({ kind: 'ok' });
  });

  it('is posted by the form without JavaScript, as old as the time spent typing', async () => {
    const { page } = await site.open('/#contact', { javaScriptEnabled: false });
    const shown = await page.locator(`input[name="${STAMP_FIELD}"]`).getAttribute('value');
    const typing = Date.now();
    await fillContactForm(page, FULL_REQUEST);
    const typed = Date.now() - typing;
    const posted = page.waitForRequest((request) => request.method() === 'POST');

    await clickThrough(page, submitButton(page));

    const body = new URLSearchParams((await posted).postData() ?? '');
    expect(body.get(STAMP_FIELD)).toBe(shown);
    const check = (await serverStamps()).check(body.get(STAMP_FIELD));
    expect(check).toMatchObject({ kind: 'ok' });
    expect((check as { elapsedMs: number }).elapsedMs).toBeGreaterThanOrEqual(typed);
  });
});
