import { describe, expect, it } from 'vitest';
import type { ContactFields } from '../../shared/contact';
import { type ClientSignals, FASTEST_PERSON_MS, signalsOf } from './signals';

const person: ClientSignals = { honeypot: false, stamp: { kind: 'ok', elapsedMs: 90_000 } };
const fields = (message: string, more: Partial<ContactFields> = {}): ContactFields => ({
  name: 'Ana Souza',
  email: 'ana@empresa.com.br',
  message,
  ...more,
});
const reasons = (message: string, more: Partial<ContactFields> = {}, client = person) =>
  signalsOf(fields(message, more), client).map(({ reason, weight, detail }) => [reason, weight, detail]);

describe('a post’s own signals (issue 35 §2)', () => {
  it('finds none in a freight enquiry typed at a person’s pace, accents, numbers, e-mail and one site', () => {
    expect(
      reasons(
        'Bom dia, preciso de cotacao de frete SP x Manaus, 28 pallets de eletronicos, NF R$ 1.250.000,00. ' +
          'CNPJ 12.345.678/0001-90. Meu email compras@empresa.com.br, zap (92) 99123-4567. Site: www.empresa.com.br',
      ),
    ).toEqual([['links', 0.45, '1']]);
    expect(reasons('Quero agregar meu cavalo 6x2 na rota Belém')).toEqual([]);
  });

  it('weighs the honeypot, and the render stamp: missing, forged, or posted faster than a person', () => {
    expect(reasons('Olá', {}, { ...person, honeypot: true })).toEqual([['honeypot', 1.5, undefined]]);
    expect(reasons('Olá', {}, { honeypot: false, stamp: { kind: 'none' } })).toEqual([['noStamp', 0.7, undefined]]);
    expect(reasons('Olá', {}, { honeypot: false, stamp: { kind: 'forged' } })).toEqual([
      ['forgedStamp', 1.5, undefined],
    ]);
    expect(reasons('Olá', {}, { honeypot: false, stamp: { kind: 'ok', elapsedMs: 1_200 } })).toEqual([
      ['fast', 1.5, '1,2 s'],
    ]);
    expect(reasons('Olá', {}, { honeypot: false, stamp: { kind: 'ok', elapsedMs: FASTEST_PERSON_MS } })).toEqual([]);
  });

  it('counts links up to three, and names shorteners and bare IP addresses', () => {
    expect(reasons('veja https://a.example.com/x e http://b.net')).toEqual([['links', 0.9, '2']]);
    expect(reasons('a.com b.com c.com d.com e.com')).toEqual([['links', 1.35, '5']]);
    expect(reasons('clique bit.ly/3xYz agora')).toEqual([
      ['links', 0.45, '1'],
      ['shortener', 0.8, 'bit.ly'],
    ]);
    expect(reasons('atualize em http://45.13.22.8/login')).toEqual([
      ['links', 0.45, '1'],
      ['ipLink', 1.2, '45.13.22.8'],
    ]);
  });

  it('finds a link in the name or the company', () => {
    expect(reasons('Olá', { name: 'Ganhe dinheiro www.ganhe.xyz' })).toEqual([['linkInName', 1.2, undefined]]);
  });

  it('knows a disposable mailbox, and one under a subdomain of it, from the maintained list', () => {
    expect(reasons('Olá', { email: 'x@mailinator.com' })).toEqual([['disposable', 1.2, 'mailinator.com']]);
    expect(reasons('Olá', { email: 'x@mx.yopmail.com' })).toEqual([['disposable', 1.2, 'yopmail.com']]);
    expect(reasons('Olá', { email: 'x@bol.com.br' })).toEqual([]);
  });

  it('finds a message in a script a Portuguese-speaking customer would not write, not a foreign name', () => {
    expect(reasons('Продвижение сайтов в поисковых системах недорого')).toEqual([['foreignScript', 1.5, undefined]]);
    expect(reasons('网站推广 优化 排名 第一页')).toEqual([['foreignScript', 1.5, undefined]]);
    expect(reasons('Olá, sou o Wei (张伟) da importadora, preciso de frete para Manaus')).toEqual([]);
  });

  it('finds keys struck at random, not a customer’s abbreviations', () => {
    expect(reasons('hgjhgjhg kjhkjhkjh lkjlkjlkj')).toEqual([['gibberish', 1.2, undefined]]);
    expect(reasons('qwertyuiop asdfghjkl zxcvbnm')).toEqual([['gibberish', 1.2, undefined]]);
    expect(reasons('pfv vc tem cnh pra mopp? qto fica sp x mns, NF e CT-e prontos')).toEqual([]);
  });
});
