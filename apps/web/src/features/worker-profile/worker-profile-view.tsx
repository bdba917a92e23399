import type { ReactNode } from 'react';
import { Container, Group, List, Stack, Text, Title } from '@mantine/core';
import type { WorkerProfile, WorkerReview } from '@tendly/domain/api/search';
import { AvailabilityTable } from './availability-table';
import { ChecksList } from './checks-list';
import { formatMonth, formatRating, workerPlace } from './profile-format';
import { RatesTable } from './rates-table';
import { ReviewsList } from './reviews-list';
import { SkillsByGroup } from './skills-by-group';
import { StarRating } from './star-rating';
import { TagList } from './tag-list';
import classes from './worker-profile.module.css';
import { workerDisplayName } from '@tendly/domain/format';

/**
 * A worker's profile as care seekers see it (issue 5): the public page and the worker's own
 * preview both render this, so the preview cannot drift from what the public gets. `actions`
 * (shortlist, contact) sit under the name; `notice` (the worker's own note) above the details;
 * `reviewPanel` (a care seeker's own review) above the reviews, and `reviewActions` (the worker's
 * Reply) under each.
 */
export function WorkerProfileView({
  profile,
  actions,
  notice,
  reviewPanel,
  reviewActions,
}: {
  profile: WorkerProfile;
  actions?: ReactNode;
  notice?: ReactNode;
  reviewPanel?: ReactNode;
  reviewActions?: (review: WorkerReview) => ReactNode;
}) {
  const name = workerDisplayName(profile);
  const place = workerPlace(profile);
  const { firstName } = profile;

  return (
    <Container size="lg" py="xl">
      <header className={classes.header}>
        {/* The name is the heading beside it, so the photo needs no text of its own. */}
        <img src={profile.avatar} alt="" width={128} height={128} className={classes.avatar} />
        <div>
          <Title order={1}>{name}</Title>
          {place && (
            <Text size="lg" fw={600} c="tendlyTeal.8">
              {place}
            </Text>
          )}
          {profile.headline && (
            <Text size="lg" mt="xs">
              {profile.headline}
            </Text>
          )}
          <Group gap="xs" mt="xs">
            {profile.rating !== null && profile.reviewCount > 0 ? (
              <>
                <StarRating rating={profile.rating} />
                <Text component="span">
                  {formatRating(profile.rating)} from {profile.reviewCount} {profile.reviewCount === 1 ? 'review' : 'reviews'}
                </Text>
              </>
            ) : (
              <Text component="span">No reviews yet</Text>
            )}
            <Text component="span" c="dimmed">
              · Joined in {formatMonth(profile.joinedAt)}
            </Text>
          </Group>
          {actions}
        </div>
      </header>

      {notice}

      <Stack gap="xl" mt="xl">
        <ProfileSection id="about" title={`About ${firstName}`}>
          <Text className={classes.prose}>{profile.bio || `${firstName} has not written about themselves yet.`}</Text>
        </ProfileSection>

        <ProfileSection id="skills" title="Skills and experience">
          <SkillsByGroup skills={profile.skills} firstName={firstName} />
        </ProfileSection>

        <ProfileSection id="tasks" title="Everyday help">
          <TagList items={profile.tasks} emptyText={`${firstName} has not listed the tasks they help with yet.`} />
        </ProfileSection>

        <ProfileSection id="languages" title="Languages">
          <TagList items={profile.languages} emptyText={`${firstName} has not listed their languages yet.`} />
        </ProfileSection>

        <ProfileSection id="qualifications" title="Qualifications">
          <TagList items={profile.qualifications} emptyText={`${firstName} has not listed any qualifications yet.`} />
        </ProfileSection>

        <ProfileSection id="rates" title="Rates">
          <RatesTable rates={profile.rates} firstName={firstName} />
        </ProfileSection>

        <ProfileSection id="availability" title="Availability">
          <AvailabilityTable availability={profile.availability} firstName={firstName} />
        </ProfileSection>

        <ProfileSection id="checks" title="Background checks">
          <ChecksList checks={profile.checks} />
        </ProfileSection>

        <ProfileSection id="getting-around" title="Driving and personal care">
          <List spacing={4}>
            <List.Item>{profile.driving.hasDriversLicence ? 'Has a driver’s licence' : 'No driver’s licence'}</List.Item>
            <List.Item>{profile.driving.hasCar ? 'Has a car' : 'No car'}</List.Item>
            {profile.travelRadiusKm !== null && <List.Item>Travels up to {profile.travelRadiusKm} km</List.Item>}
            <List.Item>{profile.personalCare ? 'Offers personal care' : 'Does not offer personal care'}</List.Item>
          </List>
        </ProfileSection>

        <ProfileSection id="reviews" title={`Reviews (${profile.reviewCount})`}>
          {reviewPanel}
          <ReviewsList reviews={profile.reviews} firstName={firstName} {...(reviewActions ? { actions: reviewActions } : {})} />
        </ProfileSection>
      </Stack>
    </Container>
  );
}

function ProfileSection({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  const headingId = `profile-${id}-heading`;
  return (
    <section aria-labelledby={headingId} className={classes.section}>
      <Title order={2} size="h3" id={headingId} mb="sm">
        {title}
      </Title>
      {children}
    </section>
  );
}
