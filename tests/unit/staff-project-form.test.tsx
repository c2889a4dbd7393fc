import { act } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';

import { ProjectForm } from '@/components/staff/project-form';
import { STAFF_MESSAGES } from '@/lib/messages/staff';
import { projectCreateSchema, projectFormSchema } from '@/lib/schemas/staff-project';

import { buttonNamed, controlLabelled, createTestRoot, fillControl, settle as settleRounds } from '../support/render';

// The console's actions and the upload, answering what the test says.
const actions = vi.hoisted(() => ({ createProject: vi.fn(), updateProject: vi.fn(), upload: vi.fn() }));
vi.mock('@/actions/staff/create-project', () => ({ createProjectAction: actions.createProject }));
vi.mock('@/actions/staff/update-project', () => ({ updateProjectAction: { bind: () => actions.updateProject } }));
vi.mock('@/components/staff/upload-file', () => ({ uploadStaffFile: actions.upload }));
vi.mock('@/components/chrome/toast', () => ({ toast: { success: vi.fn(), error: vi.fn() } }));
const router = vi.hoisted(() => ({ push: vi.fn(), refresh: vi.fn(), replace: vi.fn() }));
vi.mock('next/navigation', () => ({ useRouter: () => router }));

const root = createTestRoot();
// react-hook-form validates asynchronously: a few more rounds than the default.
const settle = () => settleRounds(10);
const options = { categories: ['DeFi'], chains: ['Ethereum', 'Hyperliquid'] };

const control = (label: string) => controlLabelled<HTMLInputElement & HTMLSelectElement>(root.container, label);

async function fill(label: string, value: string) {
  await fillControl(control(label), value);
  await settle();
}

async function click(element: HTMLElement) {
  await act(async () => element.click());
  await settle();
}

beforeEach(() => {
  vi.clearAllMocks();
});

describe('the new-project form', () => {
  it('suggests the slug from the name until staff type their own', async () => {
    await root.render(<ProjectForm mode="create" options={options} />);
    await fill('Name', 'Crème Vault');
    expect(control('Slug').value).toBe('creme-vault');
    await fill('Slug', 'vault');
    await fill('Name', 'Crème Vault Two');
    expect(control('Slug').value).toBe('vault');
  });

  it('shows each refusal at its field and sends nothing', async () => {
    await root.render(<ProjectForm mode="create" options={options} />);
    await fill('Slug', 'Not A Slug');
    await fill('Website', 'http://insecure.example.org');
    await click(control('Ethereum'));
    await click(buttonNamed('Add contract'));
    await fill('Address of contract 1', '0x1234');
    await click(buttonNamed('Create project'));
    const text = root.container.textContent;
    for (const message of [STAFF_MESSAGES.projectNameRequired, STAFF_MESSAGES.projectSlugInvalid, STAFF_MESSAGES.websiteInvalid, STAFF_MESSAGES.evmAddressInvalid]) expect(text).toContain(message);
    expect(control('Name').getAttribute('aria-invalid')).toBe('true');
    expect(control('Address of contract 1').getAttribute('aria-invalid')).toBe('true');
    expect(actions.createProject).not.toHaveBeenCalled();
  });

  it('sends the values as typed (the server parses them), then opens the new project', async () => {
    actions.createProject.mockResolvedValue({ data: { id: 'vault' } });
    actions.upload.mockResolvedValue({ key: `${'ab'.repeat(32)}.png`, url: `/api/files/${'ab'.repeat(32)}.png` });
    await root.render(<ProjectForm mode="create" options={options} />);
    await fill('Name', 'Vault');
    await fill('Tickers', 'VLT, vVLT');
    await fill('Other chain', 'Monad');
    await click(buttonNamed('Add chain'));
    expect(control('Monad').checked).toBe(true);
    await click(buttonNamed('Add contract'));
    expect([...control('Chain of contract 1').options].map((option) => option.value)).toEqual(['', 'Monad']);
    await fill('Address of contract 1', 'monad:0xabcdef0123456789abcdef');
    const logo = new File([new Uint8Array([0x89, 0x50])], 'logo.png', { type: 'image/png' });
    const picker = control('Logo');
    await act(async () => {
      Object.defineProperty(picker, 'files', { value: [logo], configurable: true });
      picker.dispatchEvent(new Event('change', { bubbles: true }));
    });
    await settle();
    expect(actions.upload).toHaveBeenCalledWith('logo', logo);
    await click(buttonNamed('Create project'));
    expect(actions.createProject).toHaveBeenCalledTimes(1);
    expect(actions.createProject.mock.calls[0][0]).toMatchObject({
      id: 'vault',
      name: 'Vault',
      tokenTickers: 'VLT, vVLT',
      logo: `${'ab'.repeat(32)}.png`,
      chains: ['Monad'],
      contracts: [{ chain: 'Monad', address: 'monad:0xabcdef0123456789abcdef' }],
      website: '',
    });
    // The action parses its input again: what was sent must pass the same schema.
    expect(projectCreateSchema.safeParse(actions.createProject.mock.calls[0][0]).error?.issues ?? []).toEqual([]);
    expect(router.push).toHaveBeenCalledWith('/staff/projects/vault');
  });
});

describe('the edit form', () => {
  it('keeps the slug out of reach and says when a save changed nothing', async () => {
    actions.updateProject.mockResolvedValue({ data: { changed: false } });
    const values = {
      id: 'bitcoin',
      name: 'Bitcoin',
      tokenTickers: 'BTC',
      logo: '/logos/btc.svg',
      category: '',
      chains: ['Bitcoin'],
      website: '',
      socials: [],
      description: '',
      contracts: [],
      auditStatus: 'none' as const,
      kycVerified: false,
    };
    await root.render(<ProjectForm mode="edit" options={options} values={values} logoUrl="/logos/btc.svg" />);
    expect(root.container.querySelector('input[name="id"]')).toBeNull();
    await click(buttonNamed('Save project'));
    expect(actions.updateProject).toHaveBeenCalledWith(expect.objectContaining({ name: 'Bitcoin', logo: '/logos/btc.svg' }));
    expect(projectFormSchema.safeParse(actions.updateProject.mock.calls[0][0]).error?.issues ?? []).toEqual([]);
    expect(root.container.querySelector('[role="status"]')?.textContent).toBe(STAFF_MESSAGES.nothingChanged);
  });
});
