import { type HTMLInputAutoCompleteAttribute, useId } from 'react';
import type { ContactField } from '../../shared/contact-form';
import { contactForm } from '../../shared/content';

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
  const { label, placeholder } = contactForm.fields[name];
  const common = {
    id,
    name,
    placeholder,
    required,
    defaultValue,
    className: 'field__control',
    'aria-invalid': error ? true : undefined,
    'aria-describedby': error ? errorId : undefined,
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
      {multiline ? <textarea {...common} rows={5} /> : <input {...common} type={type} autoComplete={autoComplete} />}
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
