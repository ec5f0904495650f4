import request from 'supertest';
import { describe, expect, it, vi } from 'vitest';
import { createTestApp } from '../../test/support/app';

vi.mock('../../client/App', () => ({
  App: () => {
    throw new Error('segredo interno do servidor');
  },
}));

describe('a page whose shell fails to render', () => {
  it('answers 500 with the static Portuguese page and no detail of the failure', async () => {
    const { app, logs } = createTestApp();
    const res = await request(app).get('/');
    expect(res.status).toBe(500);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.text).toContain('<html lang="pt-BR">');
    expect(res.text).toContain('Tente novamente em alguns instantes');
    expect(res.text).not.toContain('segredo interno');
    expect(res.text).not.toMatch(/at .*\.tsx?:\d+/);
    expect(logs.some((line) => line.level === 'error' && line.path === '/')).toBe(true);
  });
});
