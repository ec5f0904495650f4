import type { PageNotice } from '../../shared/team';
import { Notice } from './TeamDocument';

/** Said where a passkey button would work with JavaScript. */
function NeedsJavaScript({ instead }: { instead: string }) {
  return (
    <noscript>
      <p className="team-notice team-notice--info">
        A chave de acesso precisa de JavaScript, que está desligado neste navegador. {instead}
      </p>
    </noscript>
  );
}

/** The live region the passkey script reports into: its errors and progress are read out. */
/** The return path a page was opened with, carried along the code's forms and links (docs/requirements.md §6.4). */
const Back = ({ back }: { back?: string }) => (back ? <input type="hidden" name="volta" value={back} /> : null);
const withBack = (path: string, back?: string) => (back ? `${path}?${new URLSearchParams({ volta: back })}` : path);

const PasskeyStatus = () => <p className="team-status" id="passkey-status" role="status" aria-live="polite" />;

export function SignInPage({ notice, back }: { notice?: PageNotice; back?: string }) {
  return (
    <section className="team-card" aria-labelledby="entrar-titulo">
      <h1 id="entrar-titulo">Entrar</h1>
      <p>Área da equipe de vendas. Entre com a chave de acesso (passkey) do seu celular ou computador.</p>
      <Notice notice={notice} />
      <button className="button button--primary button--large" type="button" data-passkey="sign-in" disabled>
        Entrar com chave de acesso
      </button>
      <NeedsJavaScript instead="Sem ele, entre com um código enviado ao seu e-mail." />
      <PasskeyStatus />
      <p className="team-aside">
        Perdeu suas chaves de acesso ou recebeu um convite?{' '}
        <a href={withBack('/entrar/codigo', back)}>Receba um código por e-mail</a>.
      </p>
    </section>
  );
}

export function CodeRequestPage({ notice, email = '', back }: { notice?: PageNotice; email?: string; back?: string }) {
  return (
    <section className="team-card" aria-labelledby="codigo-titulo">
      <h1 id="codigo-titulo">Código por e-mail</h1>
      <p>
        Enviamos um código de 6 dígitos ao e-mail de quem é da equipe. Ele vale 10 minutos e serve para cadastrar uma
        nova chave de acesso.
      </p>
      <Notice notice={notice} />
      <form method="post" action="/entrar/codigo" className="team-form">
        <Back back={back} />
        <div className="field">
          <label htmlFor="email">Seu e-mail</label>
          <input
            id="email"
            name="email"
            type="email"
            autoComplete="email"
            required
            maxLength={254}
            defaultValue={email}
          />
        </div>
        <button className="button button--primary" type="submit">
          Enviar código
        </button>
      </form>
      <p className="team-aside">
        <a href={withBack('/entrar', back)}>Voltar para a entrada</a>
      </p>
    </section>
  );
}

export function CodeEntryPage({ notice, email, back }: { notice?: PageNotice; email: string; back?: string }) {
  return (
    <section className="team-card" aria-labelledby="confirmar-titulo">
      <h1 id="confirmar-titulo">Digite o código</h1>
      <p>
        Se <strong>{email}</strong> for de alguém da equipe, o código chega em instantes. Confira também a caixa de
        spam.
      </p>
      <Notice notice={notice} />
      <form method="post" action="/entrar/codigo/confirmar" className="team-form">
        <input type="hidden" name="email" value={email} />
        <Back back={back} />
        <CodeField label="Código de 6 dígitos" help="Vale 10 minutos e 5 tentativas." />
        <button className="button button--primary" type="submit">
          Confirmar
        </button>
      </form>
      <form method="post" action="/entrar/codigo" className="team-aside">
        <input type="hidden" name="email" value={email} />
        <Back back={back} />
        <button className="team-link-button" type="submit">
          Enviar outro código
        </button>
      </form>
    </section>
  );
}

type InvitationProps = {
  token: string;
  email: string;
  /** `mailed`: a code goes to the address when asked; `handed`: whoever invited gave one with the link. */
  code: 'mailed' | 'handed';
  notice?: PageNotice;
};

export function InvitationPage({ token, email, code, notice }: InvitationProps) {
  return (
    <section className="team-card" aria-labelledby="convite-titulo">
      <h1 id="convite-titulo">Convite para a equipe</h1>
      <p>
        Este convite é para <strong>{email}</strong>.{' '}
        {code === 'mailed'
          ? 'Para confirmar que o e-mail é seu, enviamos um código a ele; depois você cadastra sua chave de acesso.'
          : 'Digite o código do convite que quem convidou você passou à parte (por telefone ou pessoalmente); depois você cadastra sua chave de acesso.'}
      </p>
      <Notice notice={notice} />
      <form method="post" action="/entrar/convite" className="team-form">
        <input type="hidden" name="token" value={token} />
        {code === 'handed' && (
          <CodeField
            label="Código do convite"
            help="6 dígitos. Não veio junto com o link: peça a quem convidou você."
          />
        )}
        <button className="button button--primary" type="submit">
          {code === 'mailed' ? 'Enviar código' : 'Continuar'}
        </button>
      </form>
    </section>
  );
}

export function SetupPage({
  token,
  notice,
  values = {},
}: {
  token: string;
  notice?: PageNotice;
  values?: Record<string, string>;
}) {
  return (
    <section className="team-card" aria-labelledby="configurar-titulo">
      <h1 id="configurar-titulo">Primeiro acesso</h1>
      <p>
        Você será a primeira pessoa administradora do site. Depois, cadastre sua chave de acesso e convide a equipe.
      </p>
      <Notice notice={notice} />
      <form method="post" action="/entrar/configurar" className="team-form">
        <input type="hidden" name="token" value={token} />
        <div className="field">
          <label htmlFor="name">Seu nome</label>
          <input id="name" name="name" autoComplete="name" required maxLength={100} defaultValue={values.name} />
        </div>
        <div className="field">
          <label htmlFor="email">Seu e-mail</label>
          <input
            id="email"
            name="email"
            type="email"
            autoComplete="email"
            required
            maxLength={254}
            defaultValue={values.email}
          />
        </div>
        <button className="button button--primary" type="submit">
          Continuar
        </button>
      </form>
    </section>
  );
}

/** A link that no longer works: used, expired, or never issued; said the same way for each. */
export function DeadLinkPage() {
  return (
    <section className="team-card" aria-labelledby="link-titulo">
      <h1 id="link-titulo">Link expirado ou já usado</h1>
      <p>
        Peça um novo convite a quem administra o site. Se você já é da equipe,{' '}
        <a href="/entrar/codigo">receba um código por e-mail</a>.
      </p>
    </section>
  );
}

export { NeedsJavaScript, PasskeyStatus };

/** A six-digit code's field, with what the person should know of it. */
function CodeField({ label, help }: { label: string; help: string }) {
  return (
    <div className="field">
      <label htmlFor="code">{label}</label>
      <input
        id="code"
        name="code"
        inputMode="numeric"
        autoComplete="one-time-code"
        pattern="[0-9]{6}"
        maxLength={6}
        required
        aria-describedby="code-help"
      />
      <p className="team-help" id="code-help">
        {help}
      </p>
    </div>
  );
}
