import { createContext, useContext } from 'react';

/** What the frame around the screens (an app's header, its one h1) already shows, given by the app. */
export interface Frame {
  title: string;
  /** The title is the screen's own: the page shows no title of its own (h2). */
  showsScreenTitle: boolean;
}

export const FrameTitle = createContext<Frame | undefined>(undefined);

/** Whether `title` is the one the frame already shows: a screen does not repeat it, so its page reads with one title. */
export const useShownByFrame = (title: string): boolean => useContext(FrameTitle)?.title === title;

/** A screen's section headings: h2 straight under the frame's h1 when the page has no title of its own, else h3 under it. */
export const useSectionOrder = (): 2 | 3 => (useContext(FrameTitle)?.showsScreenTitle ? 2 : 3);
