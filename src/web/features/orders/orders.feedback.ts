import { showToast } from '../../lib/toasts';

/** A staff action the server refused (an illegal transition, a stale version): say why. */
export const noticeFailure = (res: object) => {
  if ('error' in res) {
    const e = res.error as { message?: string };
    showToast({ color: 'red', message: e.message ?? 'That change is not allowed' });
  }
};
