import { describe, expect, it } from 'vitest';
import { fullQuote, sampleContact } from '../../test/support/leads';
import { leadMessage } from './presentation';

const PUBLIC_URL = new URL('https://www.rotanorte.com.br');

const stored = {
  ...sampleContact,
  id: '0b7c2f4e-1a2b-4c3d-8e9f-0123456789ab',
  status: 'new' as const,
  createdAt: '2030-01-02T12:00:00.000Z',
};

describe('the e-mail of a lead, and the way to its page', () => {
  it('links the lead’s page first, at PUBLIC_URL, and says a reply alone does not stop the clock', () => {
    const { text, html } = leadMessage({ kind: 'contact', record: stored }, PUBLIC_URL);
    const link = `https://www.rotanorte.com.br/painel/leads/${stored.id}`;
    expect(text.split('\n').slice(2, 4)).toEqual(['Abrir o lead no painel (responder e marcar “Respondi”):', link]);
    expect(html).toContain(`<a href="${link}"`);
    expect(text).toContain('não para o relógio das 2 horas úteis: marque “Respondi” na página do lead.');
    expect(text).not.toContain('Responda a este e-mail');
  });
});

describe('the e-mail of a lead stored before today’s rules', () => {
  it('links no phone that is not a plain phone number', () => {
    const { html } = leadMessage({ kind: 'contact', record: { ...stored, phone: 'ligar: 11 9999-0000' } }, PUBLIC_URL);
    expect(html).toContain('<td style="white-space:pre-wrap">ligar: 11 9999-0000</td>');
    expect(html).not.toContain('tel:');
  });

  it('keeps bidirectional controls and line breaks out of the subject, so it reads as written', () => {
    const { subject } = leadMessage(
      {
        kind: 'contact',
        record: { ...stored, name: 'Ana \u202Eanilorac\u202C', company: 'Frios\r\nBcc: x@y.z\u2028Cia' },
      },
      PUBLIC_URL,
    );
    expect(subject).toBe('Nova solicitação de contato — Ana anilorac (Frios Bcc: x@y.z Cia)');
  });

  it('answers to the bare address, never to a name', () => {
    expect(leadMessage({ kind: 'contact', record: stored }, PUBLIC_URL).replyTo).toBe(sampleContact.email);
  });
});

describe('the e-mail of a lead', () => {
  const LINK = `https://www.rotanorte.com.br/painel/leads/${stored.id}`;
  const OPEN = 'Abrir o lead no painel (responder e marcar “Respondi”)';
  const REPLY =
    'Responder a este e-mail escreve direto ao cliente, mas não para o relógio das 2 horas úteis: ' +
    'marque “Respondi” na página do lead.';
  const row = (label: string, value: string) =>
    `<tr><th align="left" valign="top">${label}</th><td style="white-space:pre-wrap">${value}</td></tr>`;
  const source = { form: 'contato', page: '/', utmSource: 'google', utmCampaign: 'frete-norte' };
  const html = (title: string, rows: string[]) =>
    [
      '<!doctype html><html lang="pt-BR"><body>',
      `<h1 style="font-size:18px">${title}</h1>`,
      `<p><a href="${LINK}" style="display:inline-block;padding:12px 16px;font-weight:bold">${OPEN}</a></p>`,
      '<table cellpadding="4" style="border-collapse:collapse">',
      ...rows,
      '</table>',
      `<p>${REPLY}</p>`,
      '</body></html>',
    ].join('\n');

  it('lists every field of a quote with its label, the route in the subject, and the time in Brazil', () => {
    const record = { ...stored, ...fullQuote, weightTons: 27.125, goodsValue: 150000, source };

    const message = leadMessage({ kind: 'quote', record }, PUBLIC_URL);

    expect(message.subject).toBe(
      'Nova cotação de frete — Carlos Lima (Açaí & Cia — Distribuição): Campinas/SP → Belém/PA',
    );
    expect(message.text).toBe(
      [
        'Nova cotação de frete',
        '',
        `${OPEN}:`,
        LINK,
        '',
        'Nome: Carlos Lima',
        'E-mail: carlos@bebidasdonorte.com.br',
        'Telefone: +55 (91) 98765-4321',
        'Empresa: Açaí & Cia — Distribuição',
        'Origem: Campinas/SP',
        'Destino: Belém/PA',
        'Tipo de carga: Bebidas',
        'Peso: 27,125 t',
        'Veículo: Carreta — 28 t',
        'Valor da mercadoria: R$ 150.000,00',
        'Data de coleta: 31/12/2099',
        'Observações: Carga paletizada 🚚\nDescarga com doca.',
        'Procedência: Formulário: contato · Página: / · utm_source: google · utm_campaign: frete-norte',
        'Recebido em: 02/01/2030, 09:00',
        `Identificador: ${stored.id}`,
        '',
        REPLY,
        '',
      ].join('\n'),
    );
    expect(message.html).toBe(
      html('Nova cotação de frete', [
        row('Nome', 'Carlos Lima'),
        row('E-mail', 'carlos@bebidasdonorte.com.br'),
        row('Telefone', '<a href="tel:+5591987654321">+55 (91) 98765-4321</a>'),
        row('Empresa', 'Açaí &amp; Cia — Distribuição'),
        row('Origem', 'Campinas/SP'),
        row('Destino', 'Belém/PA'),
        row('Tipo de carga', 'Bebidas'),
        row('Peso', '27,125 t'),
        row('Veículo', 'Carreta — 28 t'),
        row('Valor da mercadoria', 'R$ 150.000,00'),
        row('Data de coleta', '31/12/2099'),
        row('Observações', 'Carga paletizada 🚚\nDescarga com doca.'),
        row('Procedência', 'Formulário: contato · Página: / · utm_source: google · utm_campaign: frete-norte'),
        row('Recebido em', '02/01/2030, 09:00'),
        row('Identificador', stored.id),
      ]),
    );
  });

  it('links a phone without a country code by its digits, and names the company in the subject', () => {
    const record = { ...stored, phone: '(91) 3222-1100', company: 'Bebidas do Norte' };
    const message = leadMessage({ kind: 'contact', record }, PUBLIC_URL);
    expect(message.subject).toBe('Nova solicitação de contato — Ana Souza (Bebidas do Norte)');
    expect(message.html).toContain(row('Telefone', '<a href="tel:+559132221100">(91) 3222-1100</a>'));
    expect(message.text).toContain('Telefone: (91) 3222-1100\n');
  });

  it('leaves out the optional fields a contact did not fill', () => {
    const message = leadMessage({ kind: 'contact', record: { ...stored, message: 'Olá <b>\nAté logo' } }, PUBLIC_URL);

    expect(message.subject).toBe('Nova solicitação de contato — Ana Souza');
    expect(message.text).toBe(
      [
        'Nova solicitação de contato',
        '',
        `${OPEN}:`,
        LINK,
        '',
        'Nome: Ana Souza',
        'E-mail: ana@empresa.com.br',
        'Mensagem: Olá <b>\nAté logo',
        'Recebido em: 02/01/2030, 09:00',
        `Identificador: ${stored.id}`,
        '',
        REPLY,
        '',
      ].join('\n'),
    );
    expect(message.html).toBe(
      html('Nova solicitação de contato', [
        row('Nome', 'Ana Souza'),
        row('E-mail', 'ana@empresa.com.br'),
        row('Mensagem', 'Olá &lt;b&gt;\nAté logo'),
        row('Recebido em', '02/01/2030, 09:00'),
        row('Identificador', stored.id),
      ]),
    );
  });
});
