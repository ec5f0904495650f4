import { useEffect, useRef } from 'react';
import { fieldId } from './QuoteFields';

/** A field's problem as the list above the form names it: the field's label and its message. */
export type FormProblem = { field: string; label: string; message: string };

type Props = {
  message?: string;
  problems: FormProblem[];
  /** Changes each time the island finds problems anew: the alert takes the focus again. */
  shownAt?: number;
};

/**
 * What went wrong with a post, above the form (docs/requirements.md §4.5, §4.6): the message, then
 * each field's problem linked to its field, as GOV.UK's error summary does. It takes the focus: when
 * the page arrives with it (the browser's `autofocus`, without JavaScript) and when the island finds
 * problems, so that a phone scrolled to the button at the bottom shows it, and a screen reader reads it.
 */
export function FormAlert({ message, problems, shownAt }: Props) {
  const alert = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (shownAt) alert.current?.focus();
  }, [shownAt]);
  if (!message && problems.length === 0) return null;
  return (
    // biome-ignore lint/a11y/noAutofocus: the page exists to say what went wrong; the focus goes where it is said.
    <div ref={alert} className="contact-form__alert form-alert" role="alert" tabIndex={-1} autoFocus>
      {message && <p>{message}</p>}
      {problems.length > 0 && (
        <ul>
          {problems.map(({ field, label, message: problem }) => (
            <li key={field}>
              <a href={`#${fieldId(field)}`}>
                {label}: {problem}
              </a>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
