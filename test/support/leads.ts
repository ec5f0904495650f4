import request from 'supertest';
import { type ContactFields, contactInputSchema } from '../../shared/contact';
import { type QuoteFields, quoteInputSchema } from '../../shared/quote';

export const ADMIN_TOKEN = 'token-de-teste-com-mais-de-32-caracteres';
export const bearer = `Bearer ${ADMIN_TOKEN}`;
/** Who a store's test says asked for a subject's data: the API token, from no request. */
export const BY_TOKEN = { actor: { kind: 'token' } } as const;

/** An export as the admin downloads it: the reply, with the file's bytes as its body. */
export const downloadExport = (app: Parameters<typeof request>[0], path: string) =>
  request(app)
    .get(path)
    .set('Authorization', bearer)
    .buffer(true)
    .parse((res, done) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => done(null, Buffer.concat(chunks)));
    });

export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
export const ISO_INSTANT = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/;

export const sampleContact = {
  name: 'Ana Souza',
  email: 'ana@empresa.com.br',
  message: 'Preciso de frete São Paulo → Manaus.',
} as const;

/** The smallest valid quote request: required fields only. */
export const sampleQuote = {
  name: 'Carlos Lima',
  email: 'carlos@bebidasdonorte.com.br',
  origin: { city: 'Campinas', state: 'SP' },
  destination: { city: 'Belém', state: 'PA' },
  cargoType: 'bebidas',
  weightTons: 27.5,
} as const;

/** Every optional field set, with values that must come back byte for byte. */
export const fullQuote = {
  ...sampleQuote,
  phone: '+55 (91) 98765-4321',
  company: 'Açaí & Cia — Distribuição',
  vehicle: '28t',
  pickupDate: '2099-12-31',
  notes: 'Carga paletizada 🚚\nDescarga com doca.',
} as const;

/** A contact request as the validator hands it to the repository. */
export const validContact = (input: object = sampleContact): ContactFields => contactInputSchema.parse(input);

/** A quote request as the validator hands it to the repository. */
export const validQuote = (input: object = sampleQuote): QuoteFields => quoteInputSchema.parse(input);
