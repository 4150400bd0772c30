// The API server leaves apiVersion and kind out of the items of built-in lists (pods, nodes…),
// while snapshots and custom resources carry them. Filling them in from the resource table keeps
// objects the same shape whichever way they were read, so resourceForObject() and JSON output
// work on live items too.
import { apiVersionOf, type ResourceType } from '../../kube/resources.js';
import type { KubeObject } from '../../kube/types.js';

export function withTypeMeta<T extends KubeObject>(obj: T, r: ResourceType): T {
  if (obj.apiVersion && obj.kind) return obj;
  return { ...obj, apiVersion: obj.apiVersion || apiVersionOf(r), kind: obj.kind || r.kind };
}

/**
 * `withTypeMeta` for an object the caller owns (an item of a list response just parsed): fills
 * the fields in place, with the same result, instead of copying each of thousands of items.
 */
export function fillTypeMeta<T extends KubeObject>(obj: T, r: ResourceType): T {
  if (obj.apiVersion && obj.kind) return obj;
  obj.apiVersion = obj.apiVersion || apiVersionOf(r);
  obj.kind = obj.kind || r.kind;
  return obj;
}
