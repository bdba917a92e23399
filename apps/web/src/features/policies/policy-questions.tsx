import { Anchor, Box, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { sitePath, useSiteConfig } from '../../platform/site-config';
import classes from './policy-page.module.css';
import { telHref } from '../../platform/phone-link';

const HEADING_ID = 'policy-questions-heading';

/** The closing block of every policy: whom to ask, with the support contacts from configuration. */
export function PolicyQuestions() {
  const site = useSiteConfig();
  return (
    <Box component="section" aria-labelledby={HEADING_ID} className={classes.questions}>
      <Title order={2} size="h3" id={HEADING_ID}>
        Questions about this policy?
      </Title>
      <Text mt="xs">
        Our support team can explain any part of it, or send it to you in another format.
      </Text>
      <Text mt="xs">
        Phone{' '}
        <Anchor href={telHref(site.supportPhone)} underline="always">
          {site.supportPhone}
        </Anchor>{' '}
        or email{' '}
        <Anchor href={`mailto:${site.supportEmail}`} underline="always">
          {site.supportEmail}
        </Anchor>
        .
      </Text>
      <Text mt="xs">
        To give feedback, make a complaint or report an incident, use our{' '}
        <Anchor component={Link} to={sitePath(site, 'feedbackHub')} underline="always">
          feedback, complaints and incident reports
        </Anchor>{' '}
        page.
      </Text>
    </Box>
  );
}
