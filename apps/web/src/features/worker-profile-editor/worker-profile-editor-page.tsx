import { Container, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { ApiError, UNEXPECTED_RESPONSE_MESSAGE } from '../../platform/api-client';
import { Notice } from '../../platform/notice';
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

/**
 * /care-worker/update-profile (issue 12): every field of the worker's profile, one section at a
 * time, each saved on its own.
 */
export default function WorkerProfileEditorPage() {
  const profile = useQuery({ queryKey: workerProfileKey, queryFn: ({ signal }) => fetchWorkerProfile(signal) });

  return (
    <Container size="md" py="xl">
      <Title order={1}>Update my profile</Title>
      <Text size="lg" mt="xs">
        Save each part when you are happy with it. Care seekers see your profile once it is approved.
      </Text>
      {profile.isPending && (
        <Group mt="lg" role="status">
          <Loader size="sm" aria-hidden="true" />
          <Text>Loading your profile…</Text>
        </Group>
      )}
      {profile.isError && (
        <Notice tone="error" role="alert" mt="lg">
          <Text>{profile.error instanceof ApiError ? profile.error.message : UNEXPECTED_RESPONSE_MESSAGE}</Text>
        </Notice>
      )}
      {profile.data && (
        <Stack gap="xl" mt="lg">
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
        </Stack>
      )}
    </Container>
  );
}
