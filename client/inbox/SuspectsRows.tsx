import type { ContactFields } from '../../shared/contact';
import { readableInSaoPaulo } from '../../shared/sao-paulo-time';
import { type Finding, SUSPECT_REASONS, SUSPECT_THRESHOLD, type SuspectState } from '../../shared/spam';
import { sourceText } from './InboxRows';

/** A held post as the folder shows it (server/spam/sql-store.ts's Suspect). */
export type ShownSuspect = {
  id: string;
  createdAt: string;
  fields: ContactFields;
  findings: Finding[];
  score: number;
  markedAt?: string;
};

type Props = { posts: ShownSuspect[]; state: SuspectState; now: string; back: { estado: string; apos: string } };

const decimals = new Intl.NumberFormat('pt-BR', { minimumFractionDigits: 1, maximumFractionDigits: 2 });

/** A weight as the team reads it, '1,0' or '−0,3': the minus sign, not a hyphen, so it reads as one. */
export const weightText = (weight: number) => decimals.format(weight).replace('-', '−');

/** How long ago, in the largest unit that is at least one: 'há 5 min', 'há 3 h' (up to 47), 'há 2 dias'. */
export function agoText(instant: string, now: string) {
  const minutes = Math.max(0, Math.floor((Date.parse(now) - Date.parse(instant)) / 60_000));
  if (minutes < 1) return 'há pouco';
  if (minutes < 60) return `há ${minutes} min`;
  const hours = Math.floor(minutes / 60);
  if (hours < 48) return `há ${hours} h`;
  return `há ${Math.floor(hours / 24)} dias`;
}

/** Each post whole, as it was sent (React escapes it; the message keeps its lines), and why it was held. */
export function SuspectsRows({ posts, state, now, back }: Props) {
  return (
    <ol className="inbox-list" aria-label="Envios, do mais novo ao mais antigo">
      {posts.map((post) => (
        <li key={post.id} className="inbox-item suspect-item">
          <div className="suspect-item__who">
            <label className="team-check suspect-item__pick">
              {/* In the bulk form above the list (SuspectsPage's BULK_FORM), not in this post's own forms. */}
              <input type="checkbox" name="ids" value={post.id} form="suspeitos-lote" /> Selecionar{' '}
              <span className="visually-hidden">{post.fields.name}</span>
            </label>
            <h2 className="inbox-item__name">{post.fields.name}</h2>
            <p className="inbox-item__arrival">
              chegou {agoText(post.createdAt, now)},{' '}
              <time dateTime={post.createdAt}>{readableInSaoPaulo(post.createdAt)}</time>
              {post.markedAt && <> · marcado em {readableInSaoPaulo(post.markedAt)}</>}
            </p>
            <dl className="suspect-item__facts">
              <div>
                <dt>E-mail</dt>
                <dd>{post.fields.email}</dd>
              </div>
              <div>
                <dt>Telefone</dt>
                <dd>{post.fields.phone ?? 'Não informado'}</dd>
              </div>
              <div>
                <dt>Empresa</dt>
                <dd>{post.fields.company ?? 'Não informada'}</dd>
              </div>
              <div>
                <dt>Origem</dt>
                <dd>{sourceText(post.fields.source)}</dd>
              </div>
            </dl>
            <p className="suspect-item__message">{post.fields.message}</p>
          </div>
          <div className="suspect-item__why">
            <h3>Por que foi retido</h3>
            {post.findings.length === 0 ? (
              <p>Chegou à caixa de entrada e a equipe o marcou como spam.</p>
            ) : (
              <>
                <ul className="suspect-reasons">
                  {post.findings.map((finding) => (
                    <li key={finding.reason}>
                      {SUSPECT_REASONS[finding.reason].label}{' '}
                      <span className="suspect-weight">(peso {weightText(finding.weight)})</span>
                      {finding.detail && <span className="suspect-detail">: {finding.detail}</span>}
                    </li>
                  ))}
                </ul>
                <p className="suspect-score">
                  Pontuação: <strong>{weightText(post.score)}</strong> (retido a partir de{' '}
                  {weightText(SUSPECT_THRESHOLD)})
                </p>
              </>
            )}
            <div className="suspect-actions">
              {/* Marking is the folder's usual answer; delivering is said in full, and is never the loud one. */}
              {state === 'suspect' && <Action id={post.id} to="spam" back={back} primary label="É spam" />}
              <Action id={post.id} to="liberar" back={back} label="Não é spam: entregar à equipe" />
            </div>
          </div>
        </li>
      ))}
    </ol>
  );
}

type ActionProps = { id: string; to: 'liberar' | 'spam'; back: Props['back']; label: string; primary?: boolean };

/** One button, its own form: it works without JavaScript, and its answer comes back to this tab and page. */
function Action({ id, to, back, label, primary }: ActionProps) {
  return (
    <form method="post" action={`/painel/suspeitos/${id}/${to}`}>
      {back.estado && <input type="hidden" name="estado" value={back.estado} />}
      {back.apos && <input type="hidden" name="apos" value={back.apos} />}
      <button className={`button ${primary ? 'button--primary' : 'button--ghost'}`} type="submit">
        {label}
      </button>
    </form>
  );
}
