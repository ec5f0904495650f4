import { browserSupportsWebAuthn, startAuthentication, startRegistration } from '@simplewebauthn/browser';

// The team pages' one script: the passkey ceremonies, which need JavaScript (WebAuthn has no form
// of its own). Everything else on these pages is a plain form that works without it.

const status = document.getElementById('passkey-status');
const say = (text: string) => {
  if (status) status.textContent = text;
};

type Reply = { ok: boolean; data: { message?: string; redirect?: string; [key: string]: unknown } };

/** POSTs JSON and reads the reply, JSON or the site's plain-text refusal alike. */
async function post(url: string, body: unknown): Promise<Reply> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
    credentials: 'same-origin',
  });
  const text = await response.text();
  try {
    return { ok: response.ok, data: JSON.parse(text) };
  } catch {
    return { ok: response.ok, data: { message: text || 'Resposta inesperada do servidor. Tente de novo.' } };
  }
}

/** What a person reads when the browser's ceremony fails: cancelled and timed out look the same to it. */
function ceremonyFailure(error: unknown) {
  const name = (error as { name?: string })?.name;
  if (name === 'NotAllowedError' || name === 'AbortError')
    return 'A operação foi cancelada ou o tempo acabou. Tente de novo.';
  if (name === 'InvalidStateError') return 'Este aparelho já tem uma chave de acesso cadastrada nesta conta.';
  return 'Não foi possível usar a chave de acesso neste aparelho. Tente de novo ou use um código por e-mail.';
}

/**
 * The return path /entrar or /painel/conta was opened with (a lead an e-mail linked to): the server
 * judges it and answers where to go (server/workplace/return-path.ts).
 */
const volta = new URLSearchParams(window.location.search).get('volta') ?? undefined;

async function signIn() {
  const options = await post('/entrar/chave/opcoes', {});
  if (!options.ok) return say(options.data.message ?? 'Erro ao iniciar a entrada.');
  say('Confirme no seu aparelho…');
  const response = await startAuthentication({ optionsJSON: options.data as never });
  return finish(await post('/entrar/chave', { response, volta }));
}

async function register() {
  const name = document.querySelector<HTMLInputElement>('#passkey-name')?.value ?? '';
  const options = await post('/painel/conta/chaves/opcoes', {});
  if (!options.ok) return say(options.data.message ?? 'Erro ao iniciar o cadastro.');
  say('Confirme no seu aparelho…');
  const response = await startRegistration({ optionsJSON: options.data as never });
  return finish(await post('/painel/conta/chaves', { response, name, volta }));
}

function finish(reply: Reply) {
  if (reply.ok && reply.data.redirect) {
    say('Pronto. Abrindo…');
    window.location.assign(reply.data.redirect);
    return;
  }
  say(reply.data.message ?? 'Não deu certo. Tente de novo.');
}

const ACTIONS = { 'sign-in': signIn, register } as const;

for (const button of document.querySelectorAll<HTMLButtonElement>('button[data-passkey]')) {
  if (!browserSupportsWebAuthn()) {
    say('Este navegador não oferece chaves de acesso. Use outro navegador ou um código por e-mail.');
    continue;
  }
  const action = ACTIONS[button.dataset.passkey as keyof typeof ACTIONS];
  button.disabled = false;
  button.addEventListener('click', async () => {
    // One ceremony at a time: a double click would start a second that cancels the first.
    if (button.getAttribute('aria-busy') === 'true') return;
    button.setAttribute('aria-busy', 'true');
    try {
      await action();
    } catch (error) {
      say(ceremonyFailure(error));
    } finally {
      button.removeAttribute('aria-busy');
    }
  });
}
