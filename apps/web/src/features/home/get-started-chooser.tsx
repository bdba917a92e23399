import { useId, useState, type FormEvent } from 'react';
import { Button, Text } from '@mantine/core';
import { useNavigate } from 'react-router';
import { sitePath, useSiteConfig } from '../../platform/site-config';
import classes from './get-started-chooser.module.css';

/** The hero's four options and where each leads (spec 2.9), by route id. */
const choices = [
  { value: 'careSeeker', label: 'looking for new care or support', routeId: 'postJob' },
  { value: 'worker', label: 'a support worker', routeId: 'workerLanding' },
  { value: 'coordinator', label: 'a support coordinator', routeId: 'coordinatorLanding' },
  { value: 'provider', label: 'a provider organisation', routeId: 'providers' },
] as const;

type Choice = (typeof choices)[number]['value'];

function isChoice(value: string): value is Choice {
  return choices.some((choice) => choice.value === value);
}

/**
 * "I am…" and a Get started button (spec 2.9). The button does nothing until an option is picked;
 * it stays focusable with aria-disabled and a hint, so keyboard and screen reader users learn why
 * rather than meeting a button that silently does nothing.
 */
export function GetStartedChooser() {
  const site = useSiteConfig();
  const navigate = useNavigate();
  const [choice, setChoice] = useState<Choice | null>(null);
  const hintId = useId();

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const picked = choices.find((option) => option.value === choice);
    if (picked) void navigate(sitePath(site, picked.routeId));
  }

  return (
    <form onSubmit={handleSubmit} className={classes.chooser}>
      <fieldset className={classes.fieldset}>
        <legend className={classes.legend}>
          I am…
        </legend>
        {/* Native radios: the browser gives them keyboard and screen reader support for free, and they
            keep Mantine's input components out of the first page load (issue 4 budget). */}
        <div className={classes.options}>
          {choices.map((option) => (
            <label key={option.value} className={classes.option}>
              <input
                type="radio"
                name="get-started"
                value={option.value}
                checked={choice === option.value}
                onChange={(event) => {
                  if (isChoice(event.currentTarget.value)) setChoice(event.currentTarget.value);
                }}
                className={classes.radio}
              />
              <span>{option.label}</span>
            </label>
          ))}
        </div>
      </fieldset>
      <Button
        type="submit"
        size="lg"
        mt="lg"
        aria-disabled={choice === null ? 'true' : undefined}
        aria-describedby={choice === null ? hintId : undefined}
        className={classes.submit}
      >
        Get started
      </Button>
      {choice === null && (
        <Text id={hintId} size="sm" mt="xs">
          Choose one of the options above to get started.
        </Text>
      )}
    </form>
  );
}
