import { useState, type FormEvent } from 'react';
import { Button, Group, Radio, Stack, Text, Title } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { QUIZ_DAY_TIME_ZONE, quizAttemptsUsedMessage, type LearningModuleDetail, type QuizResult } from '@tendly/domain/api/learning';
import { QUIZ_PASS_PERCENT } from '@tendly/domain/learning';
import { instantToLocalDate } from '@tendly/domain/shift-time';
import { errorText } from '../../platform/api-client';
import { BusyButton } from '../../platform/busy-button';
import { FormErrorSummary } from '../../platform/form-error-summary';
import { fieldId, type FieldErrors } from '../../platform/form-state';
import { fillTextPlaceholders } from '../../platform/text-placeholders';
import { Notice } from '../../platform/notice';
import { useSiteConfig } from '../../platform/site-config';
import { CertificateButton } from './certificate-button';
import { learningQueryKeys, submitQuiz } from './learning-hub-api';
import classes from './quiz-form.module.css';
import { TitledSection } from '../../platform/titled-section';
import { workerOnboardingKey } from '../../platform/worker-onboarding-api';
import { useSendFeedback } from '../../platform/use-send-feedback';

const FORM_ID = 'learning-quiz';

/** "You have 2 attempts left today." */
function attemptsLeftText(left: number): string {
  return `You have ${left} attempt${left === 1 ? '' : 's'} left today.`;
}

/** The refusal the API gives once today's attempts are used, worked out from when they come back. */
function attemptsUsedText(today: { attemptsPerDay: number; attemptsResetAt: string }): string {
  return quizAttemptsUsedMessage(today.attemptsPerDay, instantToLocalDate(new Date(today.attemptsResetAt), QUIZ_DAY_TIME_ZONE));
}

/**
 * The module's quiz: one radio group per question, each a fieldset with the question as its
 * legend. Answers name each option by its id: the API sends the options in a new order on every
 * load. It marks the quiz and answers the score only, never which answers were wrong (issue 29),
 * and allows a few attempts a day, which the form counts down.
 */
export function QuizForm({ module }: { module: LearningModuleDetail }) {
  const site = useSiteConfig();
  const queryClient = useQueryClient();
  const [answers, setAnswers] = useState<Record<string, string>>({});
  const [errors, setErrors] = useState<FieldErrors>({});
  const [result, setResult] = useState<QuizResult | null>(null);
  const { failure, summaryRef, confirmationRef: resultRef, clearFailure, showInvalid, showProblem } = useSendFeedback(result !== null);
  const mark = useMutation({
    mutationFn: (chosen: { questionId: string; optionId: string }[]) => submitQuiz(module.code, chosen),
    onSettled: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: learningQueryKeys.modules }),
        queryClient.invalidateQueries({ queryKey: learningQueryKeys.module(module.code) }),
        // Passing the induction is a step of the onboarding checklist.
        queryClient.invalidateQueries({ queryKey: workerOnboardingKey }),
      ]);
    },
  });

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (mark.isPending) return;
    clearFailure();
    const missing = module.questions.map((question, index) => ({ question, index })).filter(({ question }) => !answers[question.id]);
    if (missing.length > 0) {
      setErrors(Object.fromEntries(missing.map(({ question, index }) => [question.id, `Choose an answer to question ${index + 1}.`])));
      showInvalid();
      return;
    }
    setErrors({});
    mark.mutate(
      module.questions.map((question) => ({ questionId: question.id, optionId: answers[question.id]! })),
      {
        onSuccess: setResult,
        onError: (error) => showProblem(errorText(error)),
      },
    );
  }

  function retry() {
    setResult(null);
    setAnswers({});
    const first = module.questions[0];
    if (first) requestAnimationFrame(() => document.getElementById(fieldId(FORM_ID, first.id))?.focus());
  }

  const title = fillTextPlaceholders(module.title, site);
  // The latest count: the result's just after an attempt, the module's (reloaded) otherwise.
  const today = result ?? module;

  return (
    <TitledSection id="quiz-heading" heading="Quiz" className={classes.quiz}>
      <Text mt="xs">
        {module.questions.length} questions. Choose one answer for each, then submit. You need {QUIZ_PASS_PERCENT}% to pass. You can try each quiz{' '}
        {module.attemptsPerDay} time{module.attemptsPerDay === 1 ? '' : 's'} a day.
      </Text>
      {result && (
        <Notice
          tone={result.passed ? 'success' : 'warning'}
          ref={resultRef}
          tabIndex={-1}
          role="status"
          aria-labelledby="quiz-result-heading"
          mt="md"
        >
          <Title order={3} size="h4" id="quiz-result-heading">
            {result.passed ? 'Well done, you passed' : 'Not passed this time'}
          </Title>
          <Text mt="xs">
            You scored {result.scorePercent}% ({result.correctCount} of {result.questionCount} right). {result.passed ? '' : `You need ${result.passPercent}% to pass.`}
          </Text>
          {!result.passed && <Text mt="xs">Read the module again before your next attempt.</Text>}
          <Text mt="xs">{result.attemptsLeftToday > 0 ? attemptsLeftText(result.attemptsLeftToday) : attemptsUsedText(result)}</Text>
          <Group mt="md">
            {result.attemptsLeftToday > 0 && (
              <Button variant={result.passed ? 'default' : 'filled'} onClick={retry}>
                Try the quiz again
              </Button>
            )}
            {result.progress.passedAt && <CertificateButton code={module.code} moduleTitle={title} />}
          </Group>
        </Notice>
      )}
      {result === null && today.attemptsLeftToday === 0 && (
        <Notice tone="info" role="region" aria-label="No attempts left today" mt="md">
          <Text>{attemptsUsedText(today)}</Text>
        </Notice>
      )}
      <form id={FORM_ID} onSubmit={onSubmit} noValidate aria-label={`Quiz: ${title}`}>
        <FormErrorSummary formId={FORM_ID} errors={errors} fieldNames={module.questions.map((question) => question.id)} message={failure} ref={summaryRef} />
        <Stack gap="lg" mt="md">
          {module.questions.map((question, index) => {
            const error = errors[question.id];
            const noteId = `${FORM_ID}-${question.id}-note`;
            return (
              <fieldset
                key={question.id}
                className={classes.question}
                aria-describedby={error ? noteId : undefined}
                disabled={result !== null || today.attemptsLeftToday === 0}
              >
                <legend className={classes.legend}>
                  Question {index + 1}: {fillTextPlaceholders(question.prompt, site)}
                </legend>
                {error && (
                  <Text id={noteId} size="sm" fw={700} c="red.9" mb="xs">
                    {error}
                  </Text>
                )}
                <Stack gap="xs">
                  {question.options.map((option, optionIndex) => (
                    <Radio
                      key={option.id}
                      id={optionIndex === 0 ? fieldId(FORM_ID, question.id) : `${FORM_ID}-${question.id}-${option.id}`}
                      name={question.id}
                      value={option.id}
                      label={fillTextPlaceholders(option.text, site)}
                      checked={answers[question.id] === option.id}
                      onChange={() => {
                        setAnswers((current) => ({ ...current, [question.id]: option.id }));
                        setErrors((current) => {
                          if (!(question.id in current)) return current;
                          const next = { ...current };
                          delete next[question.id];
                          return next;
                        });
                      }}
                    />
                  ))}
                </Stack>
              </fieldset>
            );
          })}
        </Stack>
        {result === null && today.attemptsLeftToday > 0 && (
          <Group mt="lg">
            <BusyButton type="submit" busy={mark.isPending}>
              Submit answers
            </BusyButton>
          </Group>
        )}
      </form>
    </TitledSection>
  );
}
