import { Anchor, Button, Container, Group, List, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { sitePath, useSiteConfig } from '../../platform/site-config';
import { TitledSection } from '../../platform/titled-section';
import { telHref } from '../../platform/phone-link';

/** /referrals: who can refer someone for support, and how (spec 2.3; the home page's help card). */
export default function ReferralsPage() {
  const site = useSiteConfig();
  return (
    <Container size="md" py="xl">
      <Stack gap="lg">
        <Title order={1}>Make a referral</Title>
        <Text size="lg">
          Refer a client, family member or friend who needs disability, aged care or mental health support. We
          help them find independent support workers they choose, funded by their NDIS plan, a Home Care Package,
          Support at Home or their own money.
        </Text>

        <TitledSection id="who-can-refer" heading="Who can make a referral" size="h3">
          <List mt="sm" spacing={4}>
            <List.Item>Support coordinators and specialist support coordinators</List.Item>
            <List.Item>Case workers, social workers and local area coordinators</List.Item>
            <List.Item>Doctors, nurses, allied health and hospital discharge teams</List.Item>
            <List.Item>Providers and plan managers</List.Item>
            <List.Item>Family members, carers and the person themselves</List.Item>
          </List>
        </TitledSection>

        <TitledSection id="how-to-refer" heading="How it works" size="h3">
          <List type="ordered" mt="sm" spacing={4}>
            <List.Item>Check that the person (or their guardian) agrees to being referred.</List.Item>
            <List.Item>
              Send the referral online. It takes about 5 minutes; the NDIS number is helpful but not required.
            </List.Item>
            <List.Item>We contact you within 2 business days and talk with the person about the support they want.</List.Item>
            <List.Item>We help them choose workers and set up their service agreement, and keep you informed.</List.Item>
          </List>
        </TitledSection>

        <Group gap="md">
          <Button component={Link} to={sitePath(site, 'referralDisability')} size="md">
            Make a disability referral
          </Button>
          <Button component={Link} to={sitePath(site, 'quickRequest')} size="md" variant="outline">
            Send a quick request
          </Button>
        </Group>
        <Text>
          Prefer to talk? Call us on <Anchor href={telHref(site.supportPhone)}>{site.supportPhone}</Anchor> or
          email <Anchor href={`mailto:${site.supportEmail}`}>{site.supportEmail}</Anchor>.
        </Text>
      </Stack>
    </Container>
  );
}
