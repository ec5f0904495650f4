import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { todayInSaoPaulo } from '../../shared/sao-paulo-time';
import { createTestApp } from '../../test/support/app';
import { backendsForThisFile } from '../../test/support/backends';
import { fullQuote, ISO_INSTANT, sampleQuote, structuredQuote, UUID } from '../../test/support/leads';

const post = (app: Parameters<typeof request>[0]) => request(app).post('/api/quotes');

const daysFromToday = (days: number) => todayInSaoPaulo(new Date(Date.now() + days * 86_400_000));

describe.each(backendsForThisFile())('POST /api/quotes on $name', (backend) => {
  const freshApp = async () => createTestApp({ repository: await backend.fresh() });

  it("stores the first API's body, its industry as cargoType and also as segment, and answers 201 with the whole quote, new", async () => {
    const { app, repository } = await freshApp();
    const res = await post(app).send(fullQuote);
    expect(res.status).toBe(201);
    // It repeats what the sender typed: no cache keeps it.
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.body).toEqual({
      success: true,
      message: 'Solicitação de cotação recebida!',
      data: {
        ...fullQuote,
        segment: 'bebidas',
        id: expect.stringMatching(UUID),
        status: 'new',
        createdAt: expect.stringMatching(ISO_INSTANT),
      },
    });
    expect(await repository.quotes.getQuote(res.body.data.id)).toEqual(res.body.data);
  });

  it('trims text, leaves empty optional fields out and ignores unknown fields', async () => {
    const { app } = await freshApp();
    const res = await post(app).send({
      ...sampleQuote,
      name: '  Carlos  ',
      phone: ' ',
      notes: '',
      status: 'approved',
      id: 'meu-id',
    });
    expect(res.status).toBe(201);
    expect(res.body.data).toEqual({
      ...sampleQuote,
      segment: sampleQuote.cargoType,
      name: 'Carlos',
      id: expect.stringMatching(UUID),
      status: 'new',
      createdAt: expect.any(String),
    });
  });

  it('accepts a pickup today in Brazil and a load that fills the vehicle exactly', async () => {
    const { app } = await freshApp();
    const res = await post(app).send({ ...sampleQuote, pickupDate: todayInSaoPaulo(), vehicle: '45t', weightTons: 45 });
    expect(res.status).toBe(201);
  });

  it.each([
    [
      'origin.state',
      { ...sampleQuote, origin: { city: 'Campinas', state: 'XX' } },
      'Informe a UF com a sigla do estado, por exemplo SP ou PA.',
    ],
    [
      'destination.state',
      { ...sampleQuote, destination: { city: 'Belém', state: 'pa' } },
      'Informe a UF com a sigla do estado, por exemplo SP ou PA.',
    ],
    [
      'destination.city',
      { ...sampleQuote, destination: { city: ' ', state: 'PA' } },
      'Informe o município de destino.',
    ],
    ['origin', { ...sampleQuote, origin: 42 }, 'Informe a origem com município e UF.'],
    ['destination', { ...sampleQuote, destination: null }, 'Informe o destino com município e UF.'],
    [
      'origin.state',
      { ...sampleQuote, origin: 'Campinas' },
      'Informe a UF com a sigla do estado, por exemplo SP ou PA.',
    ],
    [
      'origin.city',
      { ...sampleQuote, origin: { city: 'Zona Franca', state: 'AM' } },
      'Não encontramos o município de origem “Zona Franca” em AM: confira o nome e a UF.',
    ],
    [
      'destination.city',
      { ...sampleQuote, destination: { city: 'Macapá', state: 'PA' } },
      'Não encontramos o município de destino “Macapá” em PA: confira o nome e a UF.',
    ],
    [
      'destination.city',
      { ...sampleQuote, destination: { city: 'campinas', state: 'SP' } },
      'O destino deve ser outro município que não a origem.',
    ],
    ['cargoType', { ...sampleQuote, cargoType: 'gado' }, 'Escolha o tipo de carga da lista.'],
    [
      'segment',
      { ...sampleQuote, segment: 'moda' },
      'Escolha o segmento: bebidas, alimentos, quimicos, industrial, tecnologia.',
    ],
    ['cnpj', { ...sampleQuote, cnpj: '12.ABC.345/01DE-36' }, 'CNPJ inválido: confira os dígitos verificadores.'],
    ['cnpj', { ...sampleQuote, cnpj: '11.222.333/0001-82' }, 'CNPJ inválido: confira os dígitos verificadores.'],
    ['goodsValue', { ...sampleQuote, goodsValue: 10.001 }, 'Use no máximo duas casas decimais no valor: os centavos.'],
    [
      'goodsValue',
      { ...sampleQuote, goodsValue: '150.000,00' },
      'Informe o valor da mercadoria em reais, como número.',
    ],
    ['frequency', { ...sampleQuote, frequency: 'sempre' }, 'Escolha a frequência: avulsa, semanal, quinzenal, mensal.'],
    ['weightTons', { ...sampleQuote, weightTons: 0 }, 'O peso deve ser maior que zero.'],
    ['weightTons', { ...sampleQuote, weightTons: -3 }, 'O peso deve ser maior que zero.'],
    ['weightTons', { ...sampleQuote, weightTons: 45.01 }, 'O peso máximo por carga é 45 toneladas.'],
    ['weightTons', { ...sampleQuote, weightTons: '20' }, 'Informe o peso em toneladas, como número.'],
    [
      'weightTons',
      { ...sampleQuote, weightTons: 27.1234 },
      'Use no máximo três casas decimais no peso: a precisão é de 1 kg.',
    ],
    [
      'weightTons',
      { ...sampleQuote, vehicle: '28t', weightTons: 28.5 },
      'O peso excede a capacidade do veículo escolhido.',
    ],
    ['vehicle', { ...sampleQuote, vehicle: '60t' }, 'Escolha o veículo: 28t ou 45t.'],
    ['pickupDate', { ...sampleQuote, pickupDate: daysFromToday(-1) }, 'A data de coleta não pode estar no passado.'],
    ['pickupDate', { ...sampleQuote, pickupDate: '31/12/2099' }, 'Use uma data no formato AAAA-MM-DD.'],
    ['pickupDate', { ...sampleQuote, pickupDate: '2099-02-30' }, 'Use uma data no formato AAAA-MM-DD.'],
    ['notes', { ...sampleQuote, notes: 'n'.repeat(2001) }, 'Use no máximo 2000 caracteres.'],
    ['email', { ...sampleQuote, email: 'carlos@' }, 'Informe um e-mail válido, como nome@empresa.com.br.'],
    ['name', { ...sampleQuote, name: '' }, 'Informe seu nome.'],
  ])('rejects an invalid %s with 400 and a Portuguese message for it', async (field, body, message) => {
    const { app, repository } = await freshApp();
    const res = await post(app).send(body);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      success: false,
      code: expect.any(String),
      message: 'Verifique os campos destacados e tente novamente.',
      errors: { [field]: message },
    });
    expect((await repository.quotes.listQuotes(1, 10)).total).toBe(0);
  });

  it.each([
    ['5e-324', 'Use no máximo três casas decimais no peso: a precisão é de 1 kg.'],
    ['0.0004', 'Use no máximo três casas decimais no peso: a precisão é de 1 kg.'],
    ['1e999', 'Informe o peso em toneladas, como número.'],
    ['-0', 'O peso deve ser maior que zero.'],
  ])('refuses a weight of %s, which no one weighs, as JSON writes it', async (weight, message) => {
    const { app, repository } = await freshApp();
    const body = JSON.stringify({ ...sampleQuote, weightTons: 1 }).replace('"weightTons":1', `"weightTons":${weight}`);
    const res = await post(app).set('Content-Type', 'application/json').send(body);
    expect([res.status, res.body.errors]).toEqual([400, { weightTons: message }]);
    expect((await repository.quotes.listQuotes(1, 1)).total).toBe(0);
  });

  it.each([0.001, 27.125, 45])('keeps a weight of %s t, to the kilogram', async (weightTons) => {
    const { app } = await freshApp();
    const res = await post(app).send({ ...sampleQuote, weightTons });
    expect([res.status, res.body.data?.weightTons]).toEqual([201, weightTons]);
  });

  it('stores the structured quote of the form, its places as IBGE writes them and its CNPJ as the Receita does', async () => {
    const { app, repository } = await freshApp();
    const res = await post(app).send(structuredQuote);
    expect(res.status).toBe(201);
    expect(res.body.data).toEqual({
      ...structuredQuote,
      origin: { city: 'São José dos Campos', state: 'SP' },
      destination: { city: 'Macapá', state: 'AP' },
      cnpj: '12.ABC.345/01DE-35',
      id: expect.stringMatching(UUID),
      status: 'new',
      createdAt: expect.any(String),
    });
    expect(await repository.quotes.getQuote(res.body.data.id)).toEqual(res.body.data);
  });

  it('reads a place sent as one text, "Cidade/UF", as the first API\'s clients may', async () => {
    const { app } = await freshApp();
    const res = await post(app).send({ ...sampleQuote, origin: 'campinas/sp', destination: 'Belém – PA' });
    expect([res.status, res.body.data?.origin, res.body.data?.destination]).toEqual([
      201,
      { city: 'Campinas', state: 'SP' },
      { city: 'Belém', state: 'PA' },
    ]);
  });

  it('accepts notes of exactly 2000 characters', async () => {
    const { app } = await freshApp();
    expect((await post(app).send({ ...sampleQuote, notes: 'n'.repeat(2000) })).status).toBe(201);
  });

  it('reports every missing required field at once', async () => {
    const { app } = await freshApp();
    const res = await post(app).send({});
    expect(Object.keys(res.body.errors)).toEqual(['name', 'email', 'origin', 'destination', 'cargoType', 'weightTons']);
  });

  it.each(['text/plain'])('answers %s with 415: quotes take JSON or the form', async (type) => {
    const { app, repository } = await freshApp();
    const res = await post(app).set('Content-Type', type).send('name=Carlos');
    expect(res.status).toBe(415);
    expect(res.body).toEqual({
      success: false,
      code: expect.any(String),
      message: expect.any(String),
    });
    expect((await repository.quotes.listQuotes(1, 10)).total).toBe(0);
  });

  it('answers a body over 16 KB with 413 JSON', async () => {
    const { app } = await freshApp();
    const res = await post(app).send({ ...sampleQuote, notes: 'x'.repeat(17_000) });
    expect(res.status).toBe(413);
    expect(res.body).toEqual({
      success: false,
      code: expect.any(String),
      message: 'O conteúdo enviado excede o limite de 16 KB.',
    });
  });

  it('replays the whole quote for a repeated Idempotency-Key', async () => {
    const { app, repository } = await freshApp();
    const first = await post(app).set('Idempotency-Key', 'q-1').send(fullQuote);
    const second = await post(app).set('Idempotency-Key', 'q-1').send(fullQuote);
    expect(second.status).toBe(201);
    expect(second.headers['idempotent-replayed']).toBe('true');
    expect(second.body).toEqual(first.body);
    expect((await repository.quotes.listQuotes(1, 10)).total).toBe(1);
  });

  it('stores another quote sent with a key already used, rather than telling that it was', async () => {
    const { app, repository } = await freshApp();
    await post(app).set('Idempotency-Key', 'q-2').send(sampleQuote);
    const res = await post(app)
      .set('Idempotency-Key', 'q-2')
      .send({ ...sampleQuote, weightTons: 10 });
    expect(res.status).toBe(201);
    expect(res.headers['idempotent-replayed']).toBeUndefined();
    expect((await repository.quotes.listQuotes(1, 10)).total).toBe(2);
  });
});
