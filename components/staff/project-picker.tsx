'use client';

import { useId } from 'react';

import { ProjectSearch } from '@/components/search/project-search';
import { Button } from '@/components/ui/button';

import { FieldError } from './form-fields';

export type PickedProject = { id: string; name: string };

/**
 * Chooses a project in a console form with the site's search box (form-picker variant): the chosen one is shown by
 * name and slug, with a button to pick another (or, when the field is optional, none). A group named by `label`.
 */
export function ProjectPicker({ label, project, onChange, error, optional = false }: { label: string; project: PickedProject | null; onChange: (project: PickedProject | null) => void; error?: string; optional?: boolean }) {
  const id = useId();
  return (
    <div role="group" aria-labelledby={`${id}-label`} aria-describedby={error ? `${id}-error` : undefined} className="grid gap-1.5">
      <span id={`${id}-label`} className="text-sm font-medium">
        {label}
        {optional ? <span className="font-normal text-muted-foreground"> (optional)</span> : null}
      </span>
      {project ? (
        <div className="flex flex-wrap items-center gap-3 rounded-md border px-3 py-2 text-sm">
          <span className="flex-1">
            <span className="font-medium">{project.name}</span> <span className="font-mono text-muted-foreground">{project.id}</span>
          </span>
          <Button type="button" variant="outline" size="sm" onClick={() => onChange(null)}>
            {optional ? 'Remove the project' : 'Choose another project'}
          </Button>
        </div>
      ) : (
        <ProjectSearch context="form-picker" onSelect={(chosen) => onChange({ id: chosen.id, name: chosen.name })} openOnFocus={false} />
      )}
      <FieldError id={`${id}-error`} message={error} />
    </div>
  );
}
