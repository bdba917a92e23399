import { List, Text, Title } from '@mantine/core';
import { Notice } from '../../platform/notice';

/**
 * What an INACTIVE profile means (spec section 4) and why a profile is inactive (the onboarding
 * of /work/shared/domain/workflows.md: until approval, when a required document lapses, or when
 * an admin suspends the worker).
 */
export function InactiveProfileNotice() {
  return (
    <Notice tone="warning" role="region" aria-labelledby="inactive-profile-heading">
      <Title order={2} size="h3" id="inactive-profile-heading" mb="xs">
        Your profile is inactive
      </Title>
      <Text>While your profile is inactive you cannot:</Text>
      <List mt="xs" mb="xs">
        <List.Item>see or apply for your jobs</List.Item>
        <List.Item>submit hours</List.Item>
        <List.Item>manage bookings or use your calendar</List.Item>
        <List.Item>send or read messages</List.Item>
        <List.Item>complete check-ins or your annual review</List.Item>
      </List>
      <Text>
        A profile is inactive until our team has checked and approved it, and again if a required document such as
        your police check or NDIS Worker Screening clearance expires, or if your account has been suspended. Complete
        your profile and keep your documents current; we will email you when your profile is active.
      </Text>
    </Notice>
  );
}
