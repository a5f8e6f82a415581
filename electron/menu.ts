// The application menu as a template. App commands are not performed here: each item sends a MenuCommand to the
// renderer over the `adc:menu` channel, and the renderer runs it like its own toolbar would. Labels and accelerators
// come from the one table of commands (domain/app-commands.ts) that the renderer's keys and shortcut sheet read too.
// Clipboard items and Quit use Electron's roles, which already do the right thing in text fields and on every platform.
import { APP_COMMANDS, DESKTOP_COMMANDS, commandKeys, platformOf, toAccelerator } from '../domain/app-commands.js';
import type { MenuCommand, MenuEnabled } from '../domain/host-api.js';
import type { MenuItemTemplate } from './electron-like.js';

export interface MenuOptions {
  appName?: string;
  /** Adds Toggle Developer Tools (unpackaged runs only). */
  devTools?: boolean;
  /** Which commands can run now (the renderer says); absent, every item is enabled, as before the page has loaded. */
  enabled?: Partial<MenuEnabled>;
}

const separator: MenuItemTemplate = { type: 'separator' };

export function buildMenuTemplate(send: (command: MenuCommand) => void, platform: NodeJS.Platform, options: MenuOptions = {}): MenuItemTemplate[] {
  const mac = platform === 'darwin';
  const appName = options.appName ?? 'Aide-de-Camp';
  const accelerators = (keys: readonly string[]): string[] => keys.flatMap((k) => toAccelerator(k) ?? []);
  /**
   * A command's item, with its first shortcut shown; each further one is a hidden twin that only carries the key
   * (`acceleratorWorksWhenHidden`; hidden items keep their accelerators on Windows and Linux too). Keys that type a
   * character (the sheet's `?`) are the page's own and never accelerators.
   */
  const item = (command: MenuCommand, label: string = APP_COMMANDS[command].label): MenuItemTemplate[] => {
    const [shown, ...more] = accelerators(commandKeys(APP_COMMANDS[command], platformOf(platform)));
    const click = () => send(command);
    // A disabled item's accelerator does nothing either, so the hidden twins follow their item.
    const enabled = options.enabled?.[command] === false ? { enabled: false } : {};
    return [
      { id: command, label, ...(shown ? { accelerator: shown } : {}), ...enabled, click },
      ...more.map((accelerator, i) => ({ id: `${command}-alt${i ? `-${i + 1}` : ''}`, label, accelerator, visible: false, acceleratorWorksWhenHidden: true, ...enabled, click })),
    ];
  };
  const about = item('about', `About ${appName}`);

  const appMenu: MenuItemTemplate[] = mac
    ? [
        {
          label: appName,
          submenu: [
            ...about,
            separator,
            ...item('settings'),
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

  // Windows closes with Alt+F4 itself and labels the role "Exit"; Linux desktops expect Ctrl+Q.
  const quitKey = platform === 'linux' ? accelerators(commandKeys(DESKTOP_COMMANDS.quit, 'linux'))[0] : undefined;
  const quit: MenuItemTemplate = { role: 'quit', ...(quitKey ? { accelerator: quitKey } : {}) };

  const file: MenuItemTemplate = {
    label: mac ? 'File' : '&File',
    submenu: [
      ...item('new'),
      ...item('open'),
      separator,
      ...item('save'),
      ...item('save-as'),
      separator,
      ...item('print'),
      ...(mac ? [separator, { role: 'close' } as MenuItemTemplate] : [separator, ...item('settings'), separator, quit]),
    ],
  };

  const edit: MenuItemTemplate = {
    label: mac ? 'Edit' : '&Edit',
    submenu: [
      ...item('undo'),
      ...item('redo'),
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
    submenu: [...item('validate'), ...item('test-play')],
  };

  const view: MenuItemTemplate = {
    label: mac ? 'View' : '&View',
    submenu: [{ role: 'togglefullscreen' }, ...(options.devTools ? [separator, { role: 'toggleDevTools' } as MenuItemTemplate] : [])],
  };

  const windowMenu: MenuItemTemplate[] = mac ? [{ role: 'windowMenu' }] : [];

  const help: MenuItemTemplate = {
    ...(mac ? { role: 'help' as const } : {}),
    label: mac ? 'Help' : '&Help',
    submenu: [...item('shortcuts'), ...(mac ? [] : [separator, ...about])],
  };

  return [...appMenu, file, edit, scenario, view, ...windowMenu, help];
}

/** Every item of a template, depth first (for tests and for finding an item by id). */
export function flattenMenu(template: readonly MenuItemTemplate[]): MenuItemTemplate[] {
  return template.flatMap((i) => [i, ...flattenMenu(i.submenu ?? [])]);
}
