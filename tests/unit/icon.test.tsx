import { Check, Star, type IconNode } from 'lucide';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';

import { Icon } from '@/components/ui/icon';

const svgOf = (markup: string) => new DOMParser().parseFromString(markup, 'image/svg+xml').documentElement;

describe('Icon', () => {
  it("draws a lucide icon's shapes with lucide's look, hidden from readers", () => {
    const svg = svgOf(renderToStaticMarkup(<Icon node={Check} className="size-4" />));
    expect(svg.tagName).toBe('svg');
    expect(svg.getAttribute('viewBox')).toBe('0 0 24 24');
    expect(svg.getAttribute('fill')).toBe('none');
    expect(svg.getAttribute('stroke')).toBe('currentColor');
    expect(svg.getAttribute('stroke-width')).toBe('2');
    expect(svg.getAttribute('stroke-linecap')).toBe('round');
    expect(svg.getAttribute('class')).toBe('size-4');
    expect(svg.getAttribute('aria-hidden')).toBe('true');
    const shapes = [...svg.children].map((shape) => [shape.tagName, Object.fromEntries([...shape.attributes].map((attribute) => [attribute.name, attribute.value]))]);
    expect(shapes).toEqual((Check as IconNode).map(([tag, attributes]) => [tag, Object.fromEntries(Object.entries(attributes).map(([name, value]) => [name, String(value)]))]));
  });

  it('takes other attributes over the defaults, and is named (not hidden) when given a name', () => {
    const svg = svgOf(renderToStaticMarkup(<Icon node={Star} strokeWidth={1.5} aria-label="Favourite" role="img" />));
    expect(svg.getAttribute('stroke-width')).toBe('1.5');
    expect(svg.getAttribute('aria-label')).toBe('Favourite');
    expect(svg.hasAttribute('aria-hidden')).toBe(false);
    expect(svg.querySelectorAll('path')).toHaveLength(1);
  });
});
