import type { ReactNode } from 'react';
import {
  APPLICATION_FIELDS,
  APPLICATION_PATH,
  type ApplicationField,
  type ApplicationFormState,
  CNH_CATEGORIES,
  CV_FIELD,
  VEHICLE_EXPERIENCE,
} from '../../shared/application';
import { applicationPage } from '../../shared/application-page';
import { HONEYPOT_FIELD, LEAD_FORM_ID } from '../../shared/contact-form';
import type { MunicipalityIndex } from '../../shared/municipalities';
import { FormAlert, type FormProblem } from './FormAlert';
import { MunicipalityField } from './MunicipalityField';
import { FieldError, fieldId, Label } from './QuoteFields';

export type ApplicationFormProps = ApplicationFormState & {
  /** APPLICATION_RETENTION_DAYS, which the consent text states. */
  retentionDays: number;
  /** The municipalities for the city's suggestions, fetched on the field's first focus (quote-data.ts). */
  municipalities: () => Promise<MunicipalityIndex>;
  /**
   * Checks the form before the browser posts it as multipart (it always does, with or without
   * JavaScript); false keeps it from being sent.
   */
  onSubmit?: (form: HTMLFormElement) => boolean;
  /** Checks a CV as soon as it is chosen (ApplicationIsland.tsx). */
  onCvChosen?: (file: File | undefined) => void;
  pending?: boolean;
  /** When the island last found problems: the alert above the form takes the focus again. */
  problemsAt?: number;
};

type FieldProps = {
  name: ApplicationField;
  required?: boolean;
  wide?: boolean;
  error?: string;
  control: (props: {
    id: string;
    name: string;
    className: string;
    required: boolean;
    'aria-invalid'?: true;
    'aria-describedby'?: string;
  }) => ReactNode;
};

/** One labelled field, its error tied to it for screen readers. */
function Field({ name, required = false, wide = false, error, control }: FieldProps) {
  const id = fieldId(name);
  const label = applicationPage.fields[name as keyof typeof applicationPage.fields];
  return (
    <div className={`field field--${name}${wide ? ' field--wide' : ''}`}>
      <Label htmlFor={id} text={label} required={required} />
      {control({
        id,
        name,
        className: 'field__control',
        required,
        'aria-invalid': error ? true : undefined,
        'aria-describedby': error ? `${id}-erro` : undefined,
      })}
      <FieldError id={`${id}-erro`} error={error} />
    </div>
  );
}

/**
 * The application form (docs/requirements.md §4.6): a multipart POST that works without JavaScript, its CV field
 * last so that the fields before it reach the server first (a CV refused for its size still leaves
 * them to show again), and the consent text that says what, why, how long and who (§3).
 */
export function ApplicationForm({
  positions,
  values = {},
  errors = {},
  formError,
  retentionDays,
  municipalities,
  onSubmit,
  onCvChosen,
  pending = false,
  problemsAt,
}: ApplicationFormProps) {
  const { fields, groups, consent } = applicationPage;
  const text = (name: ApplicationField) => ({ defaultValue: values[name] ?? '' });
  return (
    <form
      id={LEAD_FORM_ID}
      className="contact-form quote-form"
      method="post"
      action={APPLICATION_PATH}
      encType="multipart/form-data"
      // The site names what is missing (§4.6), above the form and beside each field: never the browser's bubbles.
      noValidate
      onSubmit={
        onSubmit &&
        ((event) => {
          if (!onSubmit(event.currentTarget)) event.preventDefault();
        })
      }
    >
      <FormAlert message={formError} problems={problemsOf(errors)} shownAt={problemsAt} />
      <p className="contact-form__note">{applicationPage.requiredNote}</p>
      <fieldset>
        <legend>{groups.you}</legend>
        <div className="contact-form__grid">
          <Field
            name="nome"
            required
            error={errors.nome}
            control={(props) => <input {...props} autoComplete="name" {...text('nome')} />}
          />
          <Field
            name="email"
            required
            error={errors.email}
            control={(props) => <input {...props} type="email" autoComplete="email" {...text('email')} />}
          />
          <Field
            name="telefone"
            required
            error={errors.telefone}
            control={(props) => <input {...props} type="tel" autoComplete="tel" {...text('telefone')} />}
          />
        </div>
        <MunicipalityField
          field={{
            key: 'candidato',
            names: { city: 'cidade', state: 'uf' },
            texts: { city: fields.cidade, state: fields.uf, stateUnseen: ' onde mora' },
            values: { city: values.cidade, state: values.uf },
            errors: { city: errors.cidade, state: errors.uf },
          }}
          municipalities={municipalities}
        />
      </fieldset>
      <fieldset>
        <legend>{groups.position}</legend>
        <Field
          name="vaga"
          wide
          error={errors.vaga}
          control={(props) => (
            <select {...props} {...text('vaga')}>
              <option value="">{applicationPage.talentPool}</option>
              {positions.map((position) => (
                <option key={position.id} value={position.id}>
                  {position.label}
                </option>
              ))}
            </select>
          )}
        />
        <label className="choices__option">
          <input
            id={fieldId('banco')}
            type="checkbox"
            name="banco"
            value="sim"
            defaultChecked={values.banco === 'sim'}
          />
          {fields.banco}
        </label>
      </fieldset>
      <fieldset>
        <legend>{groups.driver}</legend>
        <div className="contact-form__grid">
          <Field
            name="cnh"
            error={errors.cnh}
            control={(props) => (
              <select {...props} {...text('cnh')}>
                <option value="">{applicationPage.noCnh}</option>
                {CNH_CATEGORIES.map((category) => (
                  <option key={category} value={category}>
                    {category}
                  </option>
                ))}
              </select>
            )}
          />
        </div>
        <fieldset className="choices">
          <legend className="field__label">{fields.experience}</legend>
          <div className="contact-form__grid">
            {VEHICLE_EXPERIENCE.map(({ field, label }) => (
              <ExperienceField key={field} name={field} label={label} value={values[field]} error={errors[field]} />
            ))}
          </div>
        </fieldset>
        <label className="choices__option">
          <input id={fieldId('mopp')} type="checkbox" name="mopp" value="sim" defaultChecked={values.mopp === 'sim'} />
          {fields.mopp}
        </label>
      </fieldset>
      <fieldset>
        <legend>{groups.cv}</legend>
        <Field
          name="mensagem"
          wide
          error={errors.mensagem}
          control={(props) => <textarea {...props} rows={4} maxLength={1000} {...text('mensagem')} />}
        />
        <section className="contact-form__note" aria-labelledby="consentimento-titulo">
          <h2 id="consentimento-titulo" className="field__label">
            {consent.heading}
          </h2>
          <p>
            {consent.what} {consent.why} {consent.howLong(retentionDays)} {consent.who}{' '}
            <a href={consent.privacyHref}>{consent.more}</a>.
          </p>
        </section>
        <label className="choices__option">
          <input
            id={fieldId('consentimento')}
            type="checkbox"
            name="consentimento"
            value="sim"
            required
            defaultChecked={values.consentimento === 'sim'}
            aria-invalid={errors.consentimento ? true : undefined}
            aria-describedby={errors.consentimento ? 'consentimento-erro' : undefined}
          />
          {fields.consentimento}
        </label>
        <FieldError id="consentimento-erro" error={errors.consentimento} />
        <div className="field--trap" aria-hidden="true">
          <label>
            {applicationPage.trapLabel}
            <input name={HONEYPOT_FIELD} type="text" tabIndex={-1} autoComplete="off" defaultValue="" />
          </label>
        </div>
        {/* Last: the browser sends the parts in this order, the file after every field. */}
        <Field
          name={CV_FIELD}
          wide
          required
          error={errors.curriculo}
          control={(props) => (
            <input
              {...props}
              type="file"
              accept="application/pdf,.pdf"
              onChange={onCvChosen && ((event) => onCvChosen(event.currentTarget.files?.[0]))}
            />
          )}
        />
      </fieldset>
      <button className="button button--accent button--large contact-form__submit" type="submit" disabled={pending}>
        {pending ? applicationPage.submitting : applicationPage.submit}
      </button>
    </form>
  );
}

/** The problems of a post in the form's order, each with its field's label, for the alert above the form. */
function problemsOf(errors: Partial<Record<ApplicationField, string>>): FormProblem[] {
  const labels: Record<string, string> = { ...applicationPage.fields };
  for (const { field, label } of VEHICLE_EXPERIENCE) labels[field] = `${applicationPage.fields.experience}, ${label}`;
  labels.consentimento = applicationPage.consent.heading;
  const order: ApplicationField[] = [...APPLICATION_FIELDS, CV_FIELD];
  return order.flatMap((field) => {
    const message = errors[field];
    return message ? [{ field, label: labels[field] ?? field, message }] : [];
  });
}

/** Years with one type of vehicle: a small number field. */
function ExperienceField({
  name,
  label,
  value,
  error,
}: {
  name: ApplicationField;
  label: string;
  value?: string;
  error?: string;
}) {
  const id = fieldId(name);
  return (
    <div className={`field field--${name}`}>
      <Label htmlFor={id} text={label} />
      <input
        id={id}
        name={name}
        className="field__control"
        type="number"
        inputMode="numeric"
        min={0}
        max={60}
        defaultValue={value ?? ''}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-erro` : undefined}
      />
      <FieldError id={`${id}-erro`} error={error} />
    </div>
  );
}
