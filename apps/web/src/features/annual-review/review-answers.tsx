import type { AnnualReviewAnswers } from '@tendly/domain/api/annual-reviews';
import { annualReviewQuestions } from './annual-review-api';
import classes from './annual-review.module.css';

/** A sent review's answers, each under its question, as the worker and the admin who signs it off read them. */
export function ReviewAnswers({ answers }: { answers: AnnualReviewAnswers }) {
  return (
    <dl className={classes.answers}>
      {annualReviewQuestions.map((question) => (
        <div key={question.name}>
          <dt>{question.label}</dt>
          <dd>{answers[question.name] || 'Nothing written.'}</dd>
        </div>
      ))}
    </dl>
  );
}
