// Mantine's notifications with their styles (Mantine's Notification, then the package's own): the
// store that shows a toast and the container that draws it, one chunk loaded with the first
// toast (toasts.ts). Through this module, not the package itself: a dynamic import of the package
// from the shell made the bundler split the shell's shared modules out of the entry chunk, four
// more render-blocking requests on every page (docs/performance-web.md, "Eighth round").
import '@mantine/core/styles/Notification.layer.css';
import '@mantine/notifications/styles.layer.css';

export { Notifications, notifications } from '@mantine/notifications';
