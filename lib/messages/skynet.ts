// The project page's Skynet section.
// Part of the message catalogue (lib/messages/): every user-visible string the spec gives, verbatim.

/** The project page's Skynet section (issue #16, "History first"). */
export const SKYNET_MESSAGES = {
  /** From which block a watched contract's figures count; both starts when its transactions are scanned from later. */
  figuresFrom: (fromBlock: number, transactionsFromBlock: number) =>
    transactionsFromBlock > fromBlock
      ? `Events count from block ${fromBlock}; transactions from block ${transactionsFromBlock}.`
      : `Figures count from block ${fromBlock}.`,
} as const;
