import { useMutation } from '@tanstack/react-query';
import { CircleCheck, Send } from 'lucide';
import { type FormEvent, useRef, useState } from 'react';
import { createContact } from '../../shared/api/create-contact';
import { ApiError } from '../../shared/api/request';
import type { ContactInput } from '../../shared/contact';
import {
  CONTACT_FORM_FIELDS,
  type ContactFormState,
  contactFormFields,
  contactFormSource,
  HONEYPOT_FIELD,
  LEAD_FORM_ID,
  STAMP_FIELD,
} from '../../shared/contact-form';
import { contactForm } from '../../shared/content';
import { Glyph } from '../components/Glyph';
import { Field, HoneypotField } from './ContactFields';
import { notifyError, notifySuccess } from './Toasts';

type Submission = {
  input: ContactInput & { [HONEYPOT_FIELD]?: string; [STAMP_FIELD]?: string };
  idempotencyKey: string;
};

/**
 * The form's values as the API takes them: optional fields left out when empty (docs/requirements.md
 * §5.1); where the visit came from, as this page's address says (§10.19); and the page's render
 * stamp, which the server writes outside the form but in its elements (docs/requirements.md §10.9), when there is one.
 */
function payloadOf(form: HTMLFormElement): Submission['input'] {
  const data = new FormData(form);
  const text = (name: string) => String(data.get(name) ?? '');
  const optional = (name: string) => text(name).trim() || undefined;
  const fields = contactFormFields.map((name) => [
    name,
    CONTACT_FORM_FIELDS[name].required ? text(name) : optional(name),
  ]);
  return {
    ...(Object.fromEntries(fields.filter(([, value]) => value !== undefined)) as ContactInput),
    ...(optional(HONEYPOT_FIELD) && { [HONEYPOT_FIELD]: optional(HONEYPOT_FIELD) }),
    ...(optional(STAMP_FIELD) && { [STAMP_FIELD]: optional(STAMP_FIELD) }),
    source: contactFormSource(window.location),
  };
}

/**
 * Server-rendered as a plain HTML form that posts without JavaScript; once hydrated it sends JSON
 * instead, one lead per intent (docs/requirements.md §4.1): one request at a time, and the same
 * Idempotency-Key for the same content until it is stored, so that a resend after a lost reply
 * replays the first instead of storing it again.
 */
export function ContactForm({ sent = false, values = {}, errors = {}, formError }: ContactFormState) {
  const formRef = useRef<HTMLFormElement>(null);
  // Refs, not state: a second click, tap or Enter may arrive before React re-renders with the
  // first one pending (TanStack Query reports it a task later), and must find the form busy.
  const sending = useRef(false);
  const unsent = useRef<{ content: string; idempotencyKey: string }>(undefined);
  const [fieldErrors, setFieldErrors] = useState(errors);
  const mutation = useMutation({
    mutationFn: ({ input, idempotencyKey }: Submission) => createContact(input, { idempotencyKey }),
    onSuccess: () => {
      unsent.current = undefined;
      formRef.current?.reset();
      setFieldErrors({});
      notifySuccess(contactForm.successTitle, contactForm.successDescription);
    },
    onError: (error) => {
      // The server's words when it answered; a lost connection has none worth showing.
      const answered = error instanceof ApiError;
      setFieldErrors(answered ? error.fieldErrors : {});
      notifyError(contactForm.errorTitle, (answered && error.message) || contactForm.errorFallback);
    },
    onSettled: () => {
      sending.current = false;
    },
  });

  /** The key of the last submission when the content is the same; a new one when it changed. */
  const keyFor = (input: Submission['input']) => {
    const content = JSON.stringify(input);
    if (unsent.current?.content !== content) unsent.current = { content, idempotencyKey: crypto.randomUUID() };
    return unsent.current.idempotencyKey;
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (sending.current) return;
    sending.current = true;
    const input = payloadOf(event.currentTarget);
    mutation.mutate({ input, idempotencyKey: keyFor(input) });
  };

  return (
    <form
      ref={formRef}
      id={LEAD_FORM_ID}
      className="contact-form"
      method="post"
      action="/api/contacts"
      onSubmit={submit}
    >
      {sent && (
        <div className="contact-form__status" role="status">
          <Glyph icon={CircleCheck} />
          <p>
            <strong>{contactForm.successTitle}</strong> {contactForm.successDescription}
          </p>
        </div>
      )}
      {formError && (
        <p className="contact-form__alert" role="alert">
          {formError}
        </p>
      )}
      <p className="contact-form__note">{contactForm.requiredNote}</p>
      <div className="contact-form__grid">
        {contactFormFields.map((name) => (
          <Field
            key={name}
            name={name}
            {...CONTACT_FORM_FIELDS[name]}
            defaultValue={values[name]}
            error={fieldErrors[name]}
          />
        ))}
      </div>
      <HoneypotField name={HONEYPOT_FIELD} />
      <button
        className="button button--accent button--large contact-form__submit"
        type="submit"
        disabled={mutation.isPending}
      >
        {mutation.isPending ? contactForm.submitting : contactForm.submit}
        <Glyph icon={Send} />
      </button>
      <p className="contact-form__note">
        <a href={contactForm.privacyNotice.href}>{contactForm.privacyNotice.link}</a>
      </p>
    </form>
  );
}
