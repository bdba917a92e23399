import { Box, Container, Text } from '@mantine/core';
import { MarkdownContent } from '../../platform/markdown-content';
import { PageIntro } from '../../platform/page-intro';
import { useSiteConfig } from '../../platform/site-config';
import guidance from './covid-19-guidance.md?tree';
import { FreshAirIllustration } from './covid-19-illustration';
import { formatCalendarDate } from '@tendly/domain/format';

/**
 * /covid-19: calm, current guidance on COVID-19 and other respiratory infections. The guidance
 * is Markdown beside this file; whoever changes it updates the review date here, so readers can
 * see how current it is. The cancellation rules repeat the NDIS short-notice rule (7 clear days,
 * up to 100%) that is the default in our contracts (domain/workflows.md).
 */
const GUIDANCE_REVIEWED_ON = '2026-11-22';

const reviewedDate = formatCalendarDate(GUIDANCE_REVIEWED_ON);

export default function Covid19Page() {
  const site = useSiteConfig();
  return (
    <>
      <PageIntro
        title="COVID-19 and staying well"
        lead={`How workers and clients on ${site.brandName} keep each other safe from COVID-19, flu and other respiratory infections, and what happens to a shift when someone is unwell.`}
        illustration={<FreshAirIllustration />}
      >
        <Text mt="md" fw={600}>
          Last reviewed <time dateTime={GUIDANCE_REVIEWED_ON}>{reviewedDate}</time>
        </Text>
      </PageIntro>
      <Container size="lg" py={48}>
        <Box maw={760}>
          <MarkdownContent content={guidance.content} />
        </Box>
      </Container>
    </>
  );
}
