import type { FormState } from '../../platform/form-state';
import type { JobFormValues } from './job-form-values';

/** What each step's fields take: the job's form and the id its controls' ids start with. */
export interface StepFieldsProps {
  readonly form: FormState<JobFormValues>;
  readonly formId: string;
  /** The level of headings inside the step: 2 under the wizard's h1, 3 under the edit page's h2s. */
  readonly subheadingOrder?: 2 | 3;
}
