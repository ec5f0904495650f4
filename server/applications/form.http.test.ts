// @vitest-environment jsdom
import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import { APPLICATION_PATH, CV_MAX_BYTES } from '../../shared/application';
import { createTestApp } from '../../test/support/app';
import { apply, DRIVER, warmCvChild } from '../../test/support/applications';
import { backendsForThisFile } from '../../test/support/backends';
import { BY_TOKEN } from '../../test/support/leads';
import {
  cvCarrying,
  cvPdf,
  encryptedPdf,
  PNG_BYTES,
  pdfWithAttachment,
  pdfWithJavaScript,
  pdfWithZipBomb,
} from '../../test/support/pdf';
import { openConnection, serving } from '../../test/support/raw-http';

// The application form without JavaScript (docs/requirements.md §4.6): a multipart post, answered with pages;
// every refused file named in Portuguese, and no row left of a refused post.

const OPENING = {
  title: 'Motorista carreteiro',
  city: 'Marabá',
  uf: 'PA',
  kind: 'motorista',
  requirements: 'CNH E\nMOPP',
} as const;

const parseHTML = (html: string) => new DOMParser().parseFromString(html, 'text/html');
const alertOf = (html: string) => parseHTML(html).querySelector('[role=alert]')?.textContent;
const fieldValue = (html: string, name: string) =>
  parseHTML(html).querySelector<HTMLInputElement>(`[name="${name}"]`)?.getAttribute('value');

/** Made once: 200 MB deflated, streamed. */
const ZIP_BOMB = await pdfWithZipBomb();

beforeAll(warmCvChild, 60_000);

describe.each(backendsForThisFile())('the application form on $name', (backend) => {
  const appOn = async () => createTestApp({ repository: await backend.fresh() });

  it('stores a driver’s application with the very bytes of the CV, and answers 303 to the confirmation', async () => {
    const { app, repository } = await appOn();
    const cv = cvPdf('Joao Carreteiro - motorista carreta');

    const res = await apply(app, {}, [{ bytes: cv, filename: 'joao.pdf' }]);

    expect([res.status, res.headers.location]).toEqual([303, '/trabalhe-conosco/candidatura/enviada']);
    const [stored] = await repository.applications.list({}, BY_TOKEN);
    expect(stored).toMatchObject({
      name: 'João Carreteiro',
      city: 'Marabá',
      state: 'PA',
      talentPool: true,
      cnh: 'E',
      experience: { truck: 3, carreta: 8, bitrem: 2 },
      mopp: true,
      stage: 'nova',
      cv: { name: 'joao.pdf', size: cv.length },
    });
    expect((await repository.applications.cv(stored!.id, BY_TOKEN))?.bytes.equals(cv)).toBe(true);
  });

  it('takes an application for an open position, offered preselected by the landing page’s link', async () => {
    const { app, repository } = await appOn();
    const position = await repository.positions.create(OPENING, BY_TOKEN);

    const page = parseHTML((await request(app).get(`${APPLICATION_PATH}?vaga=${position.id}`).expect(200)).text);
    expect(page.querySelector<HTMLOptionElement>('select[name=vaga] option[selected]')?.textContent).toBe(
      'Motorista carreteiro — Marabá/PA',
    );
    await apply(app, { vaga: position.id, banco: '' }).expect(303);

    const [stored] = await repository.applications.list({ positionId: position.id }, BY_TOKEN);
    expect(stored).toMatchObject({ positionId: position.id, talentPool: false });
  });

  it('refuses a position that is closed, keeping the rest', async () => {
    const { app, repository } = await appOn();
    const position = await repository.positions.create(OPENING, BY_TOKEN);
    await repository.positions.close(position.id, BY_TOKEN);

    const res = await apply(app, { vaga: position.id });

    expect(res.status).toBe(400);
    expect(parseHTML(res.text).querySelector('.field--vaga .field__error')?.textContent).toContain(
      'não está mais aberta',
    );
    expect(await backend.rows('applications')).toEqual([]);
  });

  it.each([
    ['a PNG renamed .pdf', PNG_BYTES, 'imagem PNG'],
    ['an HTML page', Buffer.from('<!doctype html><title>x</title><script>alert(1)</script>'), 'página HTML'],
    ['a PDF with JavaScript', pdfWithJavaScript(), 'contém JavaScript'],
    ['a PDF with an embedded file', pdfWithAttachment(), 'arquivo anexado'],
    ['an encrypted PDF', encryptedPdf(), 'protegido por senha'],
    ['a zip bomb inside a PDF', ZIP_BOMB, 'se expande demais'],
    ['a damaged PDF', Buffer.from('%PDF-1.7\n1 0 obj << /Type /Catalog'), 'danificado'],
  ])(
    'refuses %s with the page again, the problem named and the fields kept, and stores nothing',
    async (_what, bytes, named) => {
      const { app } = await appOn();

      const res = await apply(app, {}, [{ bytes, filename: 'curriculo.pdf', contentType: 'application/pdf' }]);

      expect(res.status).toBe(400);
      expect(res.headers['cache-control']).toBe('no-store');
      expect(parseHTML(res.text).querySelector('.field--curriculo .field__error')?.textContent).toContain(named);
      expect(fieldValue(res.text, 'nome')).toBe(DRIVER.nome);
      expect(await backend.rows('applications')).toEqual([]);
      expect(await backend.rows('application_files')).toEqual([]);
    },
  );

  it('refuses two files with 400, naming the one file it takes, and stores nothing', async () => {
    const { app } = await appOn();
    const res = await apply(app, {}, [{ bytes: cvPdf() }, { bytes: cvPdf('outro') }]);
    expect(res.status).toBe(400);
    expect(alertOf(res.text)).toBe('Envie um único arquivo: o seu currículo em PDF.');
    expect(await backend.rows('applications')).toEqual([]);
  });

  it('refuses a CV over 5 MB as it arrives with 413, keeping the fields typed before it', async () => {
    const { app } = await appOn();
    const big = Buffer.concat([cvPdf(), Buffer.alloc(5 * 1024 * 1024)]);
    const res = await apply(app, {}, [{ bytes: big }]);
    expect(res.status).toBe(413);
    expect(alertOf(res.text)).toContain('excede o limite de 5 MB');
    expect(fieldValue(res.text, 'email')).toBe(DRIVER.email);
    expect(await backend.rows('applications')).toEqual([]);
  });

  it('names each field’s problem, and asks for the CV when none was chosen', async () => {
    const { app } = await appOn();
    const res = await apply(app, { email: 'joao@', cidade: 'Cidade Inventada', consentimento: '' }, []);
    expect(res.status).toBe(400);
    const errors = [...parseHTML(res.text).querySelectorAll('.field__error')].map((error) => error.textContent);
    expect(errors).toEqual(
      expect.arrayContaining([
        'Informe um e-mail válido, como nome@empresa.com.br.',
        'Para enviar, marque que leu e concorda com o uso dos seus dados.',
        'Anexe o seu currículo em PDF.',
      ]),
    );
    expect(await backend.rows('applications')).toEqual([]);
  });
});

describe('the application form’s hostile posts', () => {
  it('keeps a file name only as plain text: no folders, no bidirectional marks', async () => {
    const { app, repository } = createTestApp();
    await apply(app, {}, [{ bytes: cvPdf(), filename: '../../etc/\u202eexe.pdf\u202c cv.pdf' }]).expect(303);
    const [stored] = await repository.applications.list({}, BY_TOKEN);
    expect(stored?.cv.name).toBe('exe.pdf cv.pdf');
  });

  it('refuses a body without a boundary with 400 and the page', async () => {
    const { app } = createTestApp();
    const res = await request(app)
      .post(APPLICATION_PATH)
      .set({ 'Sec-Fetch-Site': 'same-origin', 'Content-Type': 'multipart/form-data' })
      .send('--x\r\nContent-Disposition: form-data; name="nome"\r\n\r\nJoão\r\n--x--\r\n');
    expect(res.status).toBe(400);
    expect(alertOf(res.text)).toContain('multipart sem boundary');
  });

  it('refuses a body that is not multipart with 415', async () => {
    const { app } = createTestApp();
    const res = await request(app)
      .post(APPLICATION_PATH)
      .set('Sec-Fetch-Site', 'same-origin')
      .type('form')
      .send('nome=Jo%C3%A3o');
    expect(res.status).toBe(415);
  });

  it('refuses 100 MB declared with 413 before reading it, and closes the connection', async () => {
    const { app } = createTestApp();
    const { port } = await serving(app);
    const connection = openConnection(port);
    await connection.write(
      `POST ${APPLICATION_PATH} HTTP/1.1\r\nHost: localhost\r\nSec-Fetch-Site: same-origin\r\n` +
        `Content-Type: multipart/form-data; boundary=x\r\nContent-Length: ${100 * 1024 * 1024}\r\n\r\n--x\r\n`,
    );
    const reply = await connection.reply();
    expect([reply.status, reply.headers.connection]).toEqual([413, 'close']);
    expect(reply.body).toContain('excede o limite de 5 MB');
  });

  // Four slow files, then an honest CV, all from one address: the honest one lost its answer at the
  // proxy's 30 s behind a single reader. Smallest first, it is now judged next. Each bomb weighs 3 MB
  // (a Flate bomb and ballast), so the honest CV goes first for its first 3 s of waiting whatever the
  // machine's speed: the 612 KB object stream is refused in tens of ms, and four of them
  // could all be done before the honest CV even arrived.
  it('answers an honest CV sent after four 3 MB bombs from the same address first, and stores it', {
    timeout: 60_000,
  }, async () => {
    const { app, repository } = createTestApp();
    const bomb = await pdfWithZipBomb(200, 3 * 1024 * 1024);
    const started = performance.now();
    const finished: string[] = [];
    const post = (what: string, bytes: Buffer) =>
      apply(app, {}, [{ bytes }]).then((res) => {
        finished.push(what);
        return { what, status: res.status, ms: performance.now() - started };
      });
    const bombs = [1, 2, 3, 4].map((n) => post(`bomba ${n}`, bomb));
    // One child judges at a time: once the first bomb is answered, the other three are queued or
    // being judged, however fast a warm child refuses them. In arrival order the honest CV would be last.
    await Promise.race(bombs);
    const honest = await post('honesto', cvPdf());
    const refused = await Promise.all(bombs);
    console.info(
      `applications: the honest CV answered ${honest.status} in ${honest.ms.toFixed(0)} ms behind four bombs ` +
        `(${refused.map(({ status, ms }) => `${status} in ${ms.toFixed(0)} ms`).join(', ')})`,
    );
    expect(honest.status).toBe(303);
    expect(refused.map(({ status }) => status)).toEqual([400, 400, 400, 400]);
    expect(finished.indexOf('honesto')).toBeLessThan(finished.length - 1);
    expect(await repository.applications.list({}, BY_TOKEN)).toHaveLength(1);
  });

  // The page promises "até 5 MB": a file of exactly 5,242,880 bytes got 413.
  it('takes a CV of exactly 5 MB, and refuses one byte more with 413', async () => {
    const { app, repository } = createTestApp();
    // A PDF of `size` bytes: its padding's length changes the digits of /Length and startxref.
    const exactly = (size: number) => {
      let padding = size;
      for (let pdf = cvCarrying(Buffer.alloc(0)); ; pdf = cvCarrying(Buffer.alloc(padding, 0x20))) {
        if (pdf.length === size) return pdf;
        padding += size - pdf.length;
      }
    };
    const five = exactly(CV_MAX_BYTES);
    const over = exactly(CV_MAX_BYTES + 1);
    expect([five.length, over.length]).toEqual([CV_MAX_BYTES, CV_MAX_BYTES + 1]);

    expect((await apply(app, {}, [{ bytes: five }])).status).toBe(303);
    const refused = await apply(app, {}, [{ bytes: over }]);
    expect(refused.status).toBe(413);
    expect(alertOf(refused.text)).toContain('excede o limite de 5 MB');
    expect(await repository.applications.list({}, BY_TOKEN)).toHaveLength(1);
  });

  it('refuses a post from another site', async () => {
    const { app } = createTestApp();
    const res = await apply(app).set('Sec-Fetch-Site', 'cross-site');
    expect(res.status).toBe(403);
  });
});

describe('GET /trabalhe-conosco/candidatura', () => {
  it('says what is collected, why, for how long and who sees it, and links the privacy notice', async () => {
    const { app } = createTestApp({ privacy: { retentionDays: 365, applicationRetentionDays: 180 } });
    const res = await request(app).get(APPLICATION_PATH).expect(200);
    const page = parseHTML(res.text);
    const consent = page.querySelector('[aria-labelledby=consentimento-titulo]')?.textContent;
    expect(consent).toContain('por até 180 dias');
    expect(consent).toContain('Só a administração do site');
    expect(page.querySelector('a[href="/privacidade#candidaturas"]')).not.toBeNull();
    expect(page.querySelector('form')?.getAttribute('enctype')).toBe('multipart/form-data');
  });
});
