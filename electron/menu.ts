// The application menu as a template. App commands are not performed here: each item sends a MenuCommand to the
// renderer over the `adc:menu` channel, and the renderer runs it like its own toolbar would. Clipboard items and
// Quit use Electron's roles, which already do the right thing in text fields and on every platform.
import type { MenuCommand } from '../domain/host-api.js';
import type { MenuItemTemplate } from './electron-like.js';

export interface MenuOptions {
  appName?: string;
  /** Adds Toggle Developer Tools (unpackaged runs only). */
  devTools?: boolean;
}

const separator: MenuItemTemplate = { type: 'separator' };

export function buildMenuTemplate(send: (command: MenuCommand) => void, platform: NodeJS.Platform, options: MenuOptions = {}): MenuItemTemplate[] {
  const mac = platform === 'darwin';
  const appName = options.appName ?? 'Aide-de-Camp';
  const item = (label: string, command: MenuCommand, accelerator?: string): MenuItemTemplate => ({
    id: command,
    label,
    ...(accelerator ? { accelerator } : {}),
    click: () => send(command),
  });

  const appMenu: MenuItemTemplate[] = mac
    ? [
        {
          label: appName,
          submenu: [
            item(`About ${appName}`, 'about'),
            separator,
            item('Settings…', 'settings', 'Cmd+,'),
            separator,
            { role: 'services' },
            separator,
            { role: 'hide' },
            { role: 'hideOthers' },
            { role: 'unhide' },
            separator,
            { role: 'quit' },
          ],
        },
      ]
    : [];

  // Windows closes with Alt+F4 and labels the role "Exit"; Linux desktops expect Ctrl+Q.
  const quit: MenuItemTemplate = { role: 'quit', ...(platform === 'linux' ? { accelerator: 'Ctrl+Q' } : {}) };

  const file: MenuItemTemplate = {
    label: mac ? 'File' : '&File',
    submenu: [
      item('New', 'new', 'CmdOrCtrl+N'),
      item('Open…', 'open', 'CmdOrCtrl+O'),
      separator,
      item('Save', 'save', 'CmdOrCtrl+S'),
      item('Save As…', 'save-as', 'CmdOrCtrl+Shift+S'),
      separator,
      item('Print…', 'print', 'CmdOrCtrl+P'),
      ...(mac
        ? [separator, { role: 'close' } as MenuItemTemplate]
        : [separator, item('Settings…', 'settings', 'Ctrl+,'), separator, quit]),
    ],
  };

  const edit: MenuItemTemplate = {
    label: mac ? 'Edit' : '&Edit',
    submenu: [
      item('Undo', 'undo', 'CmdOrCtrl+Z'),
      item('Redo', 'redo', 'CmdOrCtrl+Shift+Z'),
      // Windows and Linux users also expect Ctrl+Y; hidden items keep their accelerators there.
      ...(mac ? [] : [{ ...item('Redo', 'redo', 'Ctrl+Y'), id: 'redo-alt', visible: false, acceleratorWorksWhenHidden: true }]),
      separator,
      { role: 'cut' },
      { role: 'copy' },
      { role: 'paste' },
      separator,
      { role: 'selectAll' },
    ],
  };

  const scenario: MenuItemTemplate = {
    label: mac ? 'Scenario' : '&Scenario',
    submenu: [item('Validate', 'validate', 'F7'), item('Test play', 'test-play', 'F5')],
  };

  const view: MenuItemTemplate = {
    label: mac ? 'View' : '&View',
    submenu: [{ role: 'togglefullscreen' }, ...(options.devTools ? [separator, { role: 'toggleDevTools' } as MenuItemTemplate] : [])],
  };

  const windowMenu: MenuItemTemplate[] = mac ? [{ role: 'windowMenu' }] : [];

  const help: MenuItemTemplate = {
    ...(mac ? { role: 'help' as const } : {}),
    label: mac ? 'Help' : '&Help',
    submenu: [item(`About ${appName}`, 'about')],
  };

  return [...appMenu, file, edit, scenario, view, ...windowMenu, help];
}

/** Every item of a template, depth first (for tests and for finding an item by id). */
export function flattenMenu(template: readonly MenuItemTemplate[]): MenuItemTemplate[] {
  return template.flatMap((i) => [i, ...flattenMenu(i.submenu ?? [])]);
}
