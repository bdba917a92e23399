import { Stack, Text, Title } from '@mantine/core';
import type { WorkerProfile } from '@tendly/domain/api/search';
import { skillGroups } from '@tendly/domain/skills';
import { TagList } from './tag-list';

/** The worker's skills under the domain's groups (aged care, disability, other care, mental health). */
export function SkillsByGroup({ skills, firstName }: { skills: WorkerProfile['skills']; firstName: string }) {
  const groups = skillGroups
    .map((group) => ({
      ...group,
      held: skills.filter((skill) => group.skills.some((option) => option.code === skill.code)),
    }))
    .filter((group) => group.held.length > 0);
  if (groups.length === 0) return <Text>{firstName} has not listed any skills yet.</Text>;
  return (
    <Stack gap="md">
      {groups.map((group) => (
        <div key={group.code}>
          <Title order={3} size="h5" mb={6}>
            {group.label}
          </Title>
          <TagList items={group.held} emptyText="" />
        </div>
      ))}
    </Stack>
  );
}
