import { createContext, useContext } from 'react';

/**
 * The title the frame around the screens already shows (an app's header, its one h1), given by
 * the app. A screen whose own title is that one does not repeat it: its page reads with one title.
 */
export const FrameTitle = createContext<string | undefined>(undefined);

/** Whether `title` is the one the frame already shows. */
export const useShownByFrame = (title: string): boolean => useContext(FrameTitle) === title;
