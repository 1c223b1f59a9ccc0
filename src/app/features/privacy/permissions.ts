// The three contact permissions and the page where each is answered (/samtykke1-3).
import type { ConsentPermissions } from '../../api/privacy';

export type PermissionKey = keyof ConsentPermissions;

export const PERMISSIONS: readonly { readonly key: PermissionKey; readonly path: string }[] = [
  { key: 'email', path: '/samtykke1' },
  { key: 'sms', path: '/samtykke2' },
  { key: 'surveys', path: '/samtykke3' },
];

export const permissionOfPath = (pathname: string): PermissionKey =>
  PERMISSIONS.find((p) => p.path === pathname)?.key ?? 'email';

/** The catalogue key of a permission's state: given, refused or not answered. */
export const permissionState = (granted: boolean | null) =>
  granted === null ? 'unanswered' : granted ? 'yes' : 'no';

/** The `source` of a change made on a permission's page. */
export const sourceOf = (key: PermissionKey) =>
  (({ email: 'samtykke1', sms: 'samtykke2', surveys: 'samtykke3' }) as const)[key];
