/** Machines of the generic screens (no record workflow): saved filters and the form leave guard. */
export * from './savedFilter';
export * from './leaveGuard';
