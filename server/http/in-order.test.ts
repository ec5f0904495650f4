import express, { type ErrorRequestHandler, type RequestHandler } from 'express';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { inOrder } from './in-order';

function appWith(...handlers: RequestHandler[]) {
  const app = express();
  app.use(inOrder(...handlers));
  app.get('/', (_req, res) => void res.send(`fim ${res.getHeader('x-passos')}`));
  const onError: ErrorRequestHandler = (error, _req, res, _next) => void res.status(500).send(`erro: ${error.message}`);
  app.use(onError);
  return app;
}

const step =
  (name: string): RequestHandler =>
  (_req, res, next) => {
    res.setHeader('x-passos', `${res.getHeader('x-passos') ?? ''}${name}`);
    next();
  };

describe('inOrder', () => {
  it('runs each handler in turn, then the routes after it', async () => {
    const res = await request(appWith(step('a'), step('b'), step('c'))).get('/');
    expect(res.text).toBe('fim abc');
  });

  it('stops at a handler that answers', async () => {
    const answers: RequestHandler = (_req, res) => void res.status(400).send('recusado');
    const res = await request(appWith(step('a'), answers, step('c'))).get('/');
    expect([res.status, res.text, res.headers['x-passos']]).toEqual([400, 'recusado', 'a']);
  });

  it('hands an error to the error handler, passed on or thrown, even after an asynchronous step', async () => {
    const later: RequestHandler = (_req, _res, next) => void setImmediate(next);
    const passes: RequestHandler = (_req, _res, next) => next(new Error('passado'));
    const throws: RequestHandler = () => {
      throw new Error('lançado');
    };
    expect((await request(appWith(step('a'), passes, step('c'))).get('/')).text).toBe('erro: passado');
    expect((await request(appWith(later, throws, step('c'))).get('/')).text).toBe('erro: lançado');
  });
});
