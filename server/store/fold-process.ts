import { constants, setPriority } from 'node:os';
import { foldFiles, type FoldJob } from './fold';

/** Runs the fold given as its argument, in a process of its own: see fold.ts `foldInProcess`. */

// The fold gives way to the server answering requests. On Linux this names the main thread, which
// creates the file system threads later (they inherit it); elsewhere, the whole process.
setPriority(constants.priority.PRIORITY_LOW);
await foldFiles(JSON.parse(process.argv[1]!) as FoldJob);
