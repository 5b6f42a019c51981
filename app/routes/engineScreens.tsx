import { lazy } from 'react';

// One lazy chunk for the whole engine (AG Grid, RJSF): never downloaded by the login page.
const loadEngine = () => import('../../engine/index');

export const SearchScreen = lazy(async () => ({ default: (await loadEngine()).SearchScreen }));
export const MenuScreen = lazy(async () => ({ default: (await loadEngine()).MenuScreen }));
