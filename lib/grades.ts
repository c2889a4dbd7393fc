// The grade bands of the security score (SPEC), apart from lib/score.ts so client components that only list or
// name grades load these few lines, not the pillars and the scoring (#18).

/** Grade bands, highest first: a score at or above `min` earns the grade. */
export const GRADE_BANDS = [
  { grade: 'AAA', min: 90, tone: 'good' },
  { grade: 'AA', min: 85, tone: 'good' },
  { grade: 'A', min: 80, tone: 'good' },
  { grade: 'BBB', min: 75, tone: 'fair' },
  { grade: 'BB', min: 70, tone: 'fair' },
  { grade: 'B', min: 65, tone: 'fair' },
  { grade: 'CCC', min: 60, tone: 'poor' },
  { grade: 'CC', min: 55, tone: 'poor' },
  { grade: 'C', min: 50, tone: 'poor' },
  { grade: 'D', min: 0, tone: 'poor' },
] as const;

export type Grade = (typeof GRADE_BANDS)[number]['grade'];
export type GradeTone = (typeof GRADE_BANDS)[number]['tone'];
export const GRADES = GRADE_BANDS.map((band) => band.grade) as Grade[];

/** The grade band a score falls in. */
export function gradeFor(score: number): { grade: Grade; tone: GradeTone } {
  const band = GRADE_BANDS.find((candidate) => score >= candidate.min) ?? GRADE_BANDS[GRADE_BANDS.length - 1];
  return { grade: band.grade, tone: band.tone };
}

/** The score range [min, max) a grade covers, for filtering by grade. */
export function scoreRangeForGrade(grade: Grade): { min: number; max: number } {
  const index = GRADE_BANDS.findIndex((band) => band.grade === grade);
  return { min: GRADE_BANDS[index].min, max: index === 0 ? 100.01 : GRADE_BANDS[index - 1].min };
}
