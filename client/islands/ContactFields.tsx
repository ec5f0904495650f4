import { type HTMLInputAutoCompleteAttribute, useId, useRef, useState } from 'react';
import type { ContactField } from '../../shared/contact-form';
import { contactForm } from '../../shared/content';
import { emailTypoSuggestion } from '../../shared/email-typos';

type FieldProps = {
  name: ContactField;
  type?: 'text' | 'email' | 'tel';
  autoComplete?: HTMLInputAutoCompleteAttribute;
  required?: boolean;
  multiline?: boolean;
  defaultValue?: string;
  error?: string;
};

/** One labelled field; its error, when there is one, is tied to it for screen readers. */
export function Field({
  name,
  type = 'text',
  autoComplete,
  required = false,
  multiline = false,
  defaultValue,
  error,
}: FieldProps) {
  const id = useId();
  const errorId = `${id}-erro`;
  const hintId = `${id}-dica`;
  const { label, placeholder } = contactForm.fields[name];
  const input = useRef<HTMLInputElement>(null);
  // An address that looks misspelt ('gmail.con') gets a hint when the field is left: never a refusal.
  const [suggestion, setSuggestion] = useState<string>();
  const email = type === 'email';
  const common = {
    id,
    name,
    placeholder,
    required,
    defaultValue,
    className: 'field__control',
    'aria-invalid': error ? true : undefined,
    'aria-describedby': [error && errorId, email && suggestion && hintId].filter(Boolean).join(' ') || undefined,
  };
  return (
    <div className={`field field--${name}`}>
      <label className="field__label" htmlFor={id}>
        {label}
        {required && (
          <span className="field__required" aria-hidden="true">
            {' *'}
          </span>
        )}
      </label>
      {multiline ? (
        <textarea {...common} rows={5} />
      ) : (
        <input
          {...common}
          ref={input}
          type={type}
          autoComplete={autoComplete}
          onBlur={email ? (event) => setSuggestion(emailTypoSuggestion(event.currentTarget.value)) : undefined}
        />
      )}
      {email && (
        // A live region present from the start, so that the hint is read out when it appears.
        <p className="field__hint" id={hintId} aria-live="polite">
          {suggestion && (
            <>
              Você quis dizer{' '}
              <button
                type="button"
                className="field__suggestion"
                onClick={() => {
                  if (input.current) input.current.value = suggestion;
                  setSuggestion(undefined);
                  input.current?.focus();
                }}
              >
                {suggestion}
              </button>
              ?
            </>
          )}
        </p>
      )}
      {error && (
        <p className="field__error" id={errorId}>
          {error}
        </p>
      )}
    </div>
  );
}

/** Hidden from people and assistive technology; only bots fill it in. */
export function HoneypotField({ name }: { name: string }) {
  return (
    <div className="field--trap" aria-hidden="true">
      <label>
        {contactForm.trapLabel}
        <input name={name} type="text" tabIndex={-1} autoComplete="off" defaultValue="" />
      </label>
    </div>
  );
}
