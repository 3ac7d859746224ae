import picomatch from 'picomatch';

/**
 * Files that hold credentials are never read, whatever their extension: not parsed, not stored,
 * not listed. Matched on the file name, anywhere in the tree.
 */
const SECRET_NAMES = [
  '.env',
  '.env.*',
  '*.env',
  '*.pem',
  '*.key',
  '*.p12',
  '*.pfx',
  '*.jks',
  '*.keystore',
  '*.kdbx',
  'id_rsa*',
  'id_dsa*',
  'id_ecdsa*',
  'id_ed25519*',
  '.npmrc',
  '.yarnrc.yml',
  '.netrc',
  '.pgpass',
  '.git-credentials',
  'credentials.json',
  'secrets.json',
  '*.secret',
  '*.secrets',
];

const isSecretName = picomatch(SECRET_NAMES, { dot: true, nocase: true });

export function isSecretPath(path: string): boolean {
  return isSecretName(path.slice(path.lastIndexOf('/') + 1));
}
