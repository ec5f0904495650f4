import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { ICertificate } from '@kubernetes-models/cert-manager/cert-manager.io/v1/Certificate';
import type { IClusterIssuer } from '@kubernetes-models/cert-manager/cert-manager.io/v1/ClusterIssuer';
import type { IDeployment } from 'kubernetes-models/apps/v1/Deployment';
import type { IHorizontalPodAutoscaler } from 'kubernetes-models/autoscaling/v2/HorizontalPodAutoscaler';
import type { IIngress } from 'kubernetes-models/networking.k8s.io/v1/Ingress';
import type { INetworkPolicy } from 'kubernetes-models/networking.k8s.io/v1/NetworkPolicy';
import type { IPodDisruptionBudget } from 'kubernetes-models/policy/v1/PodDisruptionBudget';
import type { IService } from 'kubernetes-models/v1/Service';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { BODY_LIMIT_BYTES } from '../../server/http/body-limit';
import { LARGER_BODIES } from '../../server/larger-bodies';
import { loadConfig, VARIABLES } from '../../server/process/config';
import { APPLICATION_PATH } from '../../shared/application';
import { createTestApp } from '../../test/support/app';
import { dockerfile } from '../../test/support/dockerfile';
import { ADMIN_TOKEN } from '../../test/support/leads';
import { kustomizeBase, schemaProblem, unknownFields } from '../../test/support/manifests';

// deploy/kubernetes/ checked offline, as no cluster runs here: every object against the Kubernetes API's
// schemas (kubernetes-models), then against the app and the image it deploys (docs/operations.md,
// "Kubernetes").

const FOLDER = 'deploy/kubernetes';
const base = kustomizeBase(FOLDER);
const find = <T>(kind: string) => base.objects.find(({ object }) => object.kind === kind)!.object as unknown as T;
const deployment = find<IDeployment>('Deployment');
const service = find<IService>('Service');
const ingress = find<IIngress>('Ingress');
const budget = find<IPodDisruptionBudget>('PodDisruptionBudget');
const autoscaler = find<IHorizontalPodAutoscaler>('HorizontalPodAutoscaler');
const policy = find<INetworkPolicy>('NetworkPolicy');
const certificate = find<ICertificate>('Certificate');
const issuer = find<IClusterIssuer>('ClusterIssuer');
const pod = deployment.spec!.template;
const { volumes = [], securityContext } = pod.spec!;
const container = pod.spec!.containers[0]!;
const mounts = container.volumeMounts ?? [];
const volumeAt = (mountPath: string) =>
  volumes.find(({ name }) => name === mounts.find((mount) => mount.mountPath === mountPath)?.name);
const portNumber = (port: string | number | undefined) =>
  typeof port === 'number' ? port : container.ports?.find(({ name }) => name === port)?.containerPort;
const env = Object.fromEntries((container.env ?? []).map(({ name, value }) => [name, value ?? '']));
const SECRETS = ['ADMIN_TOKEN', 'DATABASE_URL', 'SMTP_URL', 'WEBHOOK_SECRET'];

/**
 * The config a pod would read: the manifest's variables, with the Secret that docs/operations.md says
 * to create mounted where the manifest mounts it (here, sample values in a folder of their own).
 */
function podConfig() {
  const secret = volumes.find((volume) => volume.secret)!;
  const mountPath = mounts.find(({ name }) => name === secret.name)!.mountPath;
  const folder = mkdtempSync(path.join(tmpdir(), 'site-pod-secrets-'));
  const samples = {
    'admin-token': ADMIN_TOKEN,
    'database-url': 'postgres://site:senha@site-db-rw:5432/site',
    'smtp-url': 'smtps://site:senha@smtp.exemplo.com.br:465',
  };
  for (const [key, value] of Object.entries(samples)) writeFileSync(path.join(folder, key), `${value}\n`);
  const mounted = Object.entries(env).map(([name, value]) => [name, value.replace(`${mountPath}/`, `${folder}/`)]);
  return loadConfig(Object.fromEntries(mounted));
}
const config = podConfig();
const probes = {
  startup: container.startupProbe!,
  readiness: container.readinessProbe!,
  liveness: container.livenessProbe!,
};
const mebibytes = (quantity: unknown) => Number(/^(\d+)Mi$/.exec(String(quantity))?.[1]);
const nodeOption = (name: string) =>
  Number(new RegExp(`--${name}=(\\d+)`).exec(dockerfile.runtimeEnv.NODE_OPTIONS!)?.[1]);

describe('the Kubernetes manifests', () => {
  it('are a plain kustomize base that lists every file of the folder', () => {
    const files = readdirSync(FOLDER).filter((file) => file !== 'kustomization.yaml');
    expect([...base.resources].sort()).toEqual(files.sort());
    // The files are what kustomize emits only while nothing transforms them.
    expect(base.transformers).toEqual([]);
  });

  it.each(base.objects.map(({ file, object }) => [file, object] as const))(
    'validate against the Kubernetes API schema: %s',
    async (_file, object) => {
      expect(await schemaProblem(object)).toBeUndefined();
    },
  );

  it('name no field the Kubernetes API does not know', { timeout: 60_000 }, async () => {
    expect(await unknownFields(base.objects)).toEqual([]);
  });

  it('probe paths the app answers 200 to, on the port the app and the image listen on', async () => {
    const { app } = createTestApp();
    for (const [name, probe] of Object.entries(probes)) {
      expect(portNumber(probe.httpGet?.port), name).toBe(config.port);
      expect((await request(app).get(probe.httpGet!.path!)).status, `${name} ${probe.httpGet?.path}`).toBe(200);
    }
    expect(probes.readiness.httpGet?.path).toBe('/health/ready');
    expect(probes.liveness.httpGet?.path).toBe('/health');
    expect(dockerfile.runtimeEnv.PORT).toBe(String(config.port));
    expect(dockerfile.text).toMatch(new RegExp(`^EXPOSE ${config.port}$`, 'm'));
  });

  it('give a pod its whole drain and shutdown before SIGKILL, and take it out of rotation early in the drain', () => {
    expect(pod.spec!.terminationGracePeriodSeconds! * 1000).toBeGreaterThan(config.shutdown.timeoutMs);
    const { periodSeconds = 10, failureThreshold = 3 } = probes.readiness;
    expect(periodSeconds * failureThreshold * 1000).toBeLessThan(config.shutdown.drainMs);
  });

  it('set only variables the config reads, the secrets as files of a Secret readable by the app alone', () => {
    expect(Object.keys(env).filter((name) => !VARIABLES.includes(name))).toEqual([]);
    expect(Object.keys(env).filter((name) => SECRETS.includes(name))).toEqual([]);
    expect(config).toMatchObject({ adminToken: expect.any(String), databaseUrl: expect.any(String) });
    expect(config.mail?.smtpUrl).toBeDefined();
    const secret = volumes.find((volume) => volume.secret)!.secret!;
    // Read through fsGroup (the app's group): not by every user of the node's processes.
    expect(secret.defaultMode).toBe(0o440);
    expect(securityContext?.fsGroup).toBe(securityContext?.runAsGroup);
  });

  it('run the image as its own unprivileged user, on a read-only root with its /data volume writable', () => {
    expect(dockerfile.text).toMatch(/^USER node$/m);
    // The node image's `node` user and group.
    expect(securityContext).toMatchObject({ runAsNonRoot: true, runAsUser: 1000, runAsGroup: 1000 });
    expect(securityContext?.seccompProfile).toEqual({ type: 'RuntimeDefault' });
    expect(container.securityContext).toEqual({
      allowPrivilegeEscalation: false,
      readOnlyRootFilesystem: true,
      capabilities: { drop: ['ALL'] },
    });
    const volume = /^VOLUME (\S+)$/m.exec(dockerfile.text)![1]!;
    expect(volumeAt(volume)?.emptyDir).toBeDefined();
    // The app calls no Kubernetes API.
    expect(pod.spec!.automountServiceAccountToken).toBe(false);
  });

  it('request and limit the memory that the image caps its heap to', () => {
    const heap = nodeOption('max-old-space-size') + 3 * nodeOption('max-semi-space-size');
    // Beyond the heap: code, buffers and the bundle, about 70 MB at rest (docs/performance.md).
    expect(mebibytes(container.resources?.limits?.memory)).toBeGreaterThanOrEqual(heap + 64);
    // Under load the process stays near 150 MB (docs/performance.md): requested, so it goes where that fits.
    expect(mebibytes(container.resources?.requests?.memory)).toBeGreaterThanOrEqual(150);
    // What the autoscaler's utilisation is a share of.
    expect(container.resources?.requests?.cpu).toBeDefined();
  });

  it('keep at least 2 replicas through rollouts, autoscaling and disruptions', () => {
    const replicas = deployment.spec!.replicas!;
    expect(replicas).toBeGreaterThanOrEqual(2);
    expect(deployment.spec!.strategy?.rollingUpdate?.maxUnavailable).toBe(0);
    const { name } = deployment.metadata!;
    expect(autoscaler.spec!.scaleTargetRef).toEqual({ apiVersion: deployment.apiVersion, kind: deployment.kind, name });
    expect(autoscaler.spec!.minReplicas).toBe(replicas);
    expect(budget.spec!.maxUnavailable).toBeLessThan(replicas);
  });

  it('reach the Deployment’s pods and port from the Service, the budget, the policy and the Ingress', () => {
    const labels = pod.metadata!.labels!;
    expect(deployment.spec!.selector.matchLabels).toEqual(labels);
    for (const selector of [
      service.spec!.selector,
      budget.spec!.selector?.matchLabels,
      policy.spec!.podSelector!.matchLabels,
    ])
      expect(labels).toMatchObject(selector!);
    const [port] = service.spec!.ports!;
    expect(portNumber(port!.targetPort)).toBe(config.port);
    for (const rule of policy.spec!.ingress!)
      for (const { port } of rule.ports!) expect(portNumber(port)).toBe(config.port);
    const backend = ingress.spec!.rules![0]!.http!.paths[0]!.backend.service;
    expect(backend).toEqual({ name: service.metadata!.name, port: { name: port!.name } });
    const bodySize = ingress.metadata!.annotations!['nginx.ingress.kubernetes.io/proxy-body-size'];
    expect(bodySize).toBe(`${BODY_LIMIT_BYTES / 1024}k`);
    // One proxy, the ingress controller, in front.
    expect(config.trustProxy).toBe(1);
  });

  it('let the application form’s POST carry a CV, and a driver’s event its photos, through Ingresses of their own', () => {
    const uploads = base.objects
      .map(({ object }) => object as unknown as IIngress)
      .filter((object) => object.kind === 'Ingress' && object !== ingress);
    const driverEvent = `/motorista/${'A'.repeat(43)}/eventos`;
    expect(
      uploads.map((upload) => upload.spec!.rules![0]!.http!.paths.map((rule) => [rule.path, rule.pathType])),
    ).toEqual([[[APPLICATION_PATH, 'Exact']], [['/motorista/', 'Prefix']]]);
    const bounds = [LARGER_BODIES(APPLICATION_PATH)!.bytes, LARGER_BODIES(driverEvent)!.bytes];
    expect(
      uploads.map((upload) => upload.metadata!.annotations!['nginx.ingress.kubernetes.io/proxy-body-size']),
    ).toEqual(bounds.map((bound) => `${bound / 1024}k`));
    for (const upload of uploads) expect(upload.spec!.tls).toEqual(ingress.spec!.tls);
  });

  it('serve the Ingress over TLS with the Certificate cert-manager obtains from Let’s Encrypt over HTTP-01', () => {
    // The Ingress's every host has the Certificate's Secret, and the Certificate names exactly those hosts.
    const hosts = ingress.spec!.rules!.map(({ host }) => host);
    expect(ingress.spec!.tls).toEqual([{ hosts, secretName: certificate.spec!.secretName }]);
    expect(certificate.spec!.dnsNames).toEqual(hosts);
    // From the ClusterIssuer of the base, over ACME, its challenge answered through the site's own controller.
    expect(certificate.spec!.issuerRef).toEqual({
      group: 'cert-manager.io',
      kind: 'ClusterIssuer',
      name: issuer.metadata!.name,
    });
    const { acme } = issuer.spec!;
    expect(acme!.server).toBe('https://acme-v02.api.letsencrypt.org/directory');
    expect(acme!.solvers).toEqual([{ http01: { ingress: { ingressClassName: ingress.spec!.ingressClassName } } }]);
    // Renewed at cert-manager's default, two thirds into its life: no duration or renewBefore to undo that.
    expect(certificate.spec!.renewBefore).toBeUndefined();
  });

  it('deploy the image that compose.yaml and stack.yaml run, with the same grace for the shutdown', () => {
    const compose = parse(readFileSync('deploy/compose.yaml', 'utf8'));
    const stack = parse(readFileSync('deploy/stack.yaml', 'utf8'));
    expect(container.image).toBe(compose['x-app'].image);
    expect(stack.services.app.image).toBe(`\${SITE_IMAGE:-${container.image}}`);
    for (const grace of [compose['x-app'].stop_grace_period, stack.services.app.stop_grace_period])
      expect(grace).toBe(`${pod.spec!.terminationGracePeriodSeconds}s`);
    const limit = mebibytes(container.resources?.limits?.memory);
    expect(stack.services.app.deploy.resources.limits.memory).toBe(`${limit}M`);
  });
});
