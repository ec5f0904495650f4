import { type KeyboardEvent, useDeferredValue, useEffect, useMemo, useRef, useState } from 'react';
import { quoteForm } from '../../shared/content';
import {
  type Municipality,
  type MunicipalityIndex,
  placeLabel,
  resolveMunicipality,
  searchMunicipalities,
} from '../../shared/municipalities';
import type { QuoteFormField } from '../../shared/quote-form';
import { UF_CODES } from '../../shared/uf';
import { FieldError, fieldId, Label } from './QuoteFields';

/**
 * A municipality field of a form: the names its two controls post, their texts, and what the server
 * rendered them with. The quote's places are `quotePlace`'s; the application form has its own.
 */
export type PlaceField = {
  /** Its class, `place--{key}`. */
  key: string;
  names: { city: string; state: string };
  texts: { city: string; placeholder?: string; state: string; stateUnseen?: string };
  values: { city?: string; state?: string };
  errors: { city?: string; state?: string };
};

/** A quote's origin or destination as a PlaceField. */
export function quotePlace(
  place: 'origin' | 'destination',
  values: Partial<Record<QuoteFormField, string>>,
  errors: Partial<Record<QuoteFormField, string>>,
): PlaceField {
  const city = `${place}.city` as const;
  const state = `${place}.state` as const;
  const { label, placeholder } = quoteForm.fields[city];
  return {
    key: place,
    names: { city, state },
    texts: {
      city: label,
      placeholder,
      state: quoteForm.fields[state].label,
      stateUnseen: quoteForm.fields[state].unseen,
    },
    values: { city: values[city], state: values[state] },
    errors: { city: errors[city], state: errors[state] },
  };
}

type Props = {
  field: PlaceField;
  /** The municipalities, once asked for: the first focus of either field fetches them (quote-data.ts). */
  municipalities: () => Promise<MunicipalityIndex>;
};

/**
 * A municipality and its UF. Server-rendered (and without JavaScript) as a text field and a UF
 * select the server resolves (docs/requirements.md §4.5); once the island is live, the text field is
 * an editable combobox with list autocomplete and manual selection, as WAI-ARIA's Authoring
 * Practices show it ("Editable Combobox With List Autocomplete"): the suggestions in a listbox, the
 * active one named by aria-activedescendant while focus stays in the field, their count announced.
 */
export function MunicipalityField({ field: place, municipalities }: Props) {
  const { names, texts, values, errors } = place;
  const id = fieldId(names.city);
  const ufId = fieldId(names.state);
  const listId = `${id}-lista`;
  const hintId = `${id}-dica`;
  const [city, setCity] = useState(values.city ?? '');
  const [uf, setUf] = useState(values.state ?? '');
  // Rendered as the server sent it until the island is live, so hydration finds the same markup.
  const [live, setLive] = useState(false);
  const [index, setIndex] = useState<MunicipalityIndex>();
  const [failed, setFailed] = useState(false);
  // The text the suggestions answer, deferred: a keystroke paints the field at once, and the list a
  // moment later in a render React may interrupt (the keystroke's budget, docs/requirements.md §4.5).
  const [query, setQuery] = useState('');
  const deferredQuery = useDeferredValue(query);
  const options = useMemo(() => (index ? searchMunicipalities(index, deferredQuery) : []), [index, deferredQuery]);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const [chosen, setChosen] = useState<string>();
  const input = useRef<HTMLInputElement>(null);
  const select = useRef<HTMLSelectElement>(null);

  const suggest = (text: string) => {
    setQuery(text);
    setActive(-1);
    setChosen(undefined);
    setOpen(text.trim() !== '');
  };

  const load = () => {
    if (index || failed) return;
    municipalities().then(setIndex, () => setFailed(true));
  };

  // Live: what was typed or chosen before the island woke is kept, and a field already focused (the
  // focus that woke the island) fetches the list as a later focus would, and suggests for what a
  // visitor on a slow phone typed while the island was still on its way.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, when the island wakes.
  useEffect(() => {
    const field = input.current;
    if (field) setCity(field.value);
    if (select.current) setUf(select.current.value);
    setLive(true);
    if (field && document.activeElement === field) {
      load();
      suggest(field.value);
    } else if (field) setQuery(field.value);
  }, []);

  const choose = (municipality: Municipality) => {
    setCity(municipality.name);
    setUf(municipality.uf);
    setOpen(false);
    setActive(-1);
    setChosen(placeLabel(municipality));
  };

  /**
   * A name typed but not chosen (Tab, or a tap elsewhere) is the municipality it names when it names
   * one alone, or one of the UF already set: 'parauapebas' is Parauapebas – PA, its UF filled in
   * (§4.5). Homonyms in other UFs, or a name no municipality has, are left for the visitor.
   */
  const settle = () => {
    if (!index || chosen || city.trim() === '') return;
    const named = resolveMunicipality(index, city, uf || undefined);
    const alone = named.kind === 'found' ? named : uf ? resolveMunicipality(index, city) : named;
    if (alone.kind === 'found') choose(alone.municipality);
  };

  // A field left before the list arrived is settled when it does.
  // biome-ignore lint/correctness/useExhaustiveDependencies: when the list arrives, not on every keystroke.
  useEffect(() => {
    if (document.activeElement !== input.current) settle();
  }, [index]);

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    const last = options.length - 1;
    switch (event.key) {
      case 'ArrowDown':
      case 'ArrowUp': {
        if (options.length === 0) return;
        event.preventDefault();
        const down = event.key === 'ArrowDown';
        // Closed, Alt+Down opens without choosing; an arrow opens on the first (or last) suggestion.
        if (!open) {
          setOpen(true);
          if (!event.altKey) setActive(down ? 0 : last);
          return;
        }
        // From the last, Down returns to the field; from the field, Up goes to the last (APG).
        setActive(down ? (active >= last ? -1 : active + 1) : active < 0 ? last : active - 1);
        return;
      }
      case 'Enter':
        if (open && active >= 0) {
          event.preventDefault();
          choose(options[active]!);
        }
        return;
      case 'Escape':
        event.preventDefault();
        if (open) setOpen(false);
        else {
          setCity('');
          setQuery('');
        }
        setActive(-1);
        return;
      case 'Home':
      case 'End': {
        // With a suggestion active, the keys move the caret in the field and give it visual focus back.
        if (active < 0) return;
        event.preventDefault();
        const at = event.key === 'Home' ? 0 : event.currentTarget.value.length;
        event.currentTarget.setSelectionRange(at, at);
        setActive(-1);
        return;
      }
      case 'Tab':
        setOpen(false);
        return;
    }
  };

  const expanded = live && open && options.length > 0;
  // What the live region says: the choice just made, else how many the list found, else why it has none.
  const announced = failed
    ? quoteForm.suggestions.failed
    : (chosen ?? (open && index && deferredQuery.trim() !== '' ? quoteForm.suggestions.count(options.length) : ''));
  const combobox = live
    ? ({
        role: 'combobox',
        'aria-autocomplete': 'list',
        'aria-expanded': expanded,
        'aria-controls': listId,
        'aria-activedescendant': expanded && active >= 0 ? `${listId}-${active}` : undefined,
      } as const)
    : {};
  const error = errors.city;
  const stateError = errors.state;
  const { city: label, placeholder } = texts;
  return (
    <div className={`place place--${place.key}`}>
      <div className="field place__city">
        <Label htmlFor={id} text={label} required />
        <div className="combobox">
          <input
            ref={input}
            id={id}
            name={names.city}
            type="text"
            className="field__control"
            required
            autoComplete="off"
            spellCheck={false}
            placeholder={placeholder}
            value={city}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${hintId} ${id}-erro` : hintId}
            {...combobox}
            onFocus={load}
            onChange={(event) => {
              setCity(event.target.value);
              suggest(event.target.value);
            }}
            onKeyDown={onKeyDown}
            onBlur={() => {
              setOpen(false);
              settle();
            }}
          />
          {live && (
            <div
              id={listId}
              role="listbox"
              aria-label={`${quoteForm.suggestions.label}: ${label.toLowerCase()}`}
              className="combobox__list"
              hidden={!expanded}
            >
              {options.map((option, at) => (
                // biome-ignore lint/a11y/useFocusableInteractive: focus stays in the field; aria-activedescendant names the active option (APG).
                <div
                  key={placeLabel(option)}
                  id={`${listId}-${at}`}
                  role="option"
                  aria-selected={at === active}
                  className="combobox__option"
                  // Chosen before the field's blur closes the list.
                  onMouseDown={(event) => {
                    event.preventDefault();
                    choose(option);
                  }}
                >
                  {option.name} <span className="combobox__uf">– {option.uf}</span>
                </div>
              ))}
            </div>
          )}
        </div>
        <p className="field__hint" id={hintId}>
          {quoteForm.placeHint}
        </p>
        <FieldError id={`${id}-erro`} error={error} />
        {live && (
          <p className="visually-hidden" role="status">
            {announced}
          </p>
        )}
      </div>
      <div className="field place__uf">
        <Label htmlFor={ufId} text={texts.state} unseen={texts.stateUnseen} required />
        <select
          ref={select}
          id={ufId}
          name={names.state}
          className="field__control"
          required
          value={uf}
          onChange={(event) => setUf(event.target.value)}
          aria-invalid={stateError ? true : undefined}
          aria-describedby={stateError ? `${ufId}-erro` : undefined}
        >
          <option value="">UF</option>
          {UF_CODES.map((code) => (
            <option key={code} value={code}>
              {code}
            </option>
          ))}
        </select>
      </div>
      {/* Under both fields, as wide as the row: the UF's column is too narrow for a sentence. */}
      <FieldError id={`${ufId}-erro`} error={stateError} />
    </div>
  );
}
