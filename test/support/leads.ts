import request from 'supertest';
import { quoteValidator } from '../../server/quotes/validation';
import { type ContactFields, contactInputSchema } from '../../shared/contact';
import { type QuoteFields, quoteInputSchema } from '../../shared/quote';
import { testMunicipalities } from './app';

/** As `openssl rand -hex 32` makes one: a token of repetitions or sequences stops the start-up (config-values.ts). */
export const ADMIN_TOKEN = '73aac89bcf6057a7c2519ee9425a384b78dde187f5c1419d6d1689ce3054ccc9';
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

/**
 * A quote as the form sends it (docs/requirements.md §4.5): an ANTT category, a segment, places typed without accents.
 */
export const structuredQuote = {
  name: 'Marina Prado',
  email: 'marina@tecnorte.com.br',
  phone: '(12) 99876-5432',
  company: 'Tecnorte Eletrônicos',
  cnpj: '12.abc.345/01de-35',
  origin: { city: 'sao jose dos campos', state: 'SP' },
  destination: { city: 'MACAPA', state: 'AP' },
  cargoType: 'carga_geral',
  segment: 'tecnologia',
  weightTons: 12.5,
  vehicle: '28t',
  goodsValue: 850000.5,
  pickupDate: '2099-12-31',
  frequency: 'mensal',
  notes: 'Caixas paletizadas.',
} as const;

/** The server's validator of a quote, with the municipalities the build ships (server/quotes/validation.ts). */
export const serverQuoteValidator = () => quoteValidator(testMunicipalities());

/** A contact request as the validator hands it to the repository. */
export const validContact = (input: object = sampleContact): ContactFields => contactInputSchema.parse(input);

/** A quote request as the validator hands it to the repository. */
export const validQuote = (input: object = sampleQuote): QuoteFields => quoteInputSchema.parse(input);
