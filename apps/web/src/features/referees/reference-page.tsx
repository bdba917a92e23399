import { useState } from 'react';
import { Button, Container, Group, Loader, NativeSelect, Radio, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import type { ReferenceRequest } from '@tendly/domain/api/worker-onboarding';
import { knownForOptions, referenceAnswersSchema } from '@tendly/domain/validation/referees';
import { ApiError, errorText } from '../../platform/api-client';
import { Notice } from '../../platform/notice';
import { fetchReferenceRequest, sendReference } from './referees-api';
import { useFormErrors } from './use-form-with-focus';

/**
 * /reference/:token (issue 12): the public form a referee opens from their email. The link works
 * once and for 14 days; the API says why one no longer works.
 */
export default function ReferencePage() {
  const { token = '' } = useParams();
  const request = useQuery({ queryKey: ['reference', token], queryFn: ({ signal }) => fetchReferenceRequest(token, signal), retry: false });
  return (
    <Container size="sm" py="xl">
      <Title order={1}>Give a reference</Title>
      {request.isPending && (
        <Group mt="lg" role="status">
          <Loader size="sm" aria-hidden="true" />
          <Text>Loading…</Text>
        </Group>
      )}
      {request.isError && (
        <Notice tone="error" role="alert" mt="lg">
          <Text>{errorText(request.error)}</Text>
        </Notice>
      )}
      {request.data && <ReferenceForm token={token} request={request.data} />}
    </Container>
  );
}

function ReferenceForm({ token, request }: { token: string; request: ReferenceRequest }) {
  const [values, setValues] = useState({ knownFor: '', capacity: '', reliability: '', wouldRecommend: '', comments: '' });
  const form = useFormErrors();
  const send = useMutation({
    mutationFn: (body: Parameters<typeof sendReference>[1]) => sendReference(token, body),
    onError: (error) => form.show(error instanceof ApiError ? { ...error.fieldErrors } : {}),
  });
  const label = (field: string) => request.questions.find((q) => q.field === field)?.label ?? field;
  const set = (name: keyof typeof values, value: string) => {
    setValues((current) => ({ ...current, [name]: value }));
    form.clear(name);
  };

  if (send.isSuccess) {
    return (
      <Notice tone="success" role="status" mt="lg">
        <Text>{send.data.message}</Text>
      </Notice>
    );
  }

  function onSubmit(event: { preventDefault(): void }) {
    event.preventDefault();
    const parsed = form.check(referenceAnswersSchema, {
      knownFor: values.knownFor || undefined,
      capacity: values.capacity,
      reliability: values.reliability ? Number(values.reliability) : undefined,
      wouldRecommend: values.wouldRecommend === '' ? undefined : values.wouldRecommend === 'yes',
      comments: values.comments,
    });
    if (parsed) send.mutate(parsed);
  }

  return (
    <form ref={form.formRef} onSubmit={onSubmit} noValidate aria-label={`Reference for ${request.workerFirstName}`}>
      <Text size="lg" mt="xs">
        Hi {request.refereeName}, {request.workerFirstName} named you as a referee. Your answers go to our team only, not to {request.workerFirstName}.
      </Text>
      <Stack gap="md" mt="lg">
        <NativeSelect
          label={label('knownFor')}
          data={[{ value: '', label: 'Choose one' }, ...knownForOptions.map((o) => ({ value: o.code, label: o.label }))]}
          value={values.knownFor}
          onChange={(e) => set('knownFor', e.currentTarget.value)}
          {...form.errorOf('knownFor')}
        />
        <TextInput label={label('capacity')} value={values.capacity} onChange={(e) => set('capacity', e.currentTarget.value)} {...form.errorOf('capacity')} />
        <Radio.Group label={label('reliability')} value={values.reliability} onChange={(value) => set('reliability', value)} error={form.errors.reliability}>
          <Group mt="xs">
            {['1', '2', '3', '4', '5'].map((n, i) => (
              <Radio key={n} value={n} label={n} aria-invalid={i === 0 && form.errors.reliability ? true : undefined} />
            ))}
          </Group>
        </Radio.Group>
        <Radio.Group label={label('wouldRecommend')} value={values.wouldRecommend} onChange={(value) => set('wouldRecommend', value)} error={form.errors.wouldRecommend}>
          <Group mt="xs">
            <Radio value="yes" label="Yes" aria-invalid={form.errors.wouldRecommend ? true : undefined} />
            <Radio value="no" label="No" />
          </Group>
        </Radio.Group>
        <Textarea label={label('comments')} rows={5} value={values.comments} onChange={(e) => set('comments', e.currentTarget.value)} {...form.errorOf('comments')} />
        <Group>
          <Button type="submit" loading={send.isPending}>
            Send reference
          </Button>
        </Group>
        {send.isError && (
          <Notice tone="error" role="alert">
            <Text>{errorText(send.error)}</Text>
          </Notice>
        )}
      </Stack>
    </form>
  );
}
