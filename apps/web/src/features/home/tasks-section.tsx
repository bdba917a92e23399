import { List, Text } from '@mantine/core';
import { HomeSection } from './home-section';
import classes from './home-page.module.css';

/** Section 6 of spec 2.9: the help workers give, as spec section 1 lists it. */
const tasks = [
  'Cooking',
  'Domestic assistance',
  'Meal preparation',
  'Getting out and about',
  'Social support and companionship',
  'Personal care',
  'Maintaining an independent life',
  'Help with morning and evening routines',
] as const;

export function TasksSection() {
  return (
    <HomeSection
      title="What can a support worker help with?"
      intro="Workers on the marketplace help with everyday life at home and out in the community, including:"
    >
      <List mt="lg" spacing="xs" size="lg" className={classes.taskList}>
        {tasks.map((task) => (
          <List.Item key={task}>{task}</List.Item>
        ))}
      </List>
      <Text mt="lg" maw={720}>
        Every worker lists the help they offer on their profile, so you can find someone with the skills you need.
      </Text>
    </HomeSection>
  );
}
