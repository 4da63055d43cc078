/**
 * cdk-nag 3 acknowledgements. A finding is acknowledged on the construct it is about (or the
 * narrowest scope that owns every such resource), always with the reason a reviewer would ask for.
 */
import { Stack, Validations } from 'aws-cdk-lib';
import { CfnPolicy } from 'aws-cdk-lib/aws-iam';
import type { IConstruct } from 'constructs';
// cdk-nag names a wildcard resource by this flattening of the policy's CloudFormation value.
import { flattenCfnReference } from 'cdk-nag/lib/utils/flatten-cfn-reference.js';

/** Acknowledges each finding id (e.g. `AwsSolutions-IAM5[Action::s3:List*]`) on `scope` and below. */
export function acknowledge(scope: IConstruct, reason: string, ...ids: string[]): void {
  Validations.of(scope).acknowledge(...ids.map((id) => ({ id, reason })));
}

/**
 * Acknowledges the IAM5 finding for the wildcard resource `${arn}${suffix}` (a bucket's objects:
 * `bucket.bucketArn`, `'/*'`) in policies under `scope`.
 *
 * The finding names the resource as it stands in the synthesized template, and for a resource of
 * the Data stack that is the cross-stack reference CDK substitutes while preparing the app. So
 * the id is worked out in a construct validation, which CDK runs after references are resolved
 * and before the validation plugins (cdk-nag) read the acknowledgements.
 */
export function acknowledgeWildcardResource(scope: IConstruct, arn: string, suffix: string, reason: string): void {
  scope.node.addValidation({
    validate: () => {
      const resource = `${flattenCfnReference(Stack.of(scope).resolve(arn))}${suffix}`;
      acknowledge(scope, reason, `AwsSolutions-IAM5[Resource::${resource}]`);
      return [];
    },
  });
}

interface PolicyStatementJson {
  Effect?: string;
  Action?: string | string[];
  Resource?: unknown;
}

/**
 * Acknowledges every IAM5 wildcard (actions and resources) in the policies under `owner`. Only for
 * roles whose policy CDK writes for its own machinery (the BucketDeployment handler), where each
 * wildcard is CDK's choice and one reason covers them all.
 */
export function acknowledgeWildcardsOfCdkHandler(owner: IConstruct, reason: string): void {
  owner.node.addValidation({
    validate: () => {
      for (const policy of owner.node.findAll().filter((c): c is CfnPolicy => c instanceof CfnPolicy)) {
        const document = Stack.of(policy).resolve(policy.policyDocument) as { Statement?: PolicyStatementJson[] };
        for (const statement of document.Statement ?? []) {
          if (statement.Effect !== 'Allow') continue;
          const actions = ([] as string[]).concat(statement.Action ?? []);
          const resources = ([] as unknown[]).concat(statement.Resource ?? []).map((r) => flattenCfnReference(r));
          const ids = [
            ...actions.filter((a) => a.includes('*')).map((a) => `AwsSolutions-IAM5[Action::${a}]`),
            ...resources.filter((r) => r.includes('*')).map((r) => `AwsSolutions-IAM5[Resource::${r}]`),
          ];
          if (ids.length) acknowledge(policy, reason, ...ids);
        }
      }
      return [];
    },
  });
}
