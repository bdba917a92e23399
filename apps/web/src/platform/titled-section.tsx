import { Title, type TitleProps } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * A part of a page named by its h2: a <section> labelled by the heading, so it is a landmark that
 * screen reader users can jump to (the information pages' parts, a dashboard's panels). Inside a
 * page whose own parts are smaller, the heading can look smaller (`size`) and stay an h2.
 */
export function TitledSection({
  id,
  heading,
  size,
  className,
  children,
}: {
  id: string;
  heading: string;
  size?: TitleProps['size'];
  className?: string;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={id} className={className}>
      <Title order={2} size={size} id={id}>
        {heading}
      </Title>
      {children}
    </section>
  );
}
