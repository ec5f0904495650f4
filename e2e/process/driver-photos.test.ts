import sharp from 'sharp';
import { describe, expect, it, onTestFinished } from 'vitest';
import { issueDriverLink } from '../../server/shipments/commands/links';
import { openShipment } from '../../server/shipments/commands/open';
import { memoryOf } from '../../server/untrusted/proc-memory';
import { testRepository } from '../../test/support/app';
import { startServer } from '../../test/support/server-process';
import { OPENING } from '../../test/support/shipments';

// docs/requirements.md §12.8 on the built server: twenty drivers post their "Entreguei" at once,
// each with a canhoto's photo of a few MB. Each photo is judged in the capped image child, in turn;
// what waits is a 503 with Retry-After that the phone sends again. The server's own memory stays
// bounded: it holds each body as sent, never a decoded image, and it is alive at the end. The
// resident figures are printed, not judged: the machine is shared.

const DRIVERS = 20;

/** A 3000×2000 photo of noise, as hard to compress as a canhoto photographed in poor light: a few MB. */
const heavyPhoto = () =>
  sharp({
    create: {
      width: 3000,
      height: 2000,
      channels: 3,
      background: '#808080',
      noise: { type: 'gaussian', mean: 128, sigma: 60 },
    },
  })
    .jpeg({ quality: 95 })
    .toBuffer();

describe('twenty deliveries’ photos at once on the built server', () => {
  it('answers each with the delivery or a retry, and keeps its memory bounded', { timeout: 180_000 }, async () => {
    const server = await startServer();
    onTestFinished(async () => {
      await server.stop();
    });
    const repository = testRepository(server.dataDir);
    const by = { actor: { kind: 'system' as const } };
    const tokens: string[] = [];
    for (let driver = 0; driver < DRIVERS; driver++) {
      const id = await openShipment(repository.shipments, OPENING, by);
      tokens.push(((await issueDriverLink(repository.shipments, id, false, by)) as { token: string }).token);
    }
    const photo = await heavyPhoto();
    const pid = server.child.pid!;
    const before = (await memoryOf(pid))!;

    let peak = before.rss;
    let sampling = true;
    const sampler = (async () => {
      while (sampling) {
        peak = Math.max(peak, (await memoryOf(pid))?.rss ?? 0);
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
    })();
    const replies = await Promise.all(
      tokens.map(async (token, driver) => {
        const form = new FormData();
        form.set('chave', `00000000-0000-4000-8000-${String(driver).padStart(12, '0')}`);
        form.set('tipo', 'delivered');
        form.set('recebedor', 'José Souza');
        form.set('documento', '123.456.789-09');
        form.set('fotos', new Blob([photo], { type: 'image/jpeg' }), 'canhoto.jpg');
        const res = await fetch(`${server.url}/motorista/${token}/eventos`, {
          method: 'POST',
          body: form,
          headers: { 'Sec-Fetch-Site': 'same-origin' },
          redirect: 'manual',
        });
        await res.arrayBuffer();
        return res.status;
      }),
    );
    sampling = false;
    await sampler;
    const after = (await memoryOf(pid))!;

    const delivered = replies.filter((status) => status === 303).length;
    console.info(
      `driver-photos: ${DRIVERS} posts of ${(photo.length / 1024 / 1024).toFixed(1)} MB: ${delivered} delivered, ` +
        `${DRIVERS - delivered} asked to retry; server RSS ${before.rss.toFixed(0)} MB before, ` +
        `${peak.toFixed(0)} MB at most sampled, ${after.rss.toFixed(0)} MB after (VmHWM ${after.peakRss.toFixed(0)} MB)`,
    );
    expect(replies.every((status) => status === 303 || status === 503)).toBe(true);
    expect(delivered).toBeGreaterThan(0);
    const stored = await repository.shipments.db.all(
      "SELECT shipment_id FROM shipment_events WHERE kind = 'delivered'",
    );
    expect(stored).toHaveLength(delivered);
    expect(server.child.exitCode).toBeNull();
    expect((await fetch(`${server.url}/rastreio`)).status).toBe(200);
  });
});
