import { useState } from 'react';
import { Badge, Button, Fieldset, Group, Stack, Text, TextInput } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { WorkerReferees } from '@tendly/domain/api/worker-onboarding';
import { refereesSchema } from '@tendly/domain/validation/referees';
import { ApiError, errorText } from '../../platform/api-client';
import { ErrorNotice } from '../../platform/notice';
import { fetchReferees, refereesKey, resendRefereeLink, saveReferees } from './referees-api';
import { useFormErrors } from './use-form-with-focus';
import { formatInstantDate } from '@tendly/domain/format';
import { OnboardingNextStep } from '../../platform/onboarding-next-step';
import { QueryPage } from '../../platform/query-page';

type RefereeValues = { name: string; relationship: string; email: string; phone: string };
const blank: RefereeValues = { name: '', relationship: '', email: '', phone: '' };

/**
 * /care-worker/referees (issue 12): the worker's two referees. Each is emailed a link to a short
 * reference form; the worker sees who has answered, never what they said.
 */
export default function RefereesPage() {
  const referees = useQuery({ queryKey: refereesKey, queryFn: ({ signal }) => fetchReferees(signal) });
  return (
    <QueryPage
      title="Referees"
      intro="Name two people who know your work, such as a former team leader or a client’s family member. They can’t be family of yours. We’ll email each of them a short form that takes about two minutes."
      size="md"
      query={referees}
      loading="Loading your referees…"
    >
      {referees.data && (
        <Stack gap="xl">
          <RefereesForm current={referees.data} />
          <OnboardingNextStep />
        </Stack>
      )}
    </QueryPage>
  );
}

function RefereesForm({ current }: { current: WorkerReferees }) {
  const queryClient = useQueryClient();
  const [values, setValues] = useState<RefereeValues[]>(() =>
    [1, 2].map((position) => {
      const found = current.referees.find((r) => r.position === position);
      return found ? { name: found.name, relationship: found.relationship, email: found.email, phone: found.phone } : { ...blank };
    }),
  );
  const form = useFormErrors();
  const [saved, setSaved] = useState(false);
  const onSaved = (answer: WorkerReferees) => {
    queryClient.setQueryData(refereesKey, answer);
    void queryClient.invalidateQueries({ queryKey: ['worker-onboarding'] });
  };
  const save = useMutation({
    mutationFn: saveReferees,
    onSuccess: (answer) => {
      onSaved(answer);
      setSaved(true);
    },
    onError: (error) => form.show(error instanceof ApiError ? { ...error.fieldErrors } : {}),
  });
  const resend = useMutation({ mutationFn: resendRefereeLink, onSuccess: onSaved });

  const set = (index: number, field: keyof RefereeValues, value: string) => {
    setValues((all) => all.map((referee, i) => (i === index ? { ...referee, [field]: value } : referee)));
    form.clear(`referees.${index}.${field}`);
    setSaved(false);
  };

  function onSubmit(event: { preventDefault(): void }) {
    event.preventDefault();
    const parsed = form.check(refereesSchema, { referees: values });
    if (parsed) save.mutate(parsed);
  }

  const failure = save.isError ? errorText(save.error) : null;

  return (
    <form ref={form.formRef} onSubmit={onSubmit} noValidate aria-label="Your referees">
      <Stack gap="lg" mt="lg">
        {values.map((referee, index) => {
          const position = index + 1;
          const status = current.referees.find((r) => r.position === position);
          const prefix = `referees.${index}`;
          return (
            <Fieldset key={position} legend={`Referee ${position}`}>
              {status && (
                <Group gap="sm" mb="sm">
                  <Badge color={status.answeredAt ? 'teal.9' : 'gray.7'} variant={status.answeredAt ? 'filled' : 'outline'}>
                    {status.answeredAt ? 'Reference received' : 'Waiting for their reference'}
                  </Badge>
                  {!status.answeredAt && status.linkExpiresAt && (
                    <Text size="sm">Their link works until {formatInstantDate(status.linkExpiresAt, { timeZone: 'Australia/Sydney' })}.</Text>
                  )}
                  {!status.answeredAt && (
                    <Button variant="subtle" size="compact-sm" loading={resend.isPending && resend.variables === position} onClick={() => resend.mutate(position)}>
                      Email referee {position} a new link
                    </Button>
                  )}
                </Group>
              )}
              <Stack gap="sm">
                <TextInput label="Name" value={referee.name} onChange={(e) => set(index, 'name', e.currentTarget.value)} {...form.errorOf(`${prefix}.name`)} />
                <TextInput
                  label="How you know them"
                  description="For example: former team leader"
                  value={referee.relationship}
                  onChange={(e) => set(index, 'relationship', e.currentTarget.value)}
                  {...form.errorOf(`${prefix}.relationship`)}
                />
                <TextInput label="Email address" type="email" value={referee.email} onChange={(e) => set(index, 'email', e.currentTarget.value)} {...form.errorOf(`${prefix}.email`)} />
                <TextInput label="Phone" type="tel" value={referee.phone} onChange={(e) => set(index, 'phone', e.currentTarget.value)} {...form.errorOf(`${prefix}.phone`)} />
              </Stack>
            </Fieldset>
          );
        })}
        {form.errors.referees && <Text c="red.9">{form.errors.referees}</Text>}
        <Group>
          <Button type="submit" loading={save.isPending}>
            Save referees
          </Button>
          <div aria-live="polite">{saved && <Text c="teal.9">Saved. We’ve emailed any new referee.</Text>}</div>
        </Group>
        <ErrorNotice message={failure} />
        {resend.isSuccess && (
          <Text role="status" c="teal.9">
            We’ve emailed a new link.
          </Text>
        )}
      </Stack>
    </form>
  );
}
