import { ScoreHistory } from '@/components/project/score-history';
import { listCachedScoreHistory } from '@/server/project-page';

/** The project's score history (chart, table, what changed), streamed after the page's head. */
export async function ScoreHistoryPanel({ projectId }: { projectId: string }) {
  return <ScoreHistory points={await listCachedScoreHistory(projectId)} />;
}
