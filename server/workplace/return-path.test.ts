import { describe, expect, it } from 'vitest';
import { safeReturnPath, withReturn } from './return-path';

// The return path through sign-in (docs/requirements.md §6.4) must never become an open redirect.

describe('the return path after sign-in', () => {
  it.each([
    ['/painel/leads/0b7c2f4e-1a2b-4c3d-8e9f-0123456789ab', '/painel/leads/0b7c2f4e-1a2b-4c3d-8e9f-0123456789ab'],
    ['/painel?visao=atrasados&q=a%C3%A7a%C3%AD', '/painel?visao=atrasados&q=a%C3%A7a%C3%AD'],
    ['/painel', '/painel'],
    ['/painel/suspeitos#x', '/painel/suspeitos'],
  ])('takes %s as %s', (value, path) => {
    expect(safeReturnPath(value)).toBe(path);
  });

  it.each([
    'https://evil.example/painel',
    '//evil.example/painel',
    '/\\evil.example/painel',
    '\\\\evil.example/painel',
    '/painel/../entrar',
    '/painel/%2e%2e/entrar',
    '/painel/..%2f..%2f/x',
    '/painelx',
    '/entrar',
    'painel/leads',
    'javascript:alert(1)',
    '/painel\r\nSet-Cookie: x=1',
    '/painel\tx',
    ' /painel',
    `/painel/${'a'.repeat(1000)}`,
    '',
  ])('refuses %j', (value) => {
    expect(safeReturnPath(value)).toBeUndefined();
  });

  it('refuses what is not a string', () => {
    expect(safeReturnPath(['/painel/leads/1'])).toBeUndefined();
    expect(safeReturnPath({ path: '/painel' })).toBeUndefined();
  });

  it('carries a path in the query, and leaves the panel’s home out', () => {
    expect(withReturn('/entrar', '/painel/leads/1')).toBe('/entrar?volta=%2Fpainel%2Fleads%2F1');
    expect(withReturn('/entrar/codigo/confirmar?email=a%40b.br', '/painel/x')).toBe(
      '/entrar/codigo/confirmar?email=a%40b.br&volta=%2Fpainel%2Fx',
    );
    expect(withReturn('/entrar', '/painel')).toBe('/entrar');
    expect(withReturn('/entrar', undefined)).toBe('/entrar');
  });
});
