import { Container, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useMatches } from 'react-router';
import { findRoute } from '@tendly/domain/routes';
import { MarkdownContent, markdownHeadings } from '../../platform/markdown-content';
import { Notice } from '../../platform/notice';
import { useSiteConfig } from '../../platform/site-config';
import { PolicyLoading } from './policy-loading';
import { hasPolicyContent, loadPolicyDocument } from './policy-documents';
import { formatCalendarDate } from '@tendly/domain/format';
import { PolicyQuestions } from './policy-questions';
import { PolicyTableOfContents } from './policy-table-of-contents';
import classes from './policy-page.module.css';

/** A policy with at least this many sections opens with a table of contents. */
const CONTENTS_MIN_SECTIONS = 4;

/**
 * The `policy` screen: every policy route of the route table (privacy, terms, complaints, ...).
 * The router names each route by its route table id; the page loads that id's Markdown.
 */
export default function PolicyPage() {
  const site = useSiteConfig();
  const routeId = useMatches().at(-1)?.id ?? '';
  const route = findRoute(routeId);
  const policy = useQuery({
    queryKey: ['policy', routeId],
    queryFn: () => loadPolicyDocument(routeId),
    enabled: hasPolicyContent(routeId),
    staleTime: Infinity,
  });

  const isLoading = policy.isPending && hasPolicyContent(routeId);
  const sections = policy.data ? markdownHeadings(policy.data.content, site).filter((heading) => heading.depth === 1) : [];

  return (
    <Container size="lg" py="xl">
      <article className={classes.article}>
        <Title order={1}>{route.title}</Title>
        {policy.data && (
          <Text c="dimmed" mt="xs">
            Last updated <time dateTime={policy.data.lastUpdated}>{formatCalendarDate(policy.data.lastUpdated)}</time>
            {' · '}
            Next review due <time dateTime={policy.data.nextReview}>{formatCalendarDate(policy.data.nextReview)}</time>
          </Text>
        )}

        {isLoading && <PolicyLoading />}
        {(policy.isError || !hasPolicyContent(routeId)) && (
          <Notice tone="error" role="alert" mt="lg">
            We could not load this policy. Please refresh the page, or contact us and we will send it to you.
          </Notice>
        )}

        {policy.data && (
          <>
            {sections.length >= CONTENTS_MIN_SECTIONS && <PolicyTableOfContents sections={sections} />}
            <MarkdownContent content={policy.data.content} />
          </>
        )}

        {/* Below the policy once it is there: shown under the loader, it was pushed down when the text came (issue 32). */}
        {!isLoading && <PolicyQuestions />}
      </article>
    </Container>
  );
}
