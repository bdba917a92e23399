import type { ComponentType } from 'react';
import type { JobWizardStep } from '@tendly/domain/api/jobs';
import { FundingStep } from './funding-step';
import { HealthStep } from './health-step';
import { LocationStep } from './location-step';
import { PostStep } from './post-step';
import { ScheduleStep } from './schedule-step';
import type { StepFieldsProps } from './step-fields';
import { SupportStep } from './support-step';
import { WorkerStep } from './worker-step';

/** The fields of each wizard step: the wizard shows one at a time, the edit page all of them. */
export const stepComponents: Readonly<Record<JobWizardStep['id'], ComponentType<StepFieldsProps>>> = {
  support: SupportStep,
  location: LocationStep,
  schedule: ScheduleStep,
  worker: WorkerStep,
  health: HealthStep,
  funding: FundingStep,
  post: PostStep,
};
