/** Long values (e-mails, messages) wrap instead of pushing a phone's page sideways. */
export const WRAP = { overflowWrap: 'anywhere', minWidth: 0 } as const;
