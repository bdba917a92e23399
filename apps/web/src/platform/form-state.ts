import { useCallback, useRef, useState } from 'react';
import type { z } from 'zod';
import { fieldErrors } from '@tendly/domain/validation/field-errors';
import { ApiError } from './api-client';

/**
 * A controlled form validated with a domain zod schema (STYLE.md rule 3: the form and the API use
 * the same schema). Errors are keyed by field path, as the API's `errors` map is, so the server's
 * field errors show the same way as the form's own. Spec section 5: a displayed field error
 * clears when that field gets focus (`clearError`).
 */
export type FieldErrors = Readonly<Record<string, string>>;

export interface FormState<V> {
  readonly values: V;
  readonly errors: FieldErrors;
  setValue<K extends keyof V>(name: K, value: V[K]): void;
  /** Changes a value from its latest state: for work that finishes later (an upload). */
  updateValue<K extends keyof V>(name: K, update: (current: V[K]) => V[K]): void;
  setErrors(errors: FieldErrors): void;
  /** Shows one field's message beside the others. */
  setError(name: string, message: string): void;
  clearError(name: string): void;
  /** Parses the values with the schema: the parsed data, or null after showing the errors. */
  validate<T>(schema: z.ZodType<T>): T | null;
}

export function useFormState<V extends Record<string, unknown>>(initialValues: V): FormState<V> {
  const [values, setValues] = useState(initialValues);
  const [errors, setErrors] = useState<FieldErrors>({});

  const setValue = useCallback(<K extends keyof V>(name: K, value: V[K]) => {
    setValues((current) => ({ ...current, [name]: value }));
  }, []);

  const updateValue = useCallback(<K extends keyof V>(name: K, update: (current: V[K]) => V[K]) => {
    setValues((current) => ({ ...current, [name]: update(current[name]) }));
  }, []);

  const setError = useCallback((name: string, message: string) => {
    setErrors((current) => ({ ...current, [name]: message }));
  }, []);

  const clearError = useCallback((name: string) => {
    setErrors((current) => {
      if (!(name in current)) return current;
      const next = { ...current };
      delete next[name];
      return next;
    });
  }, []);

  const validate = useCallback(
    <T,>(schema: z.ZodType<T>): T | null => {
      const result = schema.safeParse(values);
      if (result.success) {
        setErrors({});
        return result.data;
      }
      setErrors(fieldErrors(result.error));
      return null;
    },
    [values],
  );

  return { values, errors, setValue, updateValue, setErrors, setError, clearError, validate };
}

/** The id of a form field's input, so an error summary can link to it. */
export function fieldId(formId: string, name: string): string {
  return `${formId}-${name}`;
}

/**
 * What a Mantine text input needs to take part in the form: value, change, the error (Mantine
 * points aria-describedby at it; aria-invalid is set here because PasswordInput does not set it)
 * and clearing the error on focus.
 */
export function textFieldProps<V extends Record<string, unknown>>(
  form: FormState<V>,
  formId: string,
  name: keyof V & string,
) {
  const value = form.values[name];
  return {
    id: fieldId(formId, name),
    name,
    value: typeof value === 'string' ? value : '',
    error: form.errors[name],
    'aria-invalid': form.errors[name] ? true : undefined,
    onChange: (event: { currentTarget: { value: string } }) => {
      // Only a field that holds a string takes text; TypeScript cannot narrow V[K] from that check.
      const next = event.currentTarget.value;
      if (typeof form.values[name] === 'string') form.setValue(name, next as V[typeof name]);
    },
    onFocus: () => form.clearError(name),
  };
}

/** The same for a checkbox, which Mantine does not mark invalid itself. */
export function checkboxFieldProps<V extends Record<string, unknown>>(
  form: FormState<V>,
  formId: string,
  name: keyof V & string,
) {
  const error = form.errors[name];
  return {
    id: fieldId(formId, name),
    name,
    checked: form.values[name] === true,
    error,
    'aria-invalid': error ? true : undefined,
    onChange: (event: { currentTarget: { checked: boolean } }) => {
      const next = event.currentTarget.checked;
      if (typeof form.values[name] === 'boolean') form.setValue(name, next as V[typeof name]);
    },
    onFocus: () => form.clearError(name),
  };
}

/**
 * For a form that keeps its own errors and focuses fields itself: parses the input with the
 * schema and gives the data with the errors cleared, or shows the errors, moves focus to the first
 * field in error (so its message is read out with it) and gives null.
 */
export function parseShowingErrors<T>(
  schema: z.ZodType<T>,
  input: unknown,
  setErrors: (errors: Record<string, string>) => void,
  focusFirst: (errors: Record<string, string>) => void,
): T | null {
  const parsed = schema.safeParse(input);
  if (!parsed.success) {
    const found = fieldErrors(parsed.error);
    setErrors(found);
    focusFirst(found);
    return null;
  }
  setErrors({});
  return parsed.data;
}

/**
 * The `onError` of such a form's request: the server's field errors show on their fields like the
 * form's own, and the first of them takes focus. Any other failure is left to the form's summary.
 */
export function showServerFieldErrors(setErrors: (errors: Record<string, string>) => void, focusFirst: (errors: Record<string, string>) => void) {
  return (error: unknown) => {
    if (error instanceof ApiError) {
      setErrors(error.fieldErrors);
      focusFirst(error.fieldErrors);
    }
  };
}

/**
 * For a form that keeps its own errors: a ref for each field (`fieldRef(name)`) and `focusFirst`,
 * which moves focus to the first field, in the form's order, that the errors name, so its message
 * is read out with it (WCAG 3.3.1). The order is read when focus moves, so it may change as the
 * form grows rows.
 */
export function useFieldFocus<Name extends string>(order: readonly Name[]) {
  const elements = useRef<Partial<Record<Name, HTMLElement | null>>>({});
  const fieldRef = (name: Name) => (element: HTMLElement | null) => {
    elements.current[name] = element;
  };
  const focusFirst = (found: Record<string, string>) => {
    const first = order.find((name) => found[name]);
    if (first) elements.current[first]?.focus();
  };
  return { fieldRef, focusFirst };
}
