import { Paper, Stack } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import {
  AboutSection,
  AvailabilitySection,
  ExperienceSection,
  GenderSection,
  LanguagesSection,
  LocationSection,
  RatesSection,
  SkillsSection,
  SupportsMinorsSection,
  TransportSection,
} from './profile-sections';
import { fetchWorkerProfile, workerProfileKey } from './worker-profile-editor-api';
import { PhotoSection } from './photo-section';
import { OnboardingNextStep } from '../../platform/onboarding-next-step';
import { QueryPage } from '../../platform/query-page';
import { RestoredDraftNotice, UnsavedChangesBar } from './unsaved-changes-bar';
import { UnsavedSections, UnsavedSectionsProvider } from './unsaved-sections';

/**
 * /care-worker/update-profile (issue 12): every field of the worker's profile, one section at a
 * time, each saved on its own or all at once with "Save all changes" (issue 31). Nothing typed is
 * lost: unsaved changes are kept on the device, and leaving asks first.
 */
export default function WorkerProfileEditorPage() {
  const profile = useQuery({ queryKey: workerProfileKey, queryFn: ({ signal }) => fetchWorkerProfile(signal) });
  const [sections] = useState(() => new UnsavedSections());

  return (
    <QueryPage
      title="Update my profile"
      intro="Save each part when you are happy with it, or everything at once at the bottom. Care seekers see your profile once it is approved."
      size="md"
      query={profile}
      loading="Loading your profile…"
    >
      {profile.data && (
        <UnsavedSectionsProvider store={sections}>
          <Stack gap="xl" mt="lg">
            <RestoredDraftNotice store={sections} />
            <AboutSection profile={profile.data} />
            <Paper id="photo" withBorder p="lg" radius="md">
              <PhotoSection avatarUrl={profile.data.avatarUrl} onChanged={() => void profile.refetch()} />
            </Paper>
            <SkillsSection profile={profile.data} />
            <ExperienceSection profile={profile.data} />
            <LanguagesSection profile={profile.data} />
            <GenderSection profile={profile.data} />
            <LocationSection profile={profile.data} />
            <TransportSection profile={profile.data} />
            <SupportsMinorsSection profile={profile.data} />
            <AvailabilitySection profile={profile.data} />
            <RatesSection profile={profile.data} />
            <UnsavedChangesBar store={sections} />
            <OnboardingNextStep />
          </Stack>
        </UnsavedSectionsProvider>
      )}
    </QueryPage>
  );
}
