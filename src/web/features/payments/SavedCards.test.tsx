import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { renderApp } from '../../test/render';
import { problem, stubServer } from '../../test/server-stub';
import { SavedCards } from './SavedCards';

const TOKEN_PATH = '/api/v1/vendor/cardpay/token';
const customer = {
  customerId: 8,
  companyId: 3,
  provider: 'cardpay',
  externalId: 'cus_sandbox_8',
  name: 'Peachtree Tire & Auto',
  email: null,
  sources: [{ sourceId: 9, brand: 'visa', last4: '4242', expMonth: 4, expYear: 2031, isDefault: true }],
};
const token = { token: 'tok_saved_abcdef', brand: 'mastercard', last4: '4444', expMonth: 12, expYear: 2030 };

let server: ReturnType<typeof stubServer>;
beforeEach(() => {
  server = stubServer()
    .on('GET', '/api/customer/3', { body: customer })
    .on('POST', TOKEN_PATH, { status: 201, body: token })
    .on('POST', '/api/customer/3', { status: 201, body: customer });
});

async function addCard(user: ReturnType<typeof renderApp>['user']) {
  await user.type(await screen.findByLabelText('Card number'), '5555 5555 5555 4444');
  await user.type(screen.getByLabelText('CVC'), '321');
  await user.click(screen.getByRole('checkbox', { name: 'Make it the default card' }));
  await user.click(screen.getByRole('button', { name: 'Save card' }));
}

describe("a company's saved cards", () => {
  it('a new card is saved from the provider’s token: the shop never receives the number', async () => {
    const { user } = renderApp(<SavedCards owner={{ companyId: 3, staff: false }} canEdit />);
    expect(await screen.findByRole('table', { name: 'Saved cards' })).toHaveTextContent('visa •••• 4242');
    await addCard(user);

    await waitFor(() => expect(server.sent('POST', '/api/customer/3')).toHaveLength(1));
    expect(server.sent('POST', TOKEN_PATH)[0].body).toEqual({
      card: { number: '5555555555554444', expMonth: 12, expYear: new Date().getFullYear() + 2, cvc: '321' },
    });
    expect(server.sent('POST', '/api/customer/3')[0].body).toEqual({
      cardToken: 'tok_saved_abcdef',
      makeDefault: true,
    });
  });

  it("finance saves a customer's card under the customer's company", async () => {
    server
      .on('GET', '/api/v1/payment/3', { body: customer })
      .on('POST', '/api/v1/payment/3', { status: 201, body: customer });
    const { user } = renderApp(<SavedCards owner={{ companyId: 3, staff: true }} canEdit />);
    await addCard(user);

    await waitFor(() => expect(server.sent('POST', '/api/v1/payment/3')).toHaveLength(1));
    expect(server.sent('POST', TOKEN_PATH)[0].body).toMatchObject({ companyId: 3 });
    expect(server.sent('POST', '/api/v1/payment/3')[0].body).toEqual({
      cardToken: 'tok_saved_abcdef',
      makeDefault: true,
    });
  });

  it('a card the provider declines shows why, and nothing is saved', async () => {
    server.on('POST', TOKEN_PATH, problem(402, 'The card was declined.', { reason: 'card_declined' }));
    const { user } = renderApp(<SavedCards owner={{ companyId: 3, staff: false }} canEdit />);
    await addCard(user);

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The card was not saved');
    expect(alert).toHaveTextContent('The card was declined.');
    expect(server.sent('POST', '/api/customer/3')).toHaveLength(0);
  });

  it('who may not edit sees the cards but no form and no remove button', async () => {
    renderApp(<SavedCards owner={{ companyId: 3, staff: false }} canEdit={false} />);

    expect(await screen.findByRole('table', { name: 'Saved cards' })).toHaveTextContent('visa •••• 4242');
    expect(screen.queryByLabelText('Card number')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Remove visa •••• 4242' })).not.toBeInTheDocument();
  });
});
