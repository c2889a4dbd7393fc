import { describe, expect, it } from 'vitest';

import { ProjectLogo } from '@/components/project/project-logo';

import { createTestRoot } from '../support/render';

const root = createTestRoot();
const image = () => root.container.querySelector('img');

describe('ProjectLogo', () => {
  it('renders a raster logo as a plain img with the optimizer’s 1x and 2x sources, lazily, at its size', async () => {
    await root.render(<ProjectLogo src="/logos/aave.png" name="Aave" size={32} className="bg-white" />);
    const img = image()!;
    expect(img.getAttribute('src')).toBe('/_next/image?url=%2Flogos%2Faave.png&w=64&q=75');
    expect(img.getAttribute('srcset')).toBe('/_next/image?url=%2Flogos%2Faave.png&w=32&q=75 1x, /_next/image?url=%2Flogos%2Faave.png&w=64&q=75 2x');
    expect(img.getAttribute('width')).toBe('32');
    expect(img.getAttribute('height')).toBe('32');
    expect(img.getAttribute('loading')).toBe('lazy');
    expect(img.getAttribute('alt')).toBe('');
    expect(img.className).toContain('rounded-full');
    expect(img.className).toContain('bg-white');
  });

  it('serves an SVG logo and an uploaded logo as they are (the optimizer only helps raster images of this site)', async () => {
    await root.render(
      <>
        <ProjectLogo src="/logos/uni.svg" name="Uniswap" />
        <ProjectLogo src="https://files.example.com/logos/lido.png" name="Lido" />
      </>,
    );
    const [svg, uploaded] = root.container.querySelectorAll('img');
    expect(svg.getAttribute('src')).toBe('/logos/uni.svg');
    expect(svg.hasAttribute('srcset')).toBe(false);
    expect(uploaded.getAttribute('src')).toBe('https://files.example.com/logos/lido.png');
  });

  it('shows the initial when the project has no logo', async () => {
    await root.render(<ProjectLogo src={null} name="maker" size={40} />);
    expect(image()).toBeNull();
    expect(root.container.textContent).toBe('M');
  });
});
