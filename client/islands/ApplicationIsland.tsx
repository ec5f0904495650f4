import { useState } from 'react';
import { CV_FIELD, CV_MAX_BYTES } from '../../shared/application';
import { ApplicationForm, type ApplicationFormProps } from './ApplicationForm';
import { municipalitiesFrom } from './quote-data';

type Props = Omit<ApplicationFormProps, 'municipalities' | 'onSubmit' | 'pending'> & { municipalitiesUrl: string };

const TOO_LARGE = 'O arquivo tem mais de 5 MB: envie um currículo em PDF menor.';

/**
 * The application form's island (issue 56 §2): wakes on intent, as the quote form does, adds the
 * city's suggestions, and says at once that a CV is over 5 MB instead of sending it for nothing.
 * The post itself stays the browser's multipart one, answered with pages, so that a form sent
 * before the island woke and one sent after it meet the same server.
 */
export default function ApplicationIsland({ municipalitiesUrl, errors, ...props }: Props) {
  const [pending, setPending] = useState(false);
  const [cvError, setCvError] = useState<string>();
  const check = (form: HTMLFormElement) => {
    const file = (form.elements.namedItem(CV_FIELD) as HTMLInputElement | null)?.files?.[0];
    if (file && file.size > CV_MAX_BYTES) {
      setCvError(TOO_LARGE);
      return false;
    }
    setCvError(undefined);
    setPending(true);
    return true;
  };
  return (
    <ApplicationForm
      {...props}
      errors={cvError ? { ...errors, curriculo: cvError } : errors}
      municipalities={municipalitiesFrom(municipalitiesUrl)}
      onSubmit={check}
      pending={pending}
    />
  );
}
