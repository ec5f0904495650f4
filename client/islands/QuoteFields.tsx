import type { ReactNode } from 'react';
import { quoteForm } from '../../shared/content';
import type { QuoteFormField } from '../../shared/quote-form';

type LabelProps = { htmlFor: string; text: string; required?: boolean; unseen?: string };

/** A field's label; `unseen`, read by screen readers only, completes a short one ('UF' → 'UF de origem'). */
export function Label({ htmlFor, text, required = false, unseen }: LabelProps) {
  return (
    <label className="field__label" htmlFor={htmlFor}>
      {text}
      {unseen && <span className="visually-hidden">{unseen}</span>}
      {required && (
        <span className="field__required" aria-hidden="true">
          {' *'}
        </span>
      )}
    </label>
  );
}

/**
 * A form field's id from the name it posts ('origin.city' → 'campo-origin-city'): stable, so that the
 * list of problems above the form (FormAlert.tsx) links to each field. One such form per page.
 */
export const fieldId = (name: string) => `campo-${name.replace('.', '-')}`;

export function FieldError({ id, error }: { id: string; error?: string }) {
  return error ? (
    <p className="field__error" id={id}>
      {error}
    </p>
  ) : null;
}

type ControlProps = {
  id: string;
  name: QuoteFormField;
  className: string;
  required: boolean;
  defaultValue?: string;
  'aria-invalid'?: true;
  'aria-describedby'?: string;
};

/** One labelled field of the quote form, its control drawn by `control`; its error tied to it for screen readers. */
export function QuoteField({
  name,
  required = false,
  wide = false,
  value,
  error,
  control,
}: {
  name: Exclude<QuoteFormField, `${string}.${string}` | 'frequency'>;
  required?: boolean;
  wide?: boolean;
  value?: string;
  error?: string;
  control: (props: ControlProps, placeholder?: string) => ReactNode;
}) {
  const id = fieldId(name);
  const { label, ...rest } = quoteForm.fields[name];
  const placeholder = 'placeholder' in rest ? rest.placeholder : undefined;
  return (
    <div className={`field field--${name}${wide ? ' field--wide' : ''}`}>
      <Label htmlFor={id} text={label} required={required} />
      {control(
        {
          id,
          name,
          className: 'field__control',
          required,
          defaultValue: value,
          'aria-invalid': error ? true : undefined,
          'aria-describedby': error ? `${id}-erro` : undefined,
        },
        placeholder,
      )}
      <FieldError id={`${id}-erro`} error={error} />
    </div>
  );
}

/** A select of `choices` (code → name), with an empty first option when the field may stay empty. */
export function choicesOf(choices: Readonly<Record<string, string>>, empty: string) {
  return [
    <option key="" value="">
      {empty}
    </option>,
    ...Object.entries(choices).map(([code, label]) => (
      <option key={code} value={code}>
        {label}
      </option>
    )),
  ];
}
