import { Send } from 'lucide-react';
import { useId, type HTMLInputAutoCompleteAttribute } from 'react';
import { contactForm } from '../../shared/content';

type FieldName = keyof typeof contactForm.fields;

type FieldProps = {
  name: FieldName;
  type?: 'text' | 'email' | 'tel';
  autoComplete?: HTMLInputAutoCompleteAttribute;
  required?: boolean;
  multiline?: boolean;
};

function Field({ name, type = 'text', autoComplete, required = false, multiline = false }: FieldProps) {
  const id = useId();
  const { label, placeholder } = contactForm.fields[name];
  const common = { id, name, placeholder, required, className: 'field__control' };
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
    </div>
  );
}

/** The contact form (SPEC §3, §5): the browser enforces the required fields and the e-mail type. */
export default function ContactIsland() {
  return (
    <form className="contact-form" method="post" action="/api/contacts" noValidate={false}>
      <p className="contact-form__note">{contactForm.requiredNote}</p>
      <div className="contact-form__grid">
        <Field name="name" autoComplete="name" required />
        <Field name="email" type="email" autoComplete="email" required />
        <Field name="phone" type="tel" autoComplete="tel" />
        <Field name="company" autoComplete="organization" />
        <Field name="message" required multiline />
      </div>
      <button className="button button--accent button--large contact-form__submit" type="submit">
        {contactForm.submit}
        <Send className="icon" aria-hidden="true" />
      </button>
    </form>
  );
}
