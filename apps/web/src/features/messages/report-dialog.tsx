import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Modal, Text, Textarea } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { REPORT_REASON_MAX_LENGTH, reportConversationRequestSchema } from '@tendly/domain/api/conversations';
import { ApiError, errorText } from '../../platform/api-client';
import { reportConversation } from '../../platform/conversations-api';
import { ErrorNotice } from '../../platform/notice';
import { DialogFormActions } from '../../platform/dialog-form-actions';
import { SentConfirmation } from '../../platform/sent-confirmation';

/**
 * Reporting a conversation to the operations team (it lands in the admin inbox). Mantine's modal
 * traps focus, closes on Escape and gives focus back to the menu; the form is new at each opening.
 */
export function ReportDialog({
  conversationId,
  personName,
  opened,
  onClose,
}: {
  conversationId: string;
  personName: string;
  opened: boolean;
  onClose: () => void;
}) {
  return (
    <Modal opened={opened} onClose={onClose} title="Report conversation" closeButtonProps={{ 'aria-label': 'Close' }} size="lg" centered>
      {opened && <ReportForm conversationId={conversationId} personName={personName} onClose={onClose} />}
    </Modal>
  );
}

function ReportForm({ conversationId, personName, onClose }: { conversationId: string; personName: string; onClose: () => void }) {
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const confirmation = useRef<HTMLDivElement>(null);
  const field = useRef<HTMLTextAreaElement>(null);
  const report = useMutation({ mutationFn: (text: string) => reportConversation(conversationId, text) });

  useEffect(() => {
    if (report.isSuccess) confirmation.current?.focus();
  }, [report.isSuccess]);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (report.isPending) return;
    setFailure(null);
    setReasonError(null);
    const parsed = reportConversationRequestSchema.safeParse({ reason });
    if (!parsed.success) {
      setReasonError(parsed.error.issues[0]?.message ?? 'Check what you wrote.');
      field.current?.focus();
      return;
    }
    report.mutate(parsed.data.reason, {
      onError: (error) => {
        if (error instanceof ApiError && error.fieldErrors.reason) {
          setReasonError(error.fieldErrors.reason);
          field.current?.focus();
        } else setFailure(errorText(error));
      },
    });
  }

  if (report.isSuccess) {
    return (
      <SentConfirmation titleId="report-sent-title" title="Report sent" onClose={onClose} ref={confirmation}>
        Thank you. Our team will look at this conversation and may contact you. Your reference is{' '}
        <strong>{report.data.reference}</strong>.
      </SentConfirmation>
    );
  }

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Report conversation">
      <Text mb="sm">
        Tell our team what worries you about your conversation with {personName}. They will read the conversation and act
        if someone is at risk. {personName} is not told who reported it.
      </Text>
      <ErrorNotice message={failure} mb="sm" />
      <Textarea
        ref={field}
        label="What worries you?"
        description={`Up to ${REPORT_REASON_MAX_LENGTH.toLocaleString('en-AU')} characters.`}
        value={reason}
        onChange={(event) => setReason(event.currentTarget.value)}
        error={reasonError}
        rows={5}
        data-autofocus
        required
      />
      <DialogFormActions submitLabel="Send report" busy={report.isPending} onCancel={onClose} mt="md" />
    </form>
  );
}
