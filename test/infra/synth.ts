/**
 * Builds and synthesises the CDK app in-process for the assertion tests. Bundling is skipped
 * unless asked for (CDK honours `aws:cdk:bundling-stacks`), so tests don't wait on esbuild.
 */
import { Template } from 'aws-cdk-lib/assertions';
import type { CloudAssembly } from 'aws-cdk-lib/cx-api';
import { AwsSolutionsChecks } from 'cdk-nag';
import { buildApp, type BuildOptions, type ConsoleApp } from '../../infra/app.js';

export interface Synthesised {
  built: ConsoleApp;
  assembly: CloudAssembly;
  data: Template;
  app: Template;
  /** The App stack's nested stack of API routes (infra/api.ts `routes`). */
  routes: Template;
}

/** A web dist path that never exists: the SPA deployment stays out unless a test adds one. */
export const NO_WEB_BUILD = '/nonexistent/web/dist';

export interface SynthOptions extends BuildOptions {
  /** Bundle the functions with esbuild, as `cdk synth` does (slow); default skipped. */
  bundle?: boolean;
  /**
   * Run CDK's built-in CloudFormation template validation (default on). A test about something
   * else may turn it off to save its seconds; the stack tests keep it.
   */
  validateTemplates?: boolean;
}

export function synthesise(options: SynthOptions = {}): Synthesised {
  const { bundle = false, validateTemplates = true, ...rest } = options;
  const built = buildApp({
    webDist: NO_WEB_BUILD,
    ...rest,
    context: { ...(bundle ? {} : { 'aws:cdk:bundling-stacks': [] }), ...rest.context },
  });
  const before = process.env.CDK_VALIDATION;
  if (!validateTemplates) process.env.CDK_VALIDATION = 'false';
  let assembly: CloudAssembly;
  try {
    // Throws when a validation plugin (cdk-nag, CloudFormation rules) reports an unacknowledged error.
    assembly = built.app.synth();
  } finally {
    if (before === undefined) delete process.env.CDK_VALIDATION;
    else process.env.CDK_VALIDATION = before;
  }
  return {
    built,
    assembly,
    data: Template.fromStack(built.dataStack),
    app: Template.fromStack(built.appStack),
    routes: Template.fromStack(built.appStack.api.routes),
  };
}

/** cdk-nag AWS Solutions findings that are not acknowledged, as `severity rule @ path` lines. */
export function unacknowledgedNagFindings(built: ConsoleApp): string[] {
  const report = new AwsSolutionsChecks().validateScope(built.app);
  return report.violations.flatMap((v) => v.violatingResources.map((r) => `${v.severity} ${v.ruleName} @ ${r.constructPath ?? '?'}`));
}

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
export interface CfnResourceJson {
  Type: string;
  Properties?: Record<string, Json>;
  DependsOn?: string | string[];
  DeletionPolicy?: string;
  UpdateReplacePolicy?: string;
}

export function resources(template: Template, type?: string): Record<string, CfnResourceJson> {
  const all = (template.toJSON() as { Resources: Record<string, CfnResourceJson> }).Resources;
  return Object.fromEntries(Object.entries(all).filter(([, r]) => !type || r.Type === type));
}

/** Logical ids a resource refers to (Ref, Fn::GetAtt, DependsOn), pseudo parameters left out. */
export function referencesOf(resource: CfnResourceJson): Set<string> {
  const found = new Set<string>();
  const visit = (node: unknown): void => {
    if (Array.isArray(node)) return node.forEach(visit);
    if (!node || typeof node !== 'object') return;
    for (const [key, value] of Object.entries(node)) {
      if (key === 'Ref' && typeof value === 'string' && !value.startsWith('AWS::')) found.add(value);
      else if (key === 'Fn::GetAtt' && Array.isArray(value) && typeof value[0] === 'string') found.add(value[0]);
      else if (key === 'Fn::Sub' && typeof value === 'string') {
        for (const m of value.matchAll(/\$\{([A-Za-z0-9]+)(\.[A-Za-z]+)?\}/g)) if (m[1] && !m[1].startsWith('AWS')) found.add(m[1]);
      } else visit(value);
    }
  };
  visit(resource.Properties);
  for (const dep of ([] as string[]).concat(resource.DependsOn ?? [])) found.add(dep);
  return found;
}

/** A dependency cycle among a template's resources, or undefined (CloudFormation refuses cycles). */
export function findCycle(template: Template): string[] | undefined {
  const all = resources(template);
  const state = new Map<string, 'visiting' | 'done'>();
  const path: string[] = [];
  const visit = (id: string): string[] | undefined => {
    if (state.get(id) === 'done' || !all[id]) return undefined;
    if (state.get(id) === 'visiting') return [...path.slice(path.indexOf(id)), id];
    state.set(id, 'visiting');
    path.push(id);
    for (const next of referencesOf(all[id])) {
      const cycle = visit(next);
      if (cycle) return cycle;
    }
    path.pop();
    state.set(id, 'done');
    return undefined;
  };
  for (const id of Object.keys(all)) {
    const cycle = visit(id);
    if (cycle) return cycle;
  }
  return undefined;
}
