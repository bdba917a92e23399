import { useEffect, useRef, useState } from 'react';
import { fieldErrors } from '@tendly/domain/validation/field-errors';

interface Schema<T> {
  safeParse(data: unknown): { success: true; data: T } | { success: false; error: Parameters<typeof fieldErrors>[0] };
}

/**
 * A form's field errors, from the domain schema or the server, with focus moved to the first
 * field in error (in the order of the form) after each failed attempt.
 */
export function useFormErrors() {
  const formRef = useRef<HTMLFormElement>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failedAt, setFailedAt] = useState(0);

  useEffect(() => {
    if (failedAt === 0) return;
    formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [failedAt]);

  function show(next: Record<string, string>) {
    setErrors(next);
    setFailedAt(Date.now());
  }

  function check<T>(schema: Schema<T>, values: unknown): T | null {
    const parsed = schema.safeParse(values);
    if (parsed.success) {
      setErrors({});
      return parsed.data;
    }
    show(fieldErrors(parsed.error));
    return null;
  }

  function clear(name: string) {
    setErrors((current) => {
      if (!(name in current)) return current;
      const { [name]: _, ...rest } = current;
      return rest;
    });
  }

  const errorOf = (name: string) => ({ error: errors[name], 'aria-invalid': errors[name] ? true : undefined });
  return { formRef, errors, show, check, clear, errorOf };
}
