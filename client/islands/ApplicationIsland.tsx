import { useState } from 'react';
import { type ApplicationField, CV_MAX_BYTES, EMPTY_FIELD_MESSAGES } from '../../shared/application';
import { applicationPage } from '../../shared/application-page';
import { CV_PROBLEMS, firstBytesProblem } from '../../shared/cv-problems';
import { ApplicationForm, type ApplicationFormProps } from './ApplicationForm';
import { municipalitiesFrom } from './quote-data';

type Props = Omit<ApplicationFormProps, 'municipalities' | 'onSubmit' | 'onCvChosen' | 'pending'> & {
  municipalitiesUrl: string;
};
type Errors = Partial<Record<ApplicationField, string>>;

const TOO_LARGE = 'O arquivo tem mais de 5 MB: envie um currículo em PDF menor.';

/** What the chosen file says against it before it is sent: its size, or what its first bytes are. */
async function cvError(file: File | undefined) {
  if (!file) return undefined;
  if (file.size > CV_MAX_BYTES) return TOO_LARGE;
  const problem = firstBytesProblem(new Uint8Array(await file.slice(0, 1024).arrayBuffer()));
  return problem && CV_PROBLEMS[problem];
}

/** A required field left empty, in the server's words (docs/requirements.md §4.6). */
function emptyFields(form: HTMLFormElement): Errors {
  const errors: Errors = {};
  for (const [name, message] of Object.entries(EMPTY_FIELD_MESSAGES) as [ApplicationField, string][]) {
    const control = form.elements.namedItem(name) as HTMLInputElement | HTMLSelectElement | null;
    if (!control) continue;
    const empty =
      control instanceof HTMLInputElement && control.type === 'checkbox'
        ? !control.checked
        : control instanceof HTMLInputElement && control.type === 'file'
          ? !control.files?.length
          : control.value.trim() === '';
    if (empty) errors[name] = message;
  }
  return errors;
}

/**
 * The application form's island (docs/requirements.md §4.6): wakes on intent, as the quote form does, adds the
 * city's suggestions, and says what is wrong on the page itself (never the browser's bubbles): a CV
 * over 5 MB or that is no PDF as soon as it is chosen, and the fields left empty above the form and
 * beside each, before a CV is sent for nothing. The post itself stays the browser's multipart one,
 * answered with pages, so that a form sent before the island woke and one sent after it meet the
 * same server.
 */
export default function ApplicationIsland({ municipalitiesUrl, errors: served = {}, ...props }: Props) {
  const [pending, setPending] = useState(false);
  const [errors, setErrors] = useState<Errors>(served);
  const [problemsAt, setProblemsAt] = useState<number>();
  const [cvProblem, setCvProblem] = useState<string>();

  const chosen = async (file: File | undefined) => {
    const problem = await cvError(file);
    setCvProblem(problem);
    setErrors(({ curriculo: _, ...others }) => (problem ? { ...others, curriculo: problem } : others));
  };
  const check = (form: HTMLFormElement) => {
    const found: Errors = { ...emptyFields(form), ...(cvProblem && { curriculo: cvProblem }) };
    if (Object.keys(found).length > 0) {
      setErrors(found);
      setProblemsAt(Date.now());
      return false;
    }
    setPending(true);
    return true;
  };
  const failed = Object.keys(errors).length > 0;
  return (
    <ApplicationForm
      {...props}
      formError={props.formError ?? (failed ? applicationPage.invalid : undefined)}
      errors={errors}
      municipalities={municipalitiesFrom(municipalitiesUrl)}
      onSubmit={check}
      onCvChosen={chosen}
      pending={pending}
      problemsAt={problemsAt}
    />
  );
}
