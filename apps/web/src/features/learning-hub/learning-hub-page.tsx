import { Anchor, Badge, Button, Card, Container, Group, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { QUIZ_PASS_PERCENT } from '@tendly/domain/learning';
import { routePath } from '@tendly/domain/routes';
import { fillTextPlaceholders } from '../../platform/text-placeholders';
import { useSession } from '../../platform/session';
import { useSiteConfig } from '../../platform/site-config';
import { fetchLearningModules, learningQueryKeys } from './learning-hub-api';
import { ModuleStatus } from './module-status';
import { LoadFailure, LoadingStatus } from '../../platform/page-load-state';
import { telHref } from '../../platform/phone-link';

/**
 * /learning-hub (issue 12): the modules as cards with where the worker stands in each. The
 * platform induction is required before a new profile is reviewed, so it comes first and says so.
 */
export default function LearningHubPage() {
  const site = useSiteConfig();
  const { user } = useSession();
  const modules = useQuery({
    queryKey: [...learningQueryKeys.modules, user?.id ?? null],
    queryFn: ({ signal }) => fetchLearningModules(signal),
  });

  return (
    <Container size="lg" py="xl">
      <Title order={1}>Learning hub</Title>
      <Text size="lg" mt="xs" maw={720}>
        Short modules written for independent support workers. Read a module, then take its quiz: {QUIZ_PASS_PERCENT}% or
        more passes, and you can download a certificate for each module you pass. Try a quiz as often as you like.
      </Text>
      {modules.data ? (
        <SimpleGrid component="ul" cols={{ base: 1, sm: 2, lg: 3 }} spacing="lg" mt="xl" p={0} style={{ listStyle: 'none' }} aria-label="Learning hub modules">
          {modules.data.map((module) => {
            const title = fillTextPlaceholders(module.title, site);
            return (
              <li key={module.code}>
                <Card component="article" withBorder radius="md" padding="lg" h="100%" aria-labelledby={`module-${module.code}`}>
                  <Stack gap="xs" h="100%">
                    {module.isRequired && (
                      <Badge color="grape.9" radius="sm" tt="none" w="fit-content">
                        Required before your profile is reviewed
                      </Badge>
                    )}
                    <Title order={2} size="h4" id={`module-${module.code}`}>
                      {title}
                    </Title>
                    <Text size="sm">{fillTextPlaceholders(module.summary, site)}</Text>
                    <Text size="sm" c="gray.8">
                      {module.readingMinutes} minute read · {module.questionCount} quiz questions
                    </Text>
                    <ModuleStatus progress={module.progress} />
                    <Group mt="auto" pt="sm">
                      <Button component={Link} to={routePath('learningModule', { code: module.code })} aria-label={`${module.progress.passedAt ? 'Review module' : 'Start module'}: ${title}`}>
                        {module.progress.passedAt ? 'Review module' : 'Start module'}
                      </Button>
                    </Group>
                  </Stack>
                </Card>
              </li>
            );
          })}
        </SimpleGrid>
      ) : modules.isError ? (
        <LoadFailure query={modules} mt="xl">
          We could not load the learning hub just now. Please try again in a minute.
        </LoadFailure>
      ) : (
        <LoadingStatus what="the learning hub">
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} mt="xl" aria-hidden="true">
            <Skeleton height={260} radius="md" />
            <Skeleton height={260} radius="md" />
            <Skeleton height={260} radius="md" />
          </SimpleGrid>
        </LoadingStatus>
      )}
      <Text size="sm" mt="xl">
        Questions about a module? Contact us on{' '}
        <Anchor href={telHref(site.supportPhone)} underline="always">
          {site.supportPhone}
        </Anchor>
        .
      </Text>
    </Container>
  );
}
