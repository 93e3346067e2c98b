/**
 * mTLS at the cluster's frontend: certificates made here with openssl (a CA, a server certificate for localhost
 * that also allows client auth, a client certificate), the cluster started with them (`baton up --cluster
 * --tls-cert --tls-key --tls-ca`), then
 *   - a Baton run completes through a worker and a `baton` command that connect with TEMPORAL_TLS_CERT,
 *     TEMPORAL_TLS_KEY and TEMPORAL_TLS_CA;
 *   - a client that trusts the CA but has no certificate is refused, and so is one without TLS.
 * Ports: those of test/cluster.test.ts (frontend 7271, internal 7272-7276, membership 6973-6979, its private
 * PostgreSQL 5442; headless), free again when this file runs (jest runs one file at a time).
 */
import { Connection } from '@temporalio/client';
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { runCli, uniqueTaskQueue } from './helpers';

const ROOT = path.resolve(__dirname, '..');
const SCRIPT = path.join(ROOT, 'scripts', 'temporal-cluster.sh');
const dataRoot = path.resolve(ROOT, process.env.BATON_DATA_DIR ?? '.data/test');
const dataDir = path.join(dataRoot, 'cluster-tls');
const certs = path.join(dataDir, 'certs');
const PORT = 7271;

function openssl(...args: string[]): void {
  execFileSync('openssl', args, { cwd: certs, stdio: 'pipe' });
}

/** A CA, a server certificate (localhost, 127.0.0.1; server and client auth) and a client certificate, each signed by the CA. */
function makeCertificates(): void {
  fs.mkdirSync(certs, { recursive: true });
  openssl('req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-keyout', 'ca.key', '-out', 'ca.pem', '-days', '2', '-subj', '/CN=Baton test CA');
  const leaf = (name: string, ext: string) => {
    fs.writeFileSync(path.join(certs, `${name}.ext`), ext);
    openssl('req', '-newkey', 'rsa:2048', '-nodes', '-keyout', `${name}.key`, '-out', `${name}.csr`, '-subj', `/CN=${name}`);
    openssl('x509', '-req', '-in', `${name}.csr`, '-CA', 'ca.pem', '-CAkey', 'ca.key', '-CAcreateserial', '-out', `${name}.pem`, '-days', '2', '-extfile', `${name}.ext`);
  };
  leaf('server', 'subjectAltName = DNS:localhost, IP:127.0.0.1\nextendedKeyUsage = serverAuth, clientAuth\n');
  leaf('client', 'extendedKeyUsage = clientAuth\n');
}

test('mTLS: a worker and a client with certificates run an analysis; a client without a certificate is refused', async () => {
  fs.rmSync(dataDir, { recursive: true, force: true });
  makeCertificates();
  const env: Record<string, string> = {
    BATON_DATA_DIR: dataDir,
    TEMPORAL_PORT: String(PORT),
    TEMPORAL_ADDRESS: `localhost:${PORT}`,
    TEMPORAL_UI_PORT: String(PORT + 1000),
    TEMPORAL_HEADLESS: '1',
    TEMPORAL_CLUSTER_PORT_BASE: '7270',
    TEMPORAL_CLUSTER_MEMBERSHIP_PORT_BASE: '6970',
    TEMPORAL_CLUSTER_DATABASE_URL: 'postgres://postgres@127.0.0.1:5442/baton_cl_tls_temporal',
    TEMPORAL_CLUSTER_PG_DIR: path.join(dataDir, 'postgresql'),
    BATON_TASK_QUEUE: uniqueTaskQueue('cluster-tls'),
    // The client side (src/temporal-connection.ts): the worker `baton up` starts and the `baton` command.
    TEMPORAL_TLS_CERT: path.join(certs, 'client.pem'),
    TEMPORAL_TLS_KEY: path.join(certs, 'client.key'),
    TEMPORAL_TLS_CA: path.join(certs, 'ca.pem'),
  };
  const pg = (action: string) => spawnSync('bash', [SCRIPT, 'pg', action], { env: { ...process.env, ...env }, encoding: 'utf8' });
  expect(pg('start').status).toBe(0);
  try {
    const upped = await runCli(['up', '--cluster', '--tls-cert', path.join(certs, 'server.pem'), '--tls-key', path.join(certs, 'server.key'), '--tls-ca', path.join(certs, 'ca.pem')], env);
    expect(upped.stderr).not.toContain('error');
    expect(upped.stdout).toContain(`Temporal cluster answering on 127.0.0.1:${PORT} (mTLS)`);
    expect(upped.stdout).toContain('worker started');

    const asked = await runCli(['ask', 'What was GMV last month?', '--json'], env);
    expect(asked.stderr).not.toContain('error');
    expect(asked.code).toBe(0);
    expect((JSON.parse(asked.stdout) as { status: string }).status).toBe('completed');

    // With the client certificate: the health check answers.
    const withCert = await Connection.connect({
      address: `localhost:${PORT}`,
      tls: { serverRootCACertificate: fs.readFileSync(path.join(certs, 'ca.pem')), clientCertPair: { crt: fs.readFileSync(path.join(certs, 'client.pem')), key: fs.readFileSync(path.join(certs, 'client.key')) } },
      connectTimeout: '5 seconds',
    });
    await expect(withCert.healthService.check({})).resolves.toBeDefined();
    await withCert.close();
    // Trusting the CA but without a certificate: the handshake is refused.
    await expect(Connection.connect({ address: `localhost:${PORT}`, tls: { serverRootCACertificate: fs.readFileSync(path.join(certs, 'ca.pem')) }, connectTimeout: '5 seconds' })
      .then(async (c) => { await c.healthService.check({}); await c.close(); })).rejects.toThrow();
    // Without TLS at all: refused too.
    await expect(Connection.connect({ address: `localhost:${PORT}`, connectTimeout: '5 seconds' })
      .then(async (c) => { await c.healthService.check({}); await c.close(); })).rejects.toThrow();
    // The `baton` command without the certificate gets one clear line.
    const refused = await runCli(['runs'], { ...env, TEMPORAL_TLS_CERT: '', TEMPORAL_TLS_KEY: '' });
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('cannot reach Temporal');
  } finally {
    const downed = await runCli(['down'], env);
    pg('stop');
    expect(downed.stdout).toContain('Temporal cluster stopped');
  }
}, 180_000);
