import { SkynetView } from '@/components/skynet/skynet-view';
import { getConfig } from '@/server/config';
import { getProjectSkynetView } from '@/server/skynet/queries';

/** The project's Skynet monitoring panels, streamed in after the shell. */
export async function SkynetPanels({ projectId }: { projectId: string }) {
  return <SkynetView view={await getProjectSkynetView(projectId)} explorerUrl={getConfig().explorerUrl} />;
}
