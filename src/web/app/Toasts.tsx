// The toasts' container with its styles (Mantine's Notification, then the package's own), loaded
// with the first toast (ToastsWhenShown in Layout.tsx, toasts.ts).
import '@mantine/core/styles/Notification.layer.css';
import '@mantine/notifications/styles.layer.css';

export { Notifications } from '@mantine/notifications';
