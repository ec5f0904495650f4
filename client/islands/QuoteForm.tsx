import { type FormEvent, useRef, useState } from 'react';
import { createQuote } from '../../shared/api/create-quote';
import { ApiError } from '../../shared/api/request';
import { HONEYPOT_FIELD, LEAD_FORM_ID, STAMP_FIELD } from '../../shared/contact-form';
import { quoteForm } from '../../shared/content';
import { CARGO_TYPES, VEHICLE_CLASSES } from '../../shared/freight';
import type { MunicipalityIndex } from '../../shared/municipalities';
import type { QuoteInput } from '../../shared/quote';
import { FREQUENCY_LABELS, SEGMENT_LABELS } from '../../shared/quote-choices';
import {
  fieldMessages,
  QUOTE_FORM_FIELDS,
  QUOTE_SENT_PATH,
  type QuoteFormField,
  type QuoteFormState,
  quoteBodyFromForm,
  quoteFormSource,
} from '../../shared/quote-form';
import { FormAlert } from './FormAlert';
import { MunicipalityField, quotePlace } from './MunicipalityField';
import { choicesOf, QuoteField } from './QuoteFields';

const VEHICLE_LABELS = Object.fromEntries(Object.entries(VEHICLE_CLASSES).map(([code, { label }]) => [code, label]));

/** The form's values as the API takes them, with the honeypot and the page's render stamp when there are any. */
function payloadOf(form: HTMLFormElement) {
  const data = new FormData(form);
  const values = Object.fromEntries(QUOTE_FORM_FIELDS.map((field) => [field, String(data.get(field) ?? '')]));
  const extra = Object.fromEntries(
    [HONEYPOT_FIELD, STAMP_FIELD].flatMap((name) => (data.get(name) ? [[name, String(data.get(name))]] : [])),
  );
  return { ...quoteBodyFromForm(values, quoteFormSource(window.location)), ...extra } as QuoteInput;
}

type Props = QuoteFormState & { municipalities: () => Promise<MunicipalityIndex> };

/** Each field's problem in the form's order, with its label, for the alert above the form. */
const problemsOf = (errors: QuoteFormState['errors'] = {}) =>
  QUOTE_FORM_FIELDS.flatMap((field) => {
    const message = errors[field];
    const texts: { label: string; unseen?: string } = quoteForm.fields[field];
    return message ? [{ field, label: `${texts.label}${texts.unseen ?? ''}`, message }] : [];
  });

/**
 * The quote form (docs/requirements.md §4.5). Server-rendered as a plain form that posts without
 * JavaScript; once live it sends JSON, one quote per intent (the same Idempotency-Key for the same
 * content until it is stored), shows the server's messages beside the fields, and goes to the
 * confirmation page when stored.
 */
export function QuoteForm({ values = {}, errors = {}, formError, municipalities }: Props) {
  const sending = useRef(false);
  const unsent = useRef<{ content: string; idempotencyKey: string }>(undefined);
  const [pending, setPending] = useState(false);
  const [fieldErrors, setFieldErrors] = useState(errors);
  const [alert, setAlert] = useState(formError);
  const [problemsAt, setProblemsAt] = useState<number>();

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    // A ref, not state: a second Enter or tap may come before React re-renders.
    if (sending.current) return;
    sending.current = true;
    setPending(true);
    const input = payloadOf(event.currentTarget);
    const content = JSON.stringify(input);
    if (unsent.current?.content !== content) unsent.current = { content, idempotencyKey: crypto.randomUUID() };
    try {
      await createQuote(input, { idempotencyKey: unsent.current.idempotencyKey });
      window.location.assign(QUOTE_SENT_PATH);
    } catch (error) {
      const answered = error instanceof ApiError;
      setFieldErrors(answered ? fieldMessages(error.fieldErrors) : {});
      setAlert((answered && error.message) || quoteForm.errorFallback);
      setProblemsAt(Date.now());
      sending.current = false;
      setPending(false);
    }
  };

  const field = (name: QuoteFormField) => ({ value: values[name], error: fieldErrors[name] });
  const { fields, groups } = quoteForm;
  return (
    <form
      id={LEAD_FORM_ID}
      className="contact-form quote-form"
      method="post"
      action="/api/quotes"
      // The site names what is missing (§5.4), above the form and beside each field: never the browser's bubbles.
      noValidate
      onSubmit={submit}
    >
      <FormAlert message={alert} problems={problemsOf(fieldErrors)} shownAt={problemsAt} />
      <p className="contact-form__note">{quoteForm.requiredNote}</p>
      <fieldset>
        <legend>{groups.route}</legend>
        <MunicipalityField field={quotePlace('origin', values, fieldErrors)} municipalities={municipalities} />
        <MunicipalityField field={quotePlace('destination', values, fieldErrors)} municipalities={municipalities} />
      </fieldset>
      <fieldset>
        <legend>{groups.cargo}</legend>
        <div className="contact-form__grid">
          <QuoteField
            name="cargoType"
            required
            {...field('cargoType')}
            control={(props) => <select {...props}>{choicesOf(CARGO_TYPES, quoteForm.choose)}</select>}
          />
          <QuoteField
            name="segment"
            {...field('segment')}
            control={(props) => <select {...props}>{choicesOf(SEGMENT_LABELS, quoteForm.choose)}</select>}
          />
          <QuoteField
            name="weightTons"
            required
            {...field('weightTons')}
            control={(props, placeholder) => (
              <input {...props} type="text" inputMode="decimal" placeholder={placeholder} />
            )}
          />
          <QuoteField
            name="vehicle"
            {...field('vehicle')}
            control={(props) => <select {...props}>{choicesOf(VEHICLE_LABELS, quoteForm.noVehicle)}</select>}
          />
          <QuoteField
            name="goodsValue"
            {...field('goodsValue')}
            control={(props, placeholder) => (
              <input {...props} type="text" inputMode="decimal" placeholder={placeholder} />
            )}
          />
          <QuoteField
            name="pickupDate"
            {...field('pickupDate')}
            control={(props) => <input {...props} type="date" />}
          />
        </div>
        <fieldset className="choices">
          <legend className="field__label">{fields.frequency.label}</legend>
          {Object.entries(FREQUENCY_LABELS).map(([code, label]) => (
            <label key={code} className="choices__option">
              <input
                type="radio"
                name="frequency"
                value={code}
                defaultChecked={code === (values.frequency || 'avulsa')}
              />
              {label}
            </label>
          ))}
          {fieldErrors.frequency && <p className="field__error">{fieldErrors.frequency}</p>}
        </fieldset>
      </fieldset>
      <fieldset>
        <legend>{groups.contact}</legend>
        <div className="contact-form__grid">
          <QuoteField
            name="name"
            required
            {...field('name')}
            control={(props, placeholder) => <input {...props} autoComplete="name" placeholder={placeholder} />}
          />
          <QuoteField
            name="email"
            required
            {...field('email')}
            control={(props, placeholder) => (
              <input {...props} type="email" autoComplete="email" placeholder={placeholder} />
            )}
          />
          <QuoteField
            name="phone"
            {...field('phone')}
            control={(props, placeholder) => (
              <input {...props} type="tel" autoComplete="tel" placeholder={placeholder} />
            )}
          />
          <QuoteField
            name="company"
            {...field('company')}
            control={(props, placeholder) => <input {...props} autoComplete="organization" placeholder={placeholder} />}
          />
          <QuoteField
            name="cnpj"
            {...field('cnpj')}
            control={(props, placeholder) => (
              <input {...props} autoCapitalize="characters" spellCheck={false} placeholder={placeholder} />
            )}
          />
          <QuoteField
            name="notes"
            wide
            {...field('notes')}
            control={(props, placeholder) => <textarea {...props} rows={4} placeholder={placeholder} />}
          />
        </div>
      </fieldset>
      <div className="field--trap" aria-hidden="true">
        <label>
          {quoteForm.trapLabel}
          <input name={HONEYPOT_FIELD} type="text" tabIndex={-1} autoComplete="off" defaultValue="" />
        </label>
      </div>
      <button className="button button--accent button--large contact-form__submit" type="submit" disabled={pending}>
        {pending ? quoteForm.submitting : quoteForm.submit}
      </button>
      <p className="contact-form__note">
        <a href={quoteForm.privacyNotice.href}>{quoteForm.privacyNotice.link}</a>
      </p>
    </form>
  );
}
