import { Badge, Text } from '@mantine/core';
import { formatPassDate, type LearningProgress } from '@tendly/domain/api/learning';

/** Where the worker stands with a module, in words: passed on a date, a best score, or not started. */
export function moduleStatusText(progress: LearningProgress): string {
  if (progress.passedAt) return `Passed on ${formatPassDate(progress.passedAt)}`;
  if (progress.bestScorePercent !== null) return `Not passed yet. Your best score is ${progress.bestScorePercent}%.`;
  return 'Not started';
}

export function ModuleStatus({ progress }: { progress: LearningProgress }) {
  const passed = progress.passedAt !== null;
  return (
    <Text size="sm" fw={600} c={passed ? 'teal.9' : 'gray.8'}>
      <Badge component="span" color={passed ? 'teal.9' : 'gray.7'} variant={passed ? 'filled' : 'outline'} radius="sm" tt="none" mr={8}>
        {passed ? 'Passed' : progress.attempts > 0 ? 'In progress' : 'To do'}
      </Badge>
      {moduleStatusText(progress)}
    </Text>
  );
}
