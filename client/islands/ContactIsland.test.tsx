// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import express from 'express';
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createTestApp } from '../../server/test-app';
import { contactForm } from '../../shared/content';
import ContactIsland from './ContactIsland';

// The real island against the real server on a real port; only the base address is added,
// since jsdom's fetch has no page origin to resolve "/api/contacts" against.
let server: Server;
let release: () => void = () => {};
let arrived: Promise<void>;
let repository: ReturnType<typeof createTestApp>['repository'];

async function startServer(gate: express.RequestHandler = (_req, _res, next) => next()) {
  const test = createTestApp();
  repository = test.repository;
  const outer = express().use('/api', gate).use(test.app);
  server = outer.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const realFetch = globalThis.fetch;
  vi.stubGlobal('fetch', (input: string, init?: RequestInit) => realFetch(new URL(input, base), init));
}

/** Holds each API request at the server until release() is called. */
function holdRequests(): express.RequestHandler {
  let markArrived: () => void;
  arrived = new Promise((resolve) => (markArrived = resolve));
  return (_req, _res, next) => {
    release = next;
    markArrived();
  };
}

beforeEach(() => {
  release = () => {};
});
afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  await new Promise((resolve) => server?.close(resolve));
});

const fill = (fields: Record<string, string>) => {
  for (const [name, value] of Object.entries(fields)) {
    fireEvent.change(document.querySelector(`[name="${name}"]`)!, { target: { value } });
  }
};
const submit = () => fireEvent.submit(document.querySelector('form')!);
const button = () => screen.getByRole('button', { name: /Enviar solicitação|Enviando/ });

describe('the contact form island', () => {
  it('shows the submitting state, then the success toast, clears the fields and stores exactly what was typed', async () => {
    await startServer(holdRequests());
    render(<ContactIsland />);
    fill({ name: 'Ana Souza', email: 'ana@empresa.com.br', phone: '  ', company: '', message: 'Carga SP → Manaus' });
    submit();

    await waitFor(() => expect((button() as HTMLButtonElement).disabled).toBe(true));
    expect(button().textContent).toBe(contactForm.submitting);
    submit();
    await arrived;
    release();

    expect(await screen.findByText(contactForm.successTitle)).toBeTruthy();
    expect(screen.getByText(contactForm.successDescription)).toBeTruthy();
    expect((document.querySelector('[name="name"]') as HTMLInputElement).value).toBe('');
    expect((document.querySelector('[name="message"]') as HTMLTextAreaElement).value).toBe('');
    await waitFor(() => expect((button() as HTMLButtonElement).disabled).toBe(false));
    const { items } = await repository.listContacts(1, 10);
    expect(items).toEqual([
      { id: expect.any(String), createdAt: expect.any(String), name: 'Ana Souza', email: 'ana@empresa.com.br', message: 'Carga SP → Manaus' },
    ]);
  });

  it("shows the server's message in the error toast and keeps the fields", async () => {
    await startServer();
    render(<ContactIsland />);
    fill({ name: 'Ana', email: 'ana@', message: 'Olá' });
    submit();
    expect(await screen.findByText(contactForm.errorTitle)).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toContain('Verifique os campos destacados');
    expect(screen.getByText('Informe um e-mail válido, como nome@empresa.com.br.')).toBeTruthy();
    expect((document.querySelector('[name="email"]') as HTMLInputElement).value).toBe('ana@');
    expect((document.querySelector('[name="name"]') as HTMLInputElement).value).toBe('Ana');
  });

  it('shows "Erro ao enviar solicitação" when the reply has no success flag', async () => {
    await startServer((_req, res) => {
      res.status(200).json({ message: 'ok' });
    });
    render(<ContactIsland />);
    fill({ name: 'Ana', email: 'ana@empresa.com.br', message: 'Olá' });
    submit();
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe(`${contactForm.errorTitle}${contactForm.errorTitle}`));
  });

  it('falls back to "Tente novamente mais tarde." when the server cannot be reached', { timeout: 20_000 }, async () => {
    await startServer();
    vi.stubGlobal('fetch', () => Promise.reject(new TypeError('Failed to fetch')));
    render(<ContactIsland />);
    fill({ name: 'Ana', email: 'ana@empresa.com.br', message: 'Olá' });
    submit();
    // Network failures are retried three times (1 s, 2 s, 4 s) before the visitor is told.
    expect(await screen.findByText(contactForm.errorFallback, undefined, { timeout: 15_000 })).toBeTruthy();
    expect((document.querySelector('[name="name"]') as HTMLInputElement).value).toBe('Ana');
  });

  it('renders the outcome of a post without JavaScript', () => {
    render(<ContactIsland sent formError="Muitas solicitações" values={{ name: 'Zé' }} errors={{ email: 'Informe seu e-mail.' }} />);
    expect(screen.getByRole('status').textContent).toContain(contactForm.successTitle);
    expect(screen.getByRole('alert').textContent).toBe('Muitas solicitações');
    expect((document.querySelector('[name="name"]') as HTMLInputElement).value).toBe('Zé');
    expect(screen.getByLabelText(/E-mail/).getAttribute('aria-invalid')).toBe('true');
  });
});
