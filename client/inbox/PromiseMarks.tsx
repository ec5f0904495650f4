import type { PromiseState } from '../../shared/business-hours';

// Where a waiting lead stands against the promise of 2 business hours (docs/requirements.md §9.4),
// drawn alike in the list and on the lead's page: words first, an icon beside them, and colour only
// repeating both (WCAG 1.4.1), so that a late lead reads as late in greyscale and to a screen reader.

/** The promise's state in words. */
const PROMISE_LABELS: Record<PromiseState, string> = {
  within: 'No prazo',
  at_risk: 'Vence em breve',
  overdue: 'Atrasado',
};

/** A shape per state, hidden from screen readers: the words beside it already say it. */
const ICONS: Record<PromiseState, string> = { within: '○', at_risk: '◔', overdue: '!' };

/** The state's mark: 'Atrasado', 'Vence em breve', 'No prazo'. */
export const PromiseMark = ({ state }: { state: PromiseState }) => (
  <span className={`inbox-promise inbox-promise--${state}`}>{PROMISE_LABELS[state]}</span>
);

/** 'Responder até hoje, 15h30', with the state's icon; bold once it is near or past. */
export const DueTime = ({ state, due }: { state: PromiseState; due: string }) => (
  <span className={`inbox-due inbox-due--${state}`}>
    <span className="inbox-due__icon" aria-hidden="true">
      {ICONS[state]}
    </span>{' '}
    Responder até {due}
  </span>
);
