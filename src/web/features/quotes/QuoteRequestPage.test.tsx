import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { renderApp } from '../../test/render';
import { stubServer } from '../../test/server-stub';
import { QuoteRequestPage } from './QuoteRequestPage';

let server: ReturnType<typeof stubServer>;
beforeEach(() => {
  server = stubServer().on('POST', '/api/v1/quote', () => ({ status: 201, body: { data: { id: 9 } } }));
});

const drawRequest = () =>
  renderApp(<QuoteRequestPage />, { path: '/quotes/new', at: '/quotes/new?size=225/45R17' });

describe('a buyer asks for a quote', () => {
  it('an emptied Tires field says at the field that a line needs at least 1 tire, and nothing is sent', async () => {
    const { user } = drawRequest();
    const tires = screen.getByRole('textbox', { name: 'Tires' });
    await user.clear(tires);
    await user.click(screen.getByRole('button', { name: 'Send the request' }));

    expect(tires).toHaveValue('');
    expect(tires).toHaveAccessibleDescription('At least 1 tire');
    expect(server.sent('POST', '/api/v1/quote')).toEqual([]);
  });

  it('the request is sent with the number of tires typed', async () => {
    const { user } = drawRequest();
    const tires = screen.getByRole('textbox', { name: 'Tires' });
    await user.clear(tires);
    await user.type(tires, '6');
    await user.click(screen.getByRole('button', { name: 'Send the request' }));

    await waitFor(() => expect(server.sent('POST', '/api/v1/quote')).toHaveLength(1));
    expect(server.sent('POST', '/api/v1/quote')[0].body).toMatchObject({
      items: [{ size: '225/45R17', quantity: 6 }],
    });
  });
});
