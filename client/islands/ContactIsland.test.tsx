// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { LEAD_FORM_ID, STAMP_FIELD } from '../../shared/contact-form';
import { contactForm } from '../../shared/content';
import { type Reply, startReceiver } from '../../test/support/http-receiver';
import ContactIsland from './ContactIsland';

// The real island against a real HTTP peer that answers as the API does; the whole path through
// the real server is covered in Chromium (e2e/contact-form*.browser.test.ts). jsdom's fetch has no
// page origin to resolve "/api/contacts" against, so the receiver's address is put in front.
async function apiAnswering(answer: () => Reply | Promise<Reply>) {
  const api = await startReceiver(answer);
  const realFetch = globalThis.fetch;
  vi.stubGlobal('fetch', (input: string, init?: RequestInit) => realFetch(new URL(input, api.url), init));
  return api.requests;
}

const created: Reply = {
  status: 201,
  body: {
    success: true,
    message: 'Solicitação enviada com sucesso!',
    data: { id: '4f7c2a8e-0d1b-4c3e-9a5f-6b7d8e9f0a1b', createdAt: '2026-11-22T12:00:00.000Z' },
  },
};

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

const fill = (fields: Record<string, string>) => {
  for (const [name, value] of Object.entries(fields)) {
    fireEvent.change(document.querySelector(`[name="${name}"]`)!, { target: { value } });
  }
};
const submit = () => fireEvent.submit(document.querySelector('form')!);
const button = () => screen.getByRole('button', { name: /Enviar solicitação|Enviando/ });
const fieldValue = (name: string) => (document.querySelector(`[name="${name}"]`) as HTMLInputElement).value;

describe('the contact form island', () => {
  it('shows the submitting state, sends one request with exactly what was typed, then the success toast and clears the fields', async () => {
    let release = () => {};
    const released = new Promise<void>((resolve) => (release = resolve));
    const requests = await apiAnswering(async () => {
      await released;
      return created;
    });
    render(<ContactIsland />);
    fill({ name: 'Ana Souza', email: 'ana@empresa.com.br', phone: '  ', company: '', message: 'Carga SP → Manaus' });
    submit();

    await waitFor(() => expect((button() as HTMLButtonElement).disabled).toBe(true));
    expect(button().textContent).toBe(contactForm.submitting);
    submit();
    await waitFor(() => expect(requests).toHaveLength(1));
    release();

    expect(await screen.findByText(contactForm.successTitle)).toBeTruthy();
    expect(screen.getByText(contactForm.successDescription)).toBeTruthy();
    expect(fieldValue('name')).toBe('');
    expect(fieldValue('message')).toBe('');
    await waitFor(() => expect((button() as HTMLButtonElement).disabled).toBe(false));
    expect(requests).toHaveLength(1);
    const [sent] = requests;
    expect(sent).toMatchObject({ method: 'POST', url: '/api/contacts' });
    expect(JSON.parse(sent!.body)).toEqual({
      name: 'Ana Souza',
      email: 'ana@empresa.com.br',
      message: 'Carga SP → Manaus',
      source: { form: 'contato', page: '/' },
    });
    expect(sent!.headers['idempotency-key']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('hints at a likely e-mail typo when the field is left, fills the fix in one tap, and still sends either', async () => {
    const requests = await apiAnswering(() => created);
    render(<ContactIsland />);
    const email = document.querySelector<HTMLInputElement>('[name="email"]')!;

    fill({ name: 'Ana Souza', email: 'ana@gmail.con', message: 'Carga SP → Manaus' });
    fireEvent.blur(email);

    const hint = (await screen.findByText(/Você quis dizer/)).closest('p')!;
    expect(hint.getAttribute('aria-live')).toBe('polite');
    expect(hint.textContent).toBe('Você quis dizer ana@gmail.com?');
    expect(email.getAttribute('aria-describedby')).toContain(hint.id);
    fireEvent.click(screen.getByRole('button', { name: 'ana@gmail.com' }));
    expect(fieldValue('email')).toBe('ana@gmail.com');
    expect(hint.textContent).toBe('');

    fill({ email: 'ana@hotmial.com' });
    fireEvent.blur(email);
    expect(hint.textContent).toBe('Você quis dizer ana@hotmail.com?');
    submit();
    await waitFor(() => expect(requests).toHaveLength(1));
    expect(JSON.parse(requests[0]!.body)).toMatchObject({ email: 'ana@hotmial.com' });
  });

  it('sends the render stamp the page wrote after the form, tied to it by its id', async () => {
    const requests = await apiAnswering(() => created);
    render(<ContactIsland />);
    // As the server writes it: the last element of the page, outside the form's own markup.
    const stamp = Object.assign(document.createElement('input'), { type: 'hidden', name: STAMP_FIELD });
    stamp.value = '1764160000000.c2lnbmF0dXJlLXNpZ25hdHVyZQ';
    stamp.setAttribute('form', LEAD_FORM_ID);
    document.body.append(stamp);
    onTestFinished(() => stamp.remove());
    fill({ name: 'Ana Souza', email: 'ana@empresa.com.br', message: 'Carga SP → Manaus' });
    submit();
    await waitFor(() => expect(requests).toHaveLength(1));
    expect(JSON.parse(requests[0]!.body)).toMatchObject({ [STAMP_FIELD]: stamp.value, name: 'Ana Souza' });
  });

  it("shows the server's message in the error toast, its field errors beside the fields, and keeps the fields", async () => {
    await apiAnswering(() => ({
      status: 400,
      body: {
        success: false,
        code: 'INVALID_FIELDS',
        message: 'Verifique os campos destacados e tente novamente.',
        errors: { email: 'Informe um e-mail válido, como nome@empresa.com.br.' },
      },
    }));
    render(<ContactIsland />);
    fill({ name: 'Ana', email: 'ana@', message: 'Olá' });
    submit();
    expect(await screen.findByText(contactForm.errorTitle)).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toContain('Verifique os campos destacados');
    expect(screen.getByText('Informe um e-mail válido, como nome@empresa.com.br.')).toBeTruthy();
    expect(screen.getByLabelText(/E-mail/).getAttribute('aria-invalid')).toBe('true');
    expect(fieldValue('email')).toBe('ana@');
    expect(fieldValue('name')).toBe('Ana');
  });

  it('shows "Erro ao enviar solicitação" when the reply has no success flag', async () => {
    await apiAnswering(() => ({ status: 200, body: { message: 'ok' } }));
    render(<ContactIsland />);
    fill({ name: 'Ana', email: 'ana@empresa.com.br', message: 'Olá' });
    submit();
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toBe(`${contactForm.errorTitle}${contactForm.errorTitle}`),
    );
  });

  it('falls back to "Tente novamente mais tarde." when the server cannot be reached, after three retries', async () => {
    const attempts = vi.fn(() => Promise.reject(new TypeError('Failed to fetch')));
    vi.stubGlobal('fetch', attempts);
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    render(<ContactIsland />);
    fill({ name: 'Ana', email: 'ana@empresa.com.br', message: 'Olá' });
    submit();
    // The retries wait 1 s, 2 s and 4 s: the clock is moved on rather than waited for.
    await vi.advanceTimersByTimeAsync(7_000);
    vi.useRealTimers();

    expect(await screen.findByText(contactForm.errorFallback)).toBeTruthy();
    expect(attempts).toHaveBeenCalledTimes(4);
    expect(fieldValue('name')).toBe('Ana');
  });

  it('sends the same content again with the same Idempotency-Key, and other content with a new one', async () => {
    const limited: Reply = {
      status: 429,
      body: { success: false, code: 'RATE_LIMITED', message: 'Muitas solicitações' },
    };
    const requests = await apiAnswering(() => limited);
    render(<ContactIsland />);
    const sendAndWait = async (count: number) => {
      submit();
      await waitFor(() => expect(requests).toHaveLength(count));
      await waitFor(() => expect((button() as HTMLButtonElement).disabled).toBe(false));
    };
    fill({ name: 'Ana', email: 'ana@empresa.com.br', message: 'Olá' });
    await sendAndWait(1);
    await sendAndWait(2);
    fill({ message: 'Olá, de novo' });
    await sendAndWait(3);

    const [first, again, changed] = requests.map((request) => request.headers['idempotency-key']);
    expect(again).toBe(first);
    expect(changed).not.toBe(first);
    expect(screen.getAllByRole('alert')).toHaveLength(1);
  });

  it('renders the outcome of a post without JavaScript', () => {
    render(
      <ContactIsland
        sent
        formError="Muitas solicitações"
        values={{ name: 'Zé' }}
        errors={{ email: 'Informe seu e-mail.' }}
      />,
    );
    expect(screen.getByRole('status').textContent).toContain(contactForm.successTitle);
    expect(screen.getByRole('alert').textContent).toBe('Muitas solicitações');
    expect(fieldValue('name')).toBe('Zé');
    expect(screen.getByLabelText(/E-mail/).getAttribute('aria-invalid')).toBe('true');
  });
});
