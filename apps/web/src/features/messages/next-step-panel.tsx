import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { Anchor, Button, Group, Text } from '@mantine/core';
import { Link } from 'react-router';
import type { Conversation, ConversationNextStep } from '@tendly/domain/api/conversations';
import { formatShiftWhen } from '@tendly/domain/api/bookings';
import { instantToLocal } from '@tendly/domain/shift-time';
import { BusyButton } from '../../platform/busy-button';
import { MeetAndGreetDialog } from '../../platform/meet-and-greet-dialog';
import { Notice } from '../../platform/notice';
import { AcceptAgreementDialog } from './accept-agreement-dialog';
import { useConfirmShift, type useNextStep } from './use-next-step';
import classes from './next-step-panel.module.css';
import { errorText } from '../../platform/api-client';

/**
 * Issue 31, item 2: what comes next between the two sides, with its action right here: the care
 * seeker offers a service agreement or books the first shift, the worker accepts the agreement or confirms
 * the first shift; whoever is waiting is told what they wait for. The server decides the step.
 */
export function NextStepPanel({ conversation, nextStep }: { conversation: Conversation; nextStep: ReturnType<typeof useNextStep> }) {
  const [done, setDone] = useState<string | null>(null);
  const doneRef = useRef<HTMLDivElement>(null);
  const headingId = useId();

  useEffect(() => {
    if (done) doneRef.current?.focus();
  }, [done]);

  // Quietly absent while loading or when it fails: the conversation works without it.
  const step = nextStep.data;
  if (!done && (!step || step.step === 'NONE')) return null;
  return (
    <section aria-labelledby={headingId} className={classes.panel}>
      <Text component="h3" id={headingId} fw={700} size="sm" className={classes.heading}>
        Next step
      </Text>
      {done && (
        <Notice tone="success" role="status" ref={doneRef} tabIndex={-1} className={classes.done}>
          <Text size="sm">{done}</Text>
        </Notice>
      )}
      {step && step.step !== 'NONE' && <Step step={step} conversation={conversation} onDone={setDone} />}
    </section>
  );
}

function whenOf(shift: NonNullable<ConversationNextStep['shift']>): string {
  return formatShiftWhen({ startLocal: instantToLocal(new Date(shift.startsAt), shift.timeZone), endLocal: instantToLocal(new Date(shift.endsAt), shift.timeZone), state: shift.state });
}

function Step({ step, conversation, onDone }: { step: ConversationNextStep; conversation: Conversation; onDone: (message: string) => void }) {
  const name = conversation.withPerson.firstName;
  const agreementLink = step.contractId && (
    <Anchor component={Link} to={`/contracts/${step.contractId}`} underline="always" size="sm">
      View the agreement
    </Anchor>
  );
  switch (step.step) {
    case 'SEND_AGREEMENT':
      return (
        <Action text={`Agreed on the details with ${name}? Offer a service agreement with your terms and rates for ${name} to accept.`}>
          <Button component={Link} to={`/offer-contract?${new URLSearchParams({ workerId: conversation.workerId }).toString()}`} color="teal.9" size="sm">
            Offer a service agreement
          </Button>
          <MeetAndGreetButton workerId={conversation.workerId} name={name} />
        </Action>
      );
    case 'AWAIT_AGREEMENT':
      return <Action text={`When you have agreed on the details, ${name} can offer you a service agreement. It will show here for you to accept.`} />;
    case 'ACCEPT_AGREEMENT':
      return <AcceptStep contractId={step.contractId!} conversation={conversation} onDone={onDone} agreementLink={agreementLink} />;
    case 'AWAIT_ACCEPTANCE':
      return <Action text={`You offered ${name} a service agreement. We will let you know when ${name} accepts it.`}>{agreementLink}</Action>;
    case 'BOOK_FIRST_SHIFT':
      return (
        <Action text={`Your agreement with ${name} is active. Book the first shift.`}>
          <Button component={Link} to={`/my-bookings?book=${step.contractId}`} color="teal.9" size="sm">
            Book the first shift
          </Button>
          {agreementLink}
        </Action>
      );
    case 'AWAIT_FIRST_SHIFT':
      return <Action text={`Your agreement with ${name} is active. ${name} will book your first shift.`}>{agreementLink}</Action>;
    case 'CONFIRM_FIRST_SHIFT':
      return <ConfirmStep step={step} conversation={conversation} onDone={onDone} />;
    case 'AWAIT_SHIFT_CONFIRMATION':
      return <Action text={`You booked the first shift, ${whenOf(step.shift!)}. ${name} has not confirmed it yet.`} />;
    default:
      return null;
  }
}

/** Issue 31 item 11: before any agreement, the care seeker can ask for a free meet and greet. */
function MeetAndGreetButton({ workerId, name }: { workerId: string; name: string }) {
  const [isOpen, setIsOpen] = useState(false);
  return (
    <>
      <Button variant="outline" color="teal.9" size="sm" onClick={() => setIsOpen(true)}>
        Ask for a meet and greet
      </Button>
      <MeetAndGreetDialog worker={{ id: workerId, firstName: name }} opened={isOpen} onClose={() => setIsOpen(false)} />
    </>
  );
}

function Action({ text, children }: { text: string; children?: ReactNode }) {
  return (
    <div className={classes.step}>
      <Text size="sm" className={classes.text}>
        {text}
      </Text>
      {children && (
        <Group gap="md" className={classes.actions}>
          {children}
        </Group>
      )}
    </div>
  );
}

function AcceptStep({
  contractId,
  conversation,
  onDone,
  agreementLink,
}: {
  contractId: string;
  conversation: Conversation;
  onDone: (message: string) => void;
  agreementLink: ReactNode;
}) {
  const [isOpen, setIsOpen] = useState(false);
  const name = conversation.withPerson.firstName;
  return (
    <Action text={`${name} has offered you a service agreement. Read it and accept it to start working together.`}>
      <Button color="teal.9" size="sm" onClick={() => setIsOpen(true)}>
        Accept the agreement
      </Button>
      {agreementLink}
      {isOpen && (
        <AcceptAgreementDialog
          conversationId={conversation.id}
          contractId={contractId}
          onClose={() => setIsOpen(false)}
          onAccepted={(message) => {
            setIsOpen(false);
            onDone(message);
          }}
        />
      )}
    </Action>
  );
}

function ConfirmStep({ step, conversation, onDone }: { step: ConversationNextStep; conversation: Conversation; onDone: (message: string) => void }) {
  const confirm = useConfirmShift(conversation.id);
  const shift = step.shift!;
  const when = whenOf(shift);
  return (
    <Action text={`${conversation.withPerson.firstName} has booked your first shift, ${when}.`}>
      <BusyButton color="teal.9" size="sm" busy={confirm.isPending} onClick={() => confirm.mutate(shift.id, { onSuccess: () => onDone(`You have confirmed the first shift, ${when}.`) })}>
        Confirm the first shift
      </BusyButton>
      <Anchor component={Link} to="/my-bookings" underline="always" size="sm">
        See your bookings
      </Anchor>
      {confirm.isError && (
        <Text c="red.9" size="sm" role="alert" className={classes.text}>
          {errorText(confirm.error)}
        </Text>
      )}
    </Action>
  );
}
