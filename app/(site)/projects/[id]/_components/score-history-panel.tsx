import { ScoreHistory } from '@/components/project/score-history';
import { listScoreHistory } from '@/server/score-history';

/** The project's score history (chart, table, what changed), streamed after the page's head. */
export async function ScoreHistoryPanel({ projectId }: { projectId: string }) {
  return <ScoreHistory points={await listScoreHistory(projectId)} />;
}
