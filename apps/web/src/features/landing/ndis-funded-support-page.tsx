import { Group, List, Text } from '@mantine/core';
import { ndisLineItems, supportLevels } from '@tendly/domain/ndis-line-items';
import { PageIntro } from '../../platform/page-intro';
import { useSiteConfig } from '../../platform/site-config';
import { CallToActionBand } from './call-to-action-band';
import { FaqAccordion, type FaqEntry } from './faq-accordion';
import { FindCareActions } from './find-care-actions';
import { NdisIllustration } from './landing-illustrations';
import { LandingSection } from './landing-section';
import { PointGrid, type LandingPoint } from './point-grid';

/**
 * NDIS funded support (/ndis-funded-support). How each way of managing an NDIS plan pays
 * through the marketplace (workflows.md "Paying and getting paid"), the price limits and GST
 * (ndis.md "GST"), and the NDIS line items workers are booked under (spec section 3).
 */

// "Other" names no support on its own; the page says in words that other plan supports can fit.
const namedLineItems = ndisLineItems.filter((item) => item.code !== 'OTHER');

export default function NdisFundedSupportPage() {
  const site = useSiteConfig();

  const fundingTypes: readonly LandingPoint[] = [
    {
      title: 'Self-managed',
      text: 'You approve your worker’s hours and pay each invoice by saved card or by bank transfer, quoting the payment reference printed on the invoice. You then claim the amount from your plan through the NDIS, as you do for any self-managed support.',
    },
    {
      title: 'Plan-managed',
      text: 'Add your plan manager to your account. When you approve hours, the invoice is emailed to them and they pay it from your plan. You never handle the money.',
    },
    {
      title: 'Agency-managed (NDIA-managed)',
      text: `${site.brandName} is a registered NDIS provider, so we claim payment from the NDIA for you once you have approved the hours. Add your NDIS number and plan dates to your account, and we look after the rest.`,
    },
  ];

  const faqs: readonly FaqEntry[] = [
    {
      question: 'Do I need a plan manager to use this marketplace?',
      answer: 'No. Self-managed, plan-managed and agency-managed participants can all hire and pay workers here.',
    },
    {
      question: 'Can a worker charge more than the NDIS price limit?',
      answer:
        'Not for supports paid from your NDIS plan. Rates for NDIS-funded supports must be at or below the limit for that support, time and place. You can agree anything above that only if you pay the difference yourself, outside your plan.',
    },
    {
      question: 'What if I need to cancel a shift?',
      answer:
        'Give as much notice as you can. Under the NDIS rules, a shift cancelled with less than 7 clear days’ notice, or missed without notice, can be charged up to the full amount if your service agreement says so.',
    },
    {
      question: 'Can my worker’s travel be paid from my plan?',
      answer:
        'Often, yes. Time spent travelling to you and kilometres driven during your support can be claimed within the NDIS limits, at the rates in your contract.',
    },
    {
      question: 'Who checks that workers are safe to work with me?',
      answer:
        'Every worker holds a national police check, an NDIS Worker Screening clearance, a working with children check where needed, and two references before their profile goes live.',
    },
  ];

  return (
    <>
      <PageIntro
        title="Use your NDIS plan to pay workers you choose"
        lead={`Whether you self-manage, use a plan manager or have your plan managed by the NDIA, you can hire independent support workers through ${site.brandName} and pay them from your NDIS funding.`}
        illustration={<NdisIllustration />}
      >
        <Group mt="xl" gap="md">
          <FindCareActions />
        </Group>
      </PageIntro>

      <LandingSection
        title="How each kind of plan pays"
        intro="Every worker’s hours are approved by you, a family member or your nominee before an invoice is issued. What happens next depends on how your plan is managed."
      >
        <PointGrid points={fundingTypes} />
      </LandingSection>

      <LandingSection tinted title="Price limits and GST">
        <Text maw={820}>
          The NDIS sets the most that can be claimed for each support, an hourly price limit that depends on the
          time of day, the day of the week, public holidays and how remote the place is. Workers set their own
          rates, and for supports paid from your plan those rates stay within the limits. Each invoice line shows
          the NDIS support item it is claimed under.
        </Text>
        <Text maw={820} mt="md">
          Supports delivered to you under your plan, with a written service agreement, are GST-free. If a worker
          is registered for GST and a support is not GST-free, the price limit includes the GST. Our platform fee
          comes out of the worker’s payment, so it never pushes an invoice over the limit.
        </Text>
      </LandingSection>

      <LandingSection
        title="Supports you can book"
        intro={`Workers on ${site.brandName} can provide support under these NDIS line items, and other supports in your plan where they fit.`}
      >
        <List spacing="xs" listStyleType="disc" maw={820}>
          {namedLineItems.map((item) => (
            <List.Item key={item.code}>{item.label}</List.Item>
          ))}
        </List>
        <Text mt="lg" maw={820}>
          Some supports are priced at two levels, {supportLevels.map((level) => level.label).join(' and ')}, for
          people whose support needs extra skill, such as complex personal care. Your plan, and your support
          coordinator if you have one, can tell you which apply to you.
        </Text>
      </LandingSection>

      <LandingSection tinted title="Questions about NDIS funding">
        <FaqAccordion entries={faqs} />
      </LandingSection>

      <CallToActionBand
        title="Put your plan to work"
        text="Tell local workers what you need and choose the people who suit you."
      >
        <FindCareActions onDark />
      </CallToActionBand>
    </>
  );
}
