import type { InputHTMLAttributes, ReactNode } from 'react';

// A labelled field with its message under it, tied by aria-describedby, as the team's other forms.

type Props = {
  name: string;
  label: ReactNode;
  values: Record<string, string>;
  errors: Record<string, string>;
  /** An id of its own, when the page has the same field in two forms. */
  id?: string;
  help?: string;
} & Omit<InputHTMLAttributes<HTMLInputElement>, 'name' | 'id'>;

export function Field({ name, label, values, errors, id = name, help, ...input }: Props) {
  const error = errors[name];
  const described = [help && `${id}-ajuda`, error && `${id}-erro`].filter(Boolean).join(' ') || undefined;
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        name={name}
        defaultValue={values[name]}
        aria-invalid={error ? true : undefined}
        aria-describedby={described}
        {...input}
      />
      {help && (
        <p className="team-help" id={`${id}-ajuda`}>
          {help}
        </p>
      )}
      {error && (
        <p className="lead-error" id={`${id}-erro`}>
          {error}
        </p>
      )}
    </div>
  );
}

/** The message of a field that is not an <input> (a select, a radio group), under it. */
export const FieldError = ({ id, error }: { id: string; error?: string }) =>
  error ? (
    <p className="lead-error" id={`${id}-erro`}>
      {error}
    </p>
  ) : null;
