/**
 * mTLS at the cluster's frontend: certificates made with openssl (test/certificates.ts: a CA, a server certificate
 * for localhost that also allows client auth, a client certificate, one signed by a stranger CA), the cluster
 * started with them (`baton up --cluster --tls-cert --tls-key --tls-ca`), then
 *   - a Baton run completes through a worker and a `baton` command that connect with TEMPORAL_TLS_CERT,
 *     TEMPORAL_TLS_KEY and TEMPORAL_TLS_CA;
 *   - a client that trusts the CA but has no certificate is refused, so is one with a stranger's certificate, and
 *     one without TLS.
 * Ports: those of test/integration/cluster.test.ts (frontend 7271, internal 7272-7276, membership 6973-6979, its private
 * PostgreSQL 5442; headless), free again when this file runs (jest runs one file at a time).
 */
import { Connection, type TLSConfig } from '@temporalio/client';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { makeTestCertificates } from '../certificates';
import { runCli, uniqueTaskQueue } from '../helpers';

const ROOT = path.resolve(__dirname, '../..');
const SCRIPT = path.join(ROOT, 'scripts', 'temporal-cluster.sh');
const dataRoot = path.resolve(ROOT, process.env.BATON_DATA_DIR ?? '.data/test');
const dataDir = path.join(dataRoot, 'cluster-tls');
const PORT = 7271;

test('mTLS: a worker and a client with certificates run an analysis; a client without a certificate is refused', async () => {
  fs.rmSync(dataDir, { recursive: true, force: true });
  const certs = makeTestCertificates(path.join(dataDir, 'certs'));
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
    // The client side (src/temporal/connection.ts): the worker `baton up` starts and the `baton` command.
    TEMPORAL_TLS_CERT: certs.clientCert,
    TEMPORAL_TLS_KEY: certs.clientKey,
    TEMPORAL_TLS_CA: certs.ca,
  };
  const pg = (action: string) => spawnSync('bash', [SCRIPT, 'pg', action], { env: { ...process.env, ...env }, encoding: 'utf8' });
  expect(pg('start').status).toBe(0);
  try {
    const upped = await runCli(
      ['up', '--cluster', '--tls-cert', certs.serverCert, '--tls-key', certs.serverKey, '--tls-ca', certs.ca],
      env,
    );
    expect(upped.stderr).not.toContain('error');
    expect(upped.stdout).toContain(`Temporal cluster answering on 127.0.0.1:${PORT} (mTLS)`);
    expect(upped.stdout).toContain('worker started');

    const asked = await runCli(['ask', 'What was GMV last month?', '--json'], env);
    expect(asked.stderr).not.toContain('error');
    expect(asked.code).toBe(0);
    expect((JSON.parse(asked.stdout) as { status: string }).status).toBe('completed');

    // Straight through the SDK: with the client certificate the frontend answers; without one, with a certificate
    // from a CA it does not trust, or without TLS, the connection is refused.
    const ca = fs.readFileSync(certs.ca);
    const check = async (tls: TLSConfig | false) => {
      const connection = await Connection.connect({ address: `localhost:${PORT}`, tls, connectTimeout: '5 seconds' });
      try {
        await connection.healthService.check({});
      } finally {
        await connection.close();
      }
    };
    await expect(
      check({
        serverRootCACertificate: ca,
        clientCertPair: { crt: fs.readFileSync(certs.clientCert), key: fs.readFileSync(certs.clientKey) },
      }),
    ).resolves.toBeUndefined();
    await expect(check({ serverRootCACertificate: ca })).rejects.toThrow();
    await expect(
      check({
        serverRootCACertificate: ca,
        clientCertPair: { crt: fs.readFileSync(certs.strangerCert), key: fs.readFileSync(certs.strangerKey) },
      }),
    ).rejects.toThrow();
    await expect(check(false)).rejects.toThrow();
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
