import { gzipSync } from 'node:zlib';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/support/app';
import { listening, openConnection, rawRequest } from '../../test/support/raw-http';
import { parseForm } from './form-body';

const post = (app: ReturnType<typeof createTestApp>['app']) => request(app).post('/api/contacts');
const lead = { name: 'Ana', email: 'ana@empresa.com.br', message: 'Olá' };

describe('form bodies', () => {
  it('decode percent-escaped UTF-8 and plus signs, and keep every value of a repeated field', () => {
    expect(parseForm('name=Jo%C3%A3o+Silva&x=1&x=2&x=3&empty&=v')).toEqual({
      name: 'João Silva',
      x: ['1', '2', '3'],
      empty: '',
      '': 'v',
    });
  });

  it.each(['name=A%ED%A0%80', 'name=%', 'name=%zz', 'na%FFme=x'])(
    'refuse %s, which no browser sends: escaped bytes that are not UTF-8',
    (body) => {
      expect(() => parseForm(body)).toThrow(/não é UTF-8 válido/);
    },
  );

  it('keep "__proto__" as a field like any other', () => {
    const fields = parseForm('__proto__=x&name=Ana');
    expect(Object.getPrototypeOf(fields)).toBeNull();
    expect(Object.entries(fields)).toEqual([
      ['__proto__', 'x'],
      ['name', 'Ana'],
    ]);
  });
});

describe('a form post with invalid UTF-8', () => {
  it('gets the page again, status 400, with a Portuguese message, and nothing is stored', async () => {
    const { app, repository } = createTestApp();
    const res = await post(app).type('form').send('name=A%ED%A0%80&email=ana%40empresa.com.br&message=Ol%C3%A1');
    expect(res.status).toBe(400);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.text).toContain('O conteúdo enviado tem caracteres inválidos (não é UTF-8 válido).');
    expect((await repository.contacts.listContacts(1, 10)).total).toBe(0);
  });

  it('sent as raw bytes in JSON gets 400 JSON, not U+FFFD stored in their place', async () => {
    const { app, repository } = createTestApp();
    const body = Buffer.concat([Buffer.from(`{"name":"A`), Buffer.from([0xed, 0xa0, 0x80]), Buffer.from('"}')]);
    const head = `POST /api/contacts HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\nConnection: close\r\n\r\n`;
    const reply = await rawRequest(await listening(app), Buffer.concat([Buffer.from(head), body]));
    expect(reply.status).toBe(400);
    expect(JSON.parse(reply.body).message).toMatch(/não é UTF-8 válido/);
    expect((await repository.contacts.listContacts(1, 10)).total).toBe(0);
  });
});

describe('bodies the API does not read', () => {
  it('refuses a compressed body with 415 in Portuguese', async () => {
    const { app } = createTestApp();
    const res = await post(app)
      .set('Content-Type', 'application/json')
      .set('Content-Encoding', 'gzip')
      .send(gzipSync(JSON.stringify(lead)));
    expect(res.status).toBe(415);
    expect(res.body.message).toBe('Compressão não suportada: envie o corpo sem Content-Encoding.');
  });

  it('refuses a charset other than UTF-8 with 415', async () => {
    const { app } = createTestApp();
    const res = await post(app).set('Content-Type', 'application/json; charset=iso-8859-1').send('{}');
    expect(res.status).toBe(415);
    expect(res.body.message).toBe('Codificação não suportada: envie o conteúdo em UTF-8.');
  });

  it('refuses a form of more than 50 fields with 413', async () => {
    const { app } = createTestApp();
    const res = await post(app)
      .type('form')
      .send(Array.from({ length: 51 }, (_, i) => `f${i}=x`).join('&'));
    expect(res.status).toBe(413);
  });
});

describe('a post refused before its body was read', () => {
  it('closes the connection, so a chunked body is not read on to its end', async () => {
    const { app } = createTestApp({ rateLimits: { perMinute: 1, perHour: 0 } });
    await post(app).send(lead);
    const connection = openConnection(await listening(app));
    await connection.write(
      'POST /api/contacts HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n4\r\n{"a"\r\n',
    );
    const reply = await connection.reply();
    expect(reply.status).toBe(429);
    expect(reply.headers.connection).toBe('close');
  });
});
