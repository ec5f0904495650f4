import { readdir } from 'node:fs/promises';
import exifr from 'exifr';
import sharp from 'sharp';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, tempDir, testRepository } from '../../test/support/app';
import { HOSTILE_SVG, phonePhoto, pngBomb, truncated } from '../../test/support/images';
import { cvPdf } from '../../test/support/pdf';
import { acceptedShipment } from '../../test/support/shipments';
import { eventually } from '../../test/support/wait';
import { spoolFolder } from '../untrusted/spool';
import { issueDriverLink } from './commands/links';

// The canhoto's photos (docs/requirements.md §12.8): taken on the phone, judged by their content in
// the capped image child, re-encoded upright without GPS; what is no image, or a bomb, stores nothing.

const SAME_SITE = { 'Sec-Fetch-Site': 'same-origin' };

describe('a delivery’s photos', { timeout: 60_000 }, () => {
  // A spool of this file's own (TMPDIR), set before any image child is started with leave to read it:
  // what a test finds there is what its posts left, not another file's uploads in flight.
  const tmpdir = process.env.TMPDIR;
  beforeAll(() => {
    process.env.TMPDIR = tempDir();
  });
  afterAll(() => {
    if (tmpdir === undefined) delete process.env.TMPDIR;
    else process.env.TMPDIR = tmpdir;
  });

  async function setUp() {
    const repository = testRepository();
    const { app } = createTestApp({ repository });
    const shipment = await acceptedShipment(repository, app);
    const { token } = (await issueDriverLink(repository.shipments, shipment.id, false, {
      actor: { kind: 'system' },
    })) as { token: string };
    const deliver = (
      files: { name: string; bytes: Buffer; type: string }[],
      key = '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d',
    ) => {
      let post = request(app)
        .post(`/motorista/${token}/eventos`)
        .set(SAME_SITE)
        .field('chave', key)
        .field('tipo', 'delivered')
        .field('recebedor', 'José Souza')
        .field('documento', '123.456.789-09');
      for (const file of files)
        post = post.attach('fotos', file.bytes, { filename: file.name, contentType: file.type });
      return post;
    };
    return { repository, shipment, deliver };
  }

  it('keeps a phone’s photo as a JPEG turned upright, with no GPS nor camera metadata', async () => {
    const { repository, shipment, deliver } = await setUp();
    const photo = await phonePhoto(1200, 800);
    expect((await exifr.gps(photo))?.latitude).toBeCloseTo(-1.4558, 3);
    const res = await deliver([{ name: 'IMG_0001.jpg', bytes: photo, type: 'image/jpeg' }]);
    expect(res.status).toBe(303);
    const [stored] = await repository.shipments.db.all(
      'SELECT bytes, width, height FROM shipment_photos WHERE shipment_id = ?',
      [shipment.id],
    );
    const bytes = Buffer.from(stored!.bytes as Uint8Array);
    const meta = await sharp(bytes).metadata();
    expect([meta.format, meta.width, meta.height, stored!.width, stored!.height]).toEqual([
      'jpeg',
      800,
      1200,
      800,
      1200,
    ]);
    expect(meta.exif).toBeUndefined();
    expect(await exifr.gps(bytes)).toBeUndefined();
    const { status } = (await repository.shipments.db.get('SELECT status FROM shipments WHERE id = ?', [shipment.id]))!;
    expect(status).toBe('delivered');
  });

  it.each([
    ['an SVG with a script', async () => ({ name: 'canhoto.svg', bytes: HOSTILE_SVG, type: 'image/svg+xml' }), 'SVG'],
    [
      'a 400 MP PNG bomb',
      async () => ({ name: 'canhoto.png', bytes: await pngBomb(), type: 'image/png' }),
      'megapixels',
    ],
    [
      'a text file named .jpg',
      async () => ({ name: 'canhoto.jpg', bytes: Buffer.from('não sou foto'), type: 'image/jpeg' }),
      'Formato',
    ],
    ['a PDF named .jpg', async () => ({ name: 'canhoto.jpg', bytes: cvPdf(), type: 'image/jpeg' }), 'Formato'],
    [
      'a JPEG cut in half',
      async () => ({ name: 'canhoto.jpg', bytes: truncated(await phonePhoto()), type: 'image/jpeg' }),
      'danificada ou incompleta',
    ],
  ])('refuses %s with the check’s message, and stores nothing of the delivery', async (_name, file, said) => {
    const { repository, shipment, deliver } = await setUp();
    const res = await deliver([await file()]);
    expect(res.status).toBe(400);
    // The photo waited on disk for its check, and is removed once the post is answered (§12.8).
    await eventually(async () => expect(await readdir(spoolFolder()).catch(() => [])).toEqual([]));
    expect(res.text).toContain(said);
    const kinds = await repository.shipments.db.all('SELECT kind FROM shipment_events WHERE shipment_id = ?', [
      shipment.id,
    ]);
    expect(kinds.map((row) => row.kind)).toEqual(['scheduled']);
    expect(await repository.shipments.db.all('SELECT id FROM shipment_photos')).toEqual([]);
  });
});
