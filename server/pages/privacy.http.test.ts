import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { company } from '../../shared/content';
import { createTestApp } from '../../test/support/app';

const publicUrl = new URL('https://www.rotanorte.com.br');
/** The page's text as read: tags dropped, spaces collapsed. */
const textOf = (html: string) =>
  html
    .replace(/<style[^>]*>[\s\S]*?<\/style>|<script[^>]*>[\s\S]*?<\/script>/g, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ');

describe('the privacy notice at /privacidade (LGPD art. 9)', () => {
  it('names the controller and how to reach them, from the company data', async () => {
    const res = await request(createTestApp({ publicUrl }).app).get('/privacidade');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    const text = textOf(res.text);
    for (const fact of [company.legalName, company.cnpj, company.email, company.phone.display, company.address.street])
      expect(text).toContain(fact);
    expect(text).toContain(`Encarregado(a) pelo tratamento de dados pessoais: ${company.dataProtection.name}`);
    expect(res.text).toContain('<link rel="canonical" href="https://www.rotanorte.com.br/privacidade"/>');
    // A document to read: no script at all.
    expect(res.text).not.toMatch(/<script(?! type="application\/ld\+json")/);
  });

  it('says what is collected, why, and the rights of art. 18 with how to use them', async () => {
    const text = textOf((await request(createTestApp({ publicUrl }).app).get('/privacidade')).text);
    expect(text).toContain('nome, e-mail, telefone e empresa');
    expect(text).toContain('só para responder ao seu pedido');
    for (const right of ['confirmar se tratamos', 'acessar', 'corrigir', 'anonimização', 'portabilidade', 'revogar'])
      expect(text).toContain(right);
    expect(text).toContain(`escreva para ${company.dataProtection.email} com o e-mail que você usou`);
  });

  it('gives the retention of RETENTION_DAYS, and the recipients of the channels on', async () => {
    const configured = createTestApp({
      publicUrl,
      privacy: {
        retentionDays: 90,
        applicationRetentionDays: 180,
        emailProvider: 'smtp.provedor.com.br',
        crm: 'crm.rotanorte.com.br',
      },
    });
    const text = textOf((await request(configured.app).get('/privacidade')).text);
    expect(text).toContain('apagados automaticamente 90 dias depois de enviados');
    expect(text).toContain('A candidatura e o currículo são apagados 180 dias depois de enviados');
    expect(text).toContain('O nosso provedor de e-mail (servidor smtp.provedor.com.br)');
    expect(text).toContain('(CRM, em crm.rotanorte.com.br)');
    expect(text).not.toContain('Ninguém fora da empresa');
  });

  it('says when leads are kept until erased, and that no one outside receives them without channels', async () => {
    const text = textOf(
      (
        await request(
          createTestApp({ publicUrl, privacy: { retentionDays: 0, applicationRetentionDays: 365 } }).app,
        ).get('/privacidade')
      ).text,
    );
    expect(text).toContain('guardados até que você peça que sejam apagados');
    expect(text).toContain('Ninguém fora da empresa');
    expect(text).not.toContain('provedor de e-mail');
  });

  it('is where the footer’s two data links and the form’s notice lead', async () => {
    const { text } = await request(createTestApp({ publicUrl }).app).get('/');
    expect(text).toContain('<a href="/privacidade">Política de Privacidade</a>');
    expect(text).toContain('<a href="/privacidade#direitos">Proteção de Dados</a>');
    expect(text).toContain('<a href="#">Termos de Uso</a>');
    expect(text).toMatch(
      /<button[^>]*type="submit"[\s\S]*?<\/button><p class="contact-form__note"><a href="\/privacidade">Como usamos seus dados<\/a><\/p>/,
    );
    const notice = (await request(createTestApp({ publicUrl }).app).get('/privacidade')).text;
    expect(notice).toContain('id="direitos"');
  });
});
