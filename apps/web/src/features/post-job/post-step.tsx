import { Stack, TextInput } from '@mantine/core';
import { JOB_DESCRIPTION_MIN_TEXT, JOB_TITLE_MAX, JOB_TITLE_MIN } from '@tendly/domain/api/jobs';
import { textFieldProps } from '../../platform/form-state';
import { bindControl, SwitchField } from './choice-fields';
import { RichTextField } from './rich-text-field';
import type { StepFieldsProps } from './step-fields';
import classes from './post-job.module.css';

/** Step 7: the post itself (title and description) and who hears about it. */
export function PostStep({ form, formId }: StepFieldsProps) {
  return (
    <Stack gap="xl">
      <TextInput
        {...textFieldProps(form, formId, 'title')}
        label="Job title"
        description={`${JOB_TITLE_MIN} to ${JOB_TITLE_MAX} characters, for example: Friendly support for Dad on weekday mornings`}
        maxLength={JOB_TITLE_MAX}
        size="md"
        withAsterisk
        classNames={{ label: classes.groupLabel }}
      />
      <RichTextField
        {...bindControl(form, formId, 'htmlDescription')}
        label="Describe the support"
        description={`At least ${JOB_DESCRIPTION_MIN_TEXT} characters. Say what a usual visit looks like and what matters most. Do not include phone numbers or a street address.`}
        required
      />
      <SwitchField
        {...bindControl(form, formId, 'disableWorkerNotification')}
        label="Email workers near you about this job"
        description="Workers whose skills match and who live nearby get an email when you post."
        inverted
      />
      <SwitchField
        {...bindControl(form, formId, 'disableJobBoardPosting')}
        label="Show this job on the job board"
        description="Workers looking for jobs can find it and apply. Turn this off to only invite workers yourself."
        inverted
      />
    </Stack>
  );
}
