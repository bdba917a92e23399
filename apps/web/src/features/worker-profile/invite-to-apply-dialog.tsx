import type { FormEvent } from 'react';
import { Anchor, Button, Group, Modal, Radio, Skeleton, Stack, Text, Textarea } from '@mantine/core';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { INVITATION_MESSAGE_MAX, jobInvitationRequestSchema } from '@tendly/domain/api/jobs';
import type { WorkerProfile } from '@tendly/domain/api/search';
import { BusyButton } from '../../platform/busy-button';
import { FormErrorSummary } from '../../platform/form-error-summary';
import { fieldId, textFieldProps, useFormState } from '../../platform/form-state';
import { formatJobPlace } from '../../platform/job-format';
import { fetchMyJobPosts, inviteToApply, jobQueryKeys } from '../../platform/jobs-api';
import { useActingPersonId } from '../../platform/session';
import { sitePath, useSiteConfig } from '../../platform/site-config';
import { LoadFailure, LoadingStatus } from '../../platform/page-load-state';
import { SentConfirmation } from '../../platform/sent-confirmation';
import { useSendFeedback } from '../../platform/use-send-feedback';
import { workerDisplayName } from '@tendly/domain/format';

const FORM_ID = 'invite-to-apply';

/**
 * A care seeker invites the worker whose profile this is to apply for one of their open jobs
 * (POST /api/jobs/{jobId}/invitations); the worker is emailed. The dialog lists the care seeker's
 * open jobs (GET /api/my/job-posts); with none, it offers to post one. Inviting the same worker to
 * the same job twice is refused by the API (409), whose words are shown.
 */
export function InviteToApplyDialog({ profile, opened, onClose }: { profile: WorkerProfile; opened: boolean; onClose: () => void }) {
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={`Invite ${workerDisplayName(profile)} to apply`}
      closeButtonProps={{ 'aria-label': 'Close' }}
      size="lg"
      centered
    >
      {opened && <InviteForm profile={profile} onClose={onClose} />}
    </Modal>
  );
}

function InviteForm({ profile, onClose }: { profile: WorkerProfile; onClose: () => void }) {
  const site = useSiteConfig();
  const actingPersonId = useActingPersonId();
  const posts = useQuery({
    queryKey: jobQueryKeys.myJobPosts(actingPersonId),
    queryFn: ({ signal }) => fetchMyJobPosts(signal),
  });
  const openJobs = (posts.data ?? []).filter((post) => post.status === 'OPEN');
  const form = useFormState({ jobId: '', message: '' });
  const invite = useMutation({ mutationFn: ({ jobId, message }: { jobId: string; message: string }) => inviteToApply(jobId, profile.carerId, message) });
  const { failure, summaryRef, confirmationRef, clearFailure, showInvalid, showFailure } = useSendFeedback(invite.isSuccess);
  const { firstName } = profile;
  const chosenId = form.values.jobId || (openJobs.length === 1 ? (openJobs[0]?.id ?? '') : '');
  const invitedTo = openJobs.find((job) => job.id === invite.variables?.jobId);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (invite.isPending) return;
    clearFailure();
    if (!chosenId) {
      form.setErrors({ jobId: `Choose the job you would like ${firstName} to apply for` });
      showInvalid();
      return;
    }
    const input = form.validate(jobInvitationRequestSchema.pick({ message: true }));
    if (input === null) {
      showInvalid();
      return;
    }
    invite.mutate({ jobId: chosenId, message: input.message }, { onError: (error) => showFailure(error, form.setErrors) });
  }

  if (invite.isSuccess) {
    return (
      <SentConfirmation titleId={`${FORM_ID}-sent`} title="Invitation sent" onClose={onClose} ref={confirmationRef}>
        We have emailed {firstName} an invitation to apply{invitedTo ? ` for “${invitedTo.title}”` : ''}. If they apply,
        you will see them in My job posts.
      </SentConfirmation>
    );
  }

  if (posts.isPending) {
    return (
      <LoadingStatus what="your jobs">
        <Stack gap="xs" aria-hidden="true">
          <Skeleton height={20} width="70%" />
          <Skeleton height={20} width="60%" />
        </Stack>
      </LoadingStatus>
    );
  }

  if (posts.isError) {
    return (
      <LoadFailure query={posts} isRetrying={posts.isFetching}>
        We could not load your jobs just now. Please try again.
      </LoadFailure>
    );
  }

  if (openJobs.length === 0) {
    return (
      <>
        <Text>
          You have no open jobs to invite {firstName} to. Post a job first: say what support you need, where and when.
          Then come back to {firstName}’s profile to invite them.
        </Text>
        <Group justify="flex-end" mt="md">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button component={Link} to={sitePath(site, 'postJob')}>
            Post a job
          </Button>
        </Group>
      </>
    );
  }

  return (
    <form id={FORM_ID} onSubmit={onSubmit} noValidate aria-label={`Invitation to ${firstName}`}>
      <FormErrorSummary formId={FORM_ID} errors={form.errors} fieldNames={['jobId', 'message']} message={failure} ref={summaryRef} />
      <Radio.Group
        label="Which job?"
        description={`${firstName} will get an email with a link to the job.`}
        value={chosenId}
        onChange={(value) => {
          form.clearError('jobId');
          form.setValue('jobId', value);
        }}
        error={form.errors.jobId}
      >
        <Stack gap="xs" mt="xs">
          {openJobs.map((job, index) => (
            <Radio
              key={job.id}
              value={job.id}
              label={job.title}
              description={formatJobPlace(job.place)}
              {...(index === 0 ? { id: fieldId(FORM_ID, 'jobId'), 'data-autofocus': true } : {})}
            />
          ))}
        </Stack>
      </Radio.Group>
      <Textarea
        {...textFieldProps(form, FORM_ID, 'message')}
        label={`A note to ${firstName} (optional)`}
        description="Say why you think they would be a good fit."
        rows={4}
        maxLength={INVITATION_MESSAGE_MAX}
        mt="md"
      />
      <Group justify="space-between" mt="md">
        <Anchor component={Link} to={sitePath(site, 'myJobPosts')} size="sm">
          See my job posts
        </Anchor>
        <Group gap="sm">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <BusyButton type="submit" busy={invite.isPending}>
            Send invitation
          </BusyButton>
        </Group>
      </Group>
    </form>
  );
}
