import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { renderApp } from '../../test/render';
import { problem, stubServer } from '../../test/server-stub';
import { InstallerServicesPanel } from './InstallerServicesEditor';

const URL = '/api/installer/services';
const published = {
  installerLocationId: 5,
  installerLocationName: 'Install Bay Phoenix',
  mountBalance: [
    { fromInches: null, toInches: 17, mountBalanceCents: 2500 },
    { fromInches: 18, toInches: 20, mountBalanceCents: 3500 },
    { fromInches: 21, toInches: null, mountBalanceCents: 4500 },
  ],
  valveKitCents: 750,
  disposalCents: 400,
  updatedAt: '2026-12-01T12:00:00.000Z',
};

let server: ReturnType<typeof stubServer>;
beforeEach(() => {
  server = stubServer()
    .on('GET', URL, { body: { data: published } })
    .on('PUT', URL, ({ body }) => ({ body: { data: { ...published, ...(body as object) } } }));
});

type User = ReturnType<typeof renderApp>['user'];
async function retype(user: User, label: string, text: string) {
  const field = await screen.findByLabelText(label);
  await user.clear(field);
  if (text) await user.type(field, text);
}

describe("the installer's service price list editor", () => {
  it('shows the published list with the price per tire of each range, and saves the whole list', async () => {
    const { user } = renderApp(<InstallerServicesPanel />);
    expect(await screen.findByLabelText('Per tire with every service')).toHaveTextContent(
      'up to 17" $36.50 · 18–20" $46.50 · 21" and up $56.50',
    );
    await retype(user, 'Range 2: mount and balance per tire', '40');
    await user.click(screen.getByRole('button', { name: 'Save price list' }));
    await waitFor(() => expect(server.sent('PUT', URL)).toHaveLength(1));
    expect(server.sent('PUT', URL)[0].body).toEqual({
      mountBalance: [
        { fromInches: null, toInches: 17, mountBalanceCents: 2500 },
        { fromInches: 18, toInches: 20, mountBalanceCents: 4000 },
        { fromInches: 21, toInches: null, mountBalanceCents: 4500 },
      ],
      valveKitCents: 750,
      disposalCents: 400,
    });
    expect(await screen.findByText('Service prices published')).toBeInTheDocument();
  });

  it('names an overlap, a gap, a negative or missing price at its row and sends nothing', async () => {
    const { user } = renderApp(<InstallerServicesPanel />);
    await retype(user, 'Range 2: from inches', '17');
    await user.click(screen.getByRole('button', { name: 'Save price list' }));
    expect(await screen.findByText('overlaps up to 17"')).toBeInTheDocument();

    await retype(user, 'Range 2: from inches', '19');
    await user.click(screen.getByRole('button', { name: 'Save price list' }));
    expect(await screen.findByText('leaves a gap after up to 17": start at 18"')).toBeInTheDocument();

    await retype(user, 'Range 2: from inches', '18');
    await retype(user, 'Range 3: mount and balance per tire', '-5');
    await retype(user, 'Disposal of the old tire, per tire', '');
    await user.click(screen.getByRole('button', { name: 'Save price list' }));
    expect(await screen.findByText('Enter 0 or more')).toBeInTheDocument();
    expect(screen.getByText('Enter a price')).toBeInTheDocument();
    expect(screen.queryByLabelText('Per tire with every service')).not.toBeInTheDocument();
    expect(server.sent('PUT', URL)).toHaveLength(0);
  });

  it('starts a bay without a list from the usual three ranges and shows a refusal at its field', async () => {
    server.on('GET', URL, { body: { data: null } }).on(
      'PUT',
      URL,
      problem(400, 'The rim ranges must cover every rim size exactly once', {
        errors: [{ pointer: '/body/mountBalance/0/toInches', detail: 'ends before it starts (20")' }],
      }),
    );
    const { user } = renderApp(<InstallerServicesPanel />);
    expect(await screen.findByText('No price list published yet')).toBeInTheDocument();
    expect(screen.getByLabelText('Range 1: to inches')).toHaveValue('17');
    expect(screen.getByLabelText('Range 3: from inches')).toHaveValue('21');
    for (const [n, price] of [
      [1, '20'],
      [2, '30'],
      [3, '40'],
    ])
      await retype(user, `Range ${n}: mount and balance per tire`, String(price));
    await retype(user, 'Valve stem or TPMS kit, per tire', '5');
    await retype(user, 'Disposal of the old tire, per tire', '3');
    await user.click(screen.getByRole('button', { name: 'Publish price list' }));
    expect(await screen.findByText('ends before it starts (20")')).toBeInTheDocument();
    expect(screen.getByText('The rim ranges must cover every rim size exactly once')).toBeInTheDocument();
  });

  it('says when the list cannot be loaded', async () => {
    server.on('GET', URL, problem(403, 'Your current location is not an installer location'));
    renderApp(<InstallerServicesPanel />);
    expect(await screen.findByText('Your current location is not an installer location')).toBeInTheDocument();
  });
});
