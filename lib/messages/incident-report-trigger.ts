// The home page's Report Incident button, apart from INCIDENT_TEXTS so the page loads its label and not the texts
// of the dialog, which loads on use (#18).
// Part of the message catalogue (lib/messages/): every user-visible string the spec gives, verbatim.

export const INCIDENT_TRIGGER_TEXTS = {
  open: 'Report Incident',
} as const;
