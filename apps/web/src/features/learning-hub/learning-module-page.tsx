import { Anchor, Box, Button, Container, Group, Skeleton, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { routePath } from '@tendly/domain/routes';
import { isNotFoundError } from '../../platform/api-client';
import { MarkdownContent } from '../../platform/markdown-content';
import { fillTextPlaceholders } from '../../platform/text-placeholders';
import { Notice } from '../../platform/notice';
import { useSession } from '../../platform/session';
import { useSiteConfig } from '../../platform/site-config';
import { OnboardingNextStep } from '../../platform/onboarding-next-step';
import { CertificateButton } from './certificate-button';
import { fetchLearningModule, learningQueryKeys } from './learning-hub-api';
import { ModuleStatus } from './module-status';
import { QuizForm } from './quiz-form';

/** /learning-hub/:code (issue 12): a module's content, then its quiz, its result and the certificate. */
export default function LearningModulePage() {
  const { code = '' } = useParams();
  const site = useSiteConfig();
  const { user } = useSession();
  const module = useQuery({
    queryKey: [...learningQueryKeys.module(code), user?.id ?? null],
    queryFn: ({ signal }) => fetchLearningModule(code, signal),
  });
  const back = (
    <Anchor component={Link} to={routePath('learningHub')} underline="always">
      Back to the learning hub
    </Anchor>
  );

  if (module.isError) {
    const missing = isNotFoundError(module.error);
    return (
      <Container size="md" py="xl">
        <Title order={1}>{missing ? 'We could not find this module' : 'Learning hub'}</Title>
        <Notice tone="error" role="alert" mt="md">
          <Text>{missing ? 'It may have moved. Choose a module from the learning hub.' : 'We could not load this module just now. Please try again in a minute.'}</Text>
        </Notice>
        <Group mt="md">
          {!missing && (
            <Button variant="outline" onClick={() => void module.refetch()}>
              Try again
            </Button>
          )}
          {back}
        </Group>
      </Container>
    );
  }

  if (!module.data) {
    return (
      <Container size="md" py="xl" aria-busy="true">
        <div role="status">
          <VisuallyHidden>Loading the module</VisuallyHidden>
        </div>
        <Stack aria-hidden="true">
          <Skeleton height={40} width="60%" />
          <Skeleton height={300} />
        </Stack>
      </Container>
    );
  }

  const detail = module.data;
  const title = fillTextPlaceholders(detail.title, site);
  return (
    <Container size="md" py="xl">
      {back}
      <Title order={1} mt="sm">
        {title}
      </Title>
      <Text size="lg" mt="xs">
        {fillTextPlaceholders(detail.summary, site)}
      </Text>
      <Text size="sm" mt="xs" c="gray.8">
        {detail.readingMinutes} minute read · {detail.questionCount} quiz questions
      </Text>
      <Stack gap="xs" mt="sm" align="flex-start">
        <ModuleStatus progress={detail.progress} />
        {detail.progress.passedAt && <CertificateButton code={detail.code} moduleTitle={title} />}
      </Stack>
      {detail.sections.map((section) => (
        <section key={section.heading} aria-label={section.heading}>
          <Title order={2} mt="xl">
            {section.heading}
          </Title>
          <MarkdownContent content={section.content} headingOffset={0} />
        </section>
      ))}
      <QuizForm key={detail.code} module={detail} />
      {detail.progress.passedAt && (
        <Box mt="xl">
          <OnboardingNextStep />
        </Box>
      )}
    </Container>
  );
}
