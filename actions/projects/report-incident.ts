'use server';

// Stores a Report Incident submission for staff review.
import { headers } from 'next/headers';

import { incidentReportSchema } from '@/lib/schemas/projects';
import { reportIncident } from '@/server/incidents';
import { clientIp } from '@/server/request-ip';
import { getVoterKey } from '@/server/visitor';

import { actionClient } from '../client';

export const reportIncidentAction = actionClient
  .inputSchema(incidentReportSchema)
  .action(async ({ parsedInput }) => reportIncident(parsedInput, { key: await getVoterKey(), ip: clientIp(await headers()) }));
