import { toCodedOptions } from './coded-options';

/** Worker profile status (spec sections 3 and 4): INACTIVE restricts the worker's menu and routes. */
export const workerProfileStatuses = ['ACTIVE', 'INACTIVE'] as const;
export type WorkerProfileStatus = (typeof workerProfileStatuses)[number];

/** Account status: a DEACTIVATED account cannot sign in (spec section 8, the 403 on login). */
export const userStatuses = ['ACTIVE', 'DEACTIVATED'] as const;
export type UserStatus = (typeof userStatuses)[number];

export const genderCodes = ['FEMALE', 'MALE', 'NON_BINARY'] as const;
export type Gender = (typeof genderCodes)[number];

/** Written once: a job's gender preference labels the genders with these words too. */
export const genderLabels: Readonly<Record<Gender, string>> = {
  FEMALE: 'Female',
  MALE: 'Male',
  NON_BINARY: 'Non-binary',
};

export const genders = toCodedOptions(genderCodes, genderLabels);

/** Sign-up question "how did you hear about us" (spec section 5, `hearAboutUs`). */
export const hearAboutUsCodes = [
  'SEARCH_ENGINE',
  'SOCIAL_MEDIA',
  'FRIEND_OR_FAMILY',
  'SUPPORT_COORDINATOR',
  'CARE_PROVIDER',
  'JOB_BOARD',
  'NEWS_OR_MEDIA',
  'EVENT',
  'OTHER',
] as const;
export type HearAboutUs = (typeof hearAboutUsCodes)[number];

export const hearAboutUsOptions = toCodedOptions(hearAboutUsCodes, {
  SEARCH_ENGINE: 'Search engine (Google, Bing)',
  SOCIAL_MEDIA: 'Social media',
  FRIEND_OR_FAMILY: 'A friend or family member',
  SUPPORT_COORDINATOR: 'A support coordinator',
  CARE_PROVIDER: 'A care provider or health professional',
  JOB_BOARD: 'A job board',
  NEWS_OR_MEDIA: 'News, radio or TV',
  EVENT: 'An event or expo',
  OTHER: 'Other',
});
