import type { RequestListener } from 'node:http';
import request from 'supertest';
import { checkCv } from '../../server/applications/cv-check';
import type { Repository } from '../../server/composition/repository';
import { APPLICATION_PATH } from '../../shared/application';
import { cvPdf } from './pdf';

// The application form as a browser posts it (docs/requirements.md §4.6): multipart, the fields, then the CV.

/** A driver's application, every field as typed. */
export const DRIVER = {
  nome: 'João Carreteiro',
  email: 'joao.carreteiro@exemplo.com.br',
  telefone: '(94) 99876-5432',
  cidade: 'maraba',
  uf: 'PA',
  vaga: '',
  banco: 'sim',
  cnh: 'E',
  anosCaminhao: '3',
  anosCarreta: '8',
  anosBitrem: '2',
  anosRodotrem: '',
  mopp: 'sim',
  mensagem: 'Disponível para viagens longas.',
  consentimento: 'sim',
};

type Cv = { bytes: Buffer; filename?: string; contentType?: string };

/**
 * Starts the CV child (bundled from the sources, then pdf.js loaded: several seconds on a busy
 * machine) before a file's first application, so that no test's own time pays for it.
 */
export const warmCvChild = () => checkCv(cvPdf(), 'test warm-up');

/** Posts the form with `fields` over DRIVER's (and any other, a honeypot's) and the CVs given (a plain PDF unless told). */
export function apply(
  app: RequestListener,
  fields: Partial<Record<keyof typeof DRIVER, string>> & Record<string, string> = {},
  cvs: Cv[] = [{ bytes: cvPdf() }],
) {
  let post = request(app).post(APPLICATION_PATH).set('Sec-Fetch-Site', 'same-origin');
  for (const [name, value] of Object.entries({ ...DRIVER, ...fields })) post = post.field(name, value);
  for (const cv of cvs)
    post = post.attach('curriculo', cv.bytes, {
      filename: cv.filename ?? 'curriculo.pdf',
      contentType: cv.contentType ?? 'application/pdf',
    });
  return post;
}

/** A driver's application stored straight into `store`, with a note; its id. */
export async function storedApplication(store: Repository) {
  const { id } = await store.applications.receive(
    {
      name: DRIVER.nome,
      email: DRIVER.email,
      phone: DRIVER.telefone,
      city: 'Marabá',
      state: 'PA',
      talentPool: true,
      cnh: 'E',
      experience: { carreta: 8 },
      mopp: true,
      message: DRIVER.mensagem,
    },
    { name: 'curriculo.pdf', bytes: cvPdf() },
    { honeypot: false, stamp: { kind: 'ok', elapsedMs: 60_000 } },
  );
  await store.applications.addNote(id, 'Bom perfil para carreta.', {
    context: { actor: { kind: 'system' } },
    author: 'RH',
  });
  return id;
}

/** The form posted to the server at `url` over the network, as a browser without JavaScript posts it. */
export function applyOverHttp(url: string, cv: Buffer, headers: Record<string, string> = {}) {
  const body = new FormData();
  for (const [name, value] of Object.entries(DRIVER)) body.set(name, value);
  body.set('curriculo', new Blob([new Uint8Array(cv)], { type: 'application/pdf' }), 'curriculo.pdf');
  return fetch(`${url}${APPLICATION_PATH}`, {
    method: 'POST',
    body,
    redirect: 'manual',
    headers: { 'Sec-Fetch-Site': 'same-origin', ...headers },
  });
}
