import { createStore, del, entries, set } from 'idb-keyval';

// The driver's page's one script (docs/requirements.md §12.7; docs/decisions/065-driver-page-offline.md).
// On the North's roads the signal comes and goes: a tap is kept on the phone (IndexedDB, photos
// included) with its key and the time it happened, then sent; without a signal it waits and is sent
// once the browser is online again, oldest first. The server stores each key once, so a post that
// arrived but whose answer was lost is sent again harmlessly. Without this script the forms post as
// plain HTML forms.

/** One tap kept: where it goes, what it says (the form's fields and files), and how it is called. */
type Kept = { url: string; fields: [string, string | File][]; label: string; at: string };

const store = createStore('rota-norte-motorista', 'eventos');
/** How often kept taps are tried again while any wait: the `online` event is not to be trusted on phones. */
const RETRY_MS = 20_000;

const status = document.querySelector<HTMLElement>('[data-offline-status]');

function say(text: string, kind: 'ok' | 'error' | 'info') {
  if (!status) return;
  const line = document.createElement('p');
  line.className = `team-notice team-notice--${kind}`;
  line.setAttribute('role', kind === 'error' ? 'alert' : 'status');
  line.textContent = text;
  status.replaceChildren(line);
}

/** Sends one kept tap; true when it is settled (stored, or refused for good), false to try again later. */
async function send(key: string, kept: Kept) {
  const body = new FormData();
  for (const [name, value] of kept.fields) body.append(name, value);
  let response: Response;
  try {
    response = await fetch(kept.url, { method: 'POST', body, headers: { Accept: 'application/json' } });
  } catch {
    return false;
  }
  // A server error or the rate passes by itself: kept for the next try.
  if (response.status >= 500 || response.status === 429) return false;
  const reply = (await response.json().catch(() => ({}))) as { message?: string };
  await del(key, store);
  if (response.ok) say(reply.message ?? `Registrado: ${kept.label}.`, 'ok');
  else say(`${kept.label}: ${reply.message ?? 'não registrado.'}`, 'error');
  return true;
}

/** Every kept tap, oldest first, each once; false at the first that cannot go yet. */
async function sendKept() {
  const waiting = (await entries<string, Kept>(store)).toSorted(([, a], [, b]) => a.at.localeCompare(b.at));
  for (const [key, kept] of waiting) if (!(await send(key, kept))) return false;
  return true;
}

let flushing = false;
/** Whether a tap (or the signal's return) asked for a flush since the running one read its list. */
let asked = false;
/**
 * Sends what is kept. A tap made while a flush is under way is not in the list that flush read: it
 * asks for another round, so it is sent as soon as the one before is settled, not at the next retry
 * twenty seconds on, with nothing said meanwhile (docs/requirements.md §12.7: a tap is kept, then sent).
 */
async function flush() {
  asked = true;
  if (flushing) return;
  flushing = true;
  try {
    while (asked) {
      asked = false;
      if (!(await sendKept())) break;
    }
    const left = (await entries(store)).length;
    if (left > 0)
      say(
        `Sem sinal: ${left === 1 ? '1 registro guardado' : `${left} registros guardados`} no celular. Enviaremos assim que o sinal voltar.`,
        'info',
      );
  } finally {
    flushing = false;
  }
}

for (const form of document.querySelectorAll<HTMLFormElement>('form[data-offline]')) {
  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    const data = new FormData(form);
    const key = String(data.get('chave'));
    data.set('quando', new Date().toISOString());
    const kept: Kept = {
      url: form.action,
      fields: [...data.entries()],
      label: form.dataset.offline ?? 'Registro',
      at: new Date().toISOString(),
    };
    await set(key, kept, store);
    // The next tap of this form is another event: its own key (a double tap before this line reuses it).
    form.querySelector<HTMLInputElement>('input[name="chave"]')!.value = crypto.randomUUID();
    if (!navigator.onLine) say('Sem sinal: guardado no celular. Enviaremos assim que o sinal voltar.', 'info');
    await flush();
  });
}

const locate = document.querySelector<HTMLButtonElement>('[data-offline-locate]');
if (locate && 'geolocation' in navigator) {
  locate.hidden = false;
  locate.addEventListener('click', () => {
    say('Buscando a sua localização…', 'info');
    navigator.geolocation.getCurrentPosition(
      ({ coords }) => {
        for (const input of document.querySelectorAll<HTMLInputElement>('input[name="lat"]'))
          input.value = String(coords.latitude);
        for (const input of document.querySelectorAll<HTMLInputElement>('input[name="lon"]'))
          input.value = String(coords.longitude);
        say('Localização pronta: o próximo registro leva a cidade mais próxima.', 'ok');
      },
      () => say('Não foi possível obter a localização: digite a cidade.', 'error'),
      { timeout: 15_000, maximumAge: 300_000 },
    );
  });
}

window.addEventListener('online', () => void flush());
setInterval(() => void flush(), RETRY_MS);
void flush();
