// The frame of a screen: a section named by its level-1 heading (Designsystemet's heading, size
// lg), then the screen's content, spaced by the `screen` class (layout.css). Not for a heading
// that takes the focus when a step or an outcome appears (StepHeading, or the screen's own h1
// with a ref), nor for a section inside a screen (an h2): those keep their own markup.
import type { ReactNode } from 'react';

export interface ScreenProps {
  /** The id of the level-1 heading, which names the section (aria-labelledby). */
  readonly headingId: string;
  /** The screen's name: the text of its h1. */
  readonly heading: ReactNode;
  /** The feature's classes beside `screen`, for its own styles (e.g. 'privacy deletion'). */
  readonly className?: string;
  /** An article for a document that stands on its own (the legal texts); else a section. */
  readonly as?: 'section' | 'article';
  readonly children: ReactNode;
}

/** A screen's section with its h1: what every screen starts with. */
export function Screen({
  headingId,
  heading,
  className,
  as: Frame = 'section',
  children,
}: ScreenProps) {
  return (
    <Frame aria-labelledby={headingId} className={className ? `screen ${className}` : 'screen'}>
      <h1 id={headingId} className="ds-heading" data-size="lg">
        {heading}
      </h1>
      {children}
    </Frame>
  );
}
