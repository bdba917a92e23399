import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Button, Group, Radio, Stack, Text, Title } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { LearningModuleDetail, QuizResult } from '@tendly/domain/api/learning';
import { QUIZ_PASS_PERCENT } from '@tendly/domain/learning';
import { ApiError, UNEXPECTED_RESPONSE_MESSAGE } from '../../platform/api-client';
import { BusyButton } from '../../platform/busy-button';
import { FormErrorSummary } from '../../platform/form-error-summary';
import { fieldId, type FieldErrors } from '../../platform/form-state';
import { fillTextPlaceholders } from '../../platform/markdown-content';
import { Notice } from '../../platform/notice';
import { useSiteConfig } from '../../platform/site-config';
import { CertificateButton } from './certificate-button';
import { learningQueryKeys, submitQuiz } from './learning-hub-api';
import classes from './quiz-form.module.css';

const FORM_ID = 'learning-quiz';

/**
 * The module's quiz: one radio group per question, each a fieldset with the question as its
 * legend. The API marks it and answers the score and which questions were wrong (never the
 * right answers), which the form then marks beside those questions.
 */
export function QuizForm({ module }: { module: LearningModuleDetail }) {
  const site = useSiteConfig();
  const queryClient = useQueryClient();
  const [answers, setAnswers] = useState<Record<string, string>>({});
  const [errors, setErrors] = useState<FieldErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [result, setResult] = useState<QuizResult | null>(null);
  const [failedSubmits, setFailedSubmits] = useState(0);
  const summaryRef = useRef<HTMLDivElement>(null);
  const resultRef = useRef<HTMLDivElement>(null);
  const mark = useMutation({
    mutationFn: (chosen: { questionId: string; optionId: string }[]) => submitQuiz(module.code, chosen),
    onSettled: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: learningQueryKeys.modules }),
        queryClient.invalidateQueries({ queryKey: learningQueryKeys.module(module.code) }),
      ]);
    },
  });

  useEffect(() => {
    if (failedSubmits > 0) summaryRef.current?.focus();
  }, [failedSubmits]);

  useEffect(() => {
    if (result) resultRef.current?.focus();
  }, [result]);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (mark.isPending) return;
    setFailure(null);
    const missing = module.questions.map((question, index) => ({ question, index })).filter(({ question }) => !answers[question.id]);
    if (missing.length > 0) {
      setErrors(Object.fromEntries(missing.map(({ question, index }) => [question.id, `Choose an answer to question ${index + 1}.`])));
      setFailedSubmits((count) => count + 1);
      return;
    }
    setErrors({});
    mark.mutate(
      module.questions.map((question) => ({ questionId: question.id, optionId: answers[question.id]! })),
      {
        onSuccess: setResult,
        onError: (error) => {
          setFailure(error instanceof ApiError ? error.message : UNEXPECTED_RESPONSE_MESSAGE);
          setFailedSubmits((count) => count + 1);
        },
      },
    );
  }

  function retry() {
    setResult(null);
    setAnswers({});
    const first = module.questions[0];
    if (first) requestAnimationFrame(() => document.getElementById(fieldId(FORM_ID, first.id))?.focus());
  }

  const wrong = new Set(result?.wrongQuestionIds ?? []);
  const title = fillTextPlaceholders(module.title, site);

  return (
    <section aria-labelledby="quiz-heading" className={classes.quiz}>
      <Title order={2} id="quiz-heading">
        Quiz
      </Title>
      <Text mt="xs">
        {module.questions.length} questions. Choose one answer for each, then submit. You need {QUIZ_PASS_PERCENT}% to pass.
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
          {result.wrongQuestionIds.length > 0 && (
            <Text mt="xs">
              Have another look at question{result.wrongQuestionIds.length === 1 ? '' : 's'}{' '}
              {result.wrongQuestionIds.map((id) => module.questions.findIndex((question) => question.id === id) + 1).join(', ')}, then try
              again.
            </Text>
          )}
          <Group mt="md">
            <Button variant={result.passed ? 'default' : 'filled'} onClick={retry}>
              Try the quiz again
            </Button>
            {result.progress.passedAt && <CertificateButton code={module.code} moduleTitle={title} />}
          </Group>
        </Notice>
      )}
      <form id={FORM_ID} onSubmit={onSubmit} noValidate aria-label={`Quiz: ${title}`}>
        <FormErrorSummary formId={FORM_ID} errors={errors} fieldNames={module.questions.map((question) => question.id)} message={failure} ref={summaryRef} />
        <Stack gap="lg" mt="md">
          {module.questions.map((question, index) => {
            const error = errors[question.id];
            const isWrong = wrong.has(question.id);
            const noteId = `${FORM_ID}-${question.id}-note`;
            return (
              <fieldset
                key={question.id}
                className={classes.question}
                data-wrong={isWrong || undefined}
                aria-describedby={error || isWrong ? noteId : undefined}
                disabled={result !== null}
              >
                <legend className={classes.legend}>
                  Question {index + 1}: {fillTextPlaceholders(question.prompt, site)}
                </legend>
                {(error || isWrong) && (
                  <Text id={noteId} size="sm" fw={700} c="red.9" mb="xs">
                    {error ?? 'This answer was not right.'}
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
        {result === null && (
          <Group mt="lg">
            <BusyButton type="submit" busy={mark.isPending}>
              Submit answers
            </BusyButton>
          </Group>
        )}
      </form>
    </section>
  );
}
