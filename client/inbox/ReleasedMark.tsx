import { readableInSaoPaulo } from '../../shared/sao-paulo-time';

/**
 * A lead the filter held, released by a member (docs/decisions/045-spam-fairness.md): said where its
 * wait is shown, since its promise's clock started at the release, not at its arrival.
 */
export function ReleasedMark({ releasedAt }: { releasedAt?: string }) {
  if (!releasedAt) return null;
  return (
    <span className="inbox-item__arrival">
      liberado do Suspeitos <time dateTime={releasedAt}>{readableInSaoPaulo(releasedAt)}</time>: o prazo conta daí
    </span>
  );
}
