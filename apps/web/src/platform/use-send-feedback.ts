import { useEffect, useRef, useState } from 'react';
import { errorText, hasFieldErrors } from './api-client';

/**
 * What a form that sends something (an application, an invitation, a message, a public form)
 * tells the person, and where it puts their focus (spec section 5): after every failed submit
 * focus goes to the error summary (give it `summaryRef`), so a screen reader reads what is wrong;
 * once sent it goes to the confirmation (give it `confirmationRef`; a form that is not replaced by
 * a confirmation leaves `isSent` out). `failure` is the message for a failure no field owns.
 */
export function useSendFeedback(isSent = false) {
  const [failure, setFailure] = useState<string | null>(null);
  const [failedSubmits, setFailedSubmits] = useState(0);
  const summaryRef = useRef<HTMLDivElement>(null);
  const confirmationRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (failedSubmits > 0) summaryRef.current?.focus();
  }, [failedSubmits]);

  useEffect(() => {
    if (isSent) confirmationRef.current?.focus();
  }, [isSent]);

  /** The form's own check failed (its errors are on the fields): focus goes back to the summary. */
  function showInvalid() {
    setFailedSubmits((count) => count + 1);
  }

  return {
    failure,
    summaryRef,
    confirmationRef,
    /** A new try: the last failure's message goes. */
    clearFailure: () => setFailure(null),
    showInvalid,
    /** Something is wrong: `message` (none when the fields say it all) goes to the summary, and focus with it. */
    showProblem(message: string | null) {
      setFailure(message);
      showInvalid();
    },
    /**
     * The send failed: the server's field errors go on their fields, any other failure to the
     * summary in the words of `failureText`.
     */
    showFailure(error: unknown, setFieldErrors: (errors: Readonly<Record<string, string>>) => void, failureText: (error: unknown) => string = errorText) {
      if (hasFieldErrors(error)) setFieldErrors(error.fieldErrors);
      else setFailure(failureText(error));
      showInvalid();
    },
  };
}
