/**
 * Test certificates made with the real openssl: a private CA, a server certificate for localhost / 127.0.0.1 and
 * a client certificate, both signed by it, plus a second CA nobody trusts (for "a stranger's certificate").
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

export interface TestCertificates {
  dir: string;
  ca: string;
  serverCert: string;
  serverKey: string;
  clientCert: string;
  clientKey: string;
  /** A client certificate signed by another CA, which servers trusting `ca` must refuse. */
  strangerCert: string;
  strangerKey: string;
}

function openssl(args: string[], cwd: string): void {
  execFileSync('openssl', args, { cwd, stdio: ['ignore', 'ignore', 'pipe'] });
}

function makeCa(dir: string, name: string): void {
  openssl(
    [
      'req',
      '-x509',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-days',
      '2',
      '-subj',
      `/CN=${name}`,
      '-keyout',
      `${name}.key`,
      '-out',
      `${name}.pem`,
    ],
    dir,
  );
}

function signed(dir: string, ca: string, name: string, extensions: string): void {
  fs.writeFileSync(path.join(dir, `${name}.ext`), extensions);
  openssl(['req', '-newkey', 'rsa:2048', '-nodes', '-subj', `/CN=${name}`, '-keyout', `${name}.key`, '-out', `${name}.csr`], dir);
  openssl(
    [
      'x509',
      '-req',
      '-in',
      `${name}.csr`,
      '-CA',
      `${ca}.pem`,
      '-CAkey',
      `${ca}.key`,
      '-CAcreateserial',
      '-days',
      '2',
      '-extfile',
      `${name}.ext`,
      '-out',
      `${name}.pem`,
    ],
    dir,
  );
}

/** Writes the certificates into `dir` (created); names the server certificate for localhost and 127.0.0.1. */
export function makeTestCertificates(dir: string): TestCertificates {
  fs.mkdirSync(dir, { recursive: true });
  makeCa(dir, 'ca');
  makeCa(dir, 'other-ca');
  signed(dir, 'ca', 'server', 'subjectAltName=DNS:localhost,IP:127.0.0.1\nextendedKeyUsage=serverAuth,clientAuth\n');
  signed(dir, 'ca', 'client', 'extendedKeyUsage=clientAuth\n');
  signed(dir, 'other-ca', 'stranger', 'extendedKeyUsage=clientAuth\n');
  const file = (name: string) => path.join(dir, name);
  return {
    dir,
    ca: file('ca.pem'),
    serverCert: file('server.pem'),
    serverKey: file('server.key'),
    clientCert: file('client.pem'),
    clientKey: file('client.key'),
    strangerCert: file('stranger.pem'),
    strangerKey: file('stranger.key'),
  };
}
