// Validates Kubernetes objects (multi-document YAML, as `kubectl kustomize` prints them) against
// the schemas of kubernetes-models and @kubernetes-models/prometheus-operator.
//   node validate.mjs rendered.yaml [more.yaml ...]
// Prints one JSON report {objects: [{apiVersion, kind, name, errors}]} and exits 1 when any
// object has an error or a kind no package models (an unknown kind is never passed silently).
import { readFileSync } from "node:fs";
import { parseAllDocuments } from "yaml";

/** The module of a kind: core "v1" and named groups in kubernetes-models, CRDs in their package. */
function modulePath(apiVersion, kind) {
  const [group, version] = apiVersion.includes("/") ? apiVersion.split("/") : ["", apiVersion];
  if (group === "monitoring.coreos.com") {
    return `@kubernetes-models/prometheus-operator/${group}/${version}/${kind}`;
  }
  return group === "" ? `kubernetes-models/${version}/${kind}` : `kubernetes-models/${group}/${version}/${kind}`;
}

async function check(obj) {
  const { apiVersion = "", kind = "" } = obj;
  const entry = { apiVersion, kind, name: obj.metadata?.name ?? "", errors: [] };
  let Model;
  try {
    Model = (await import(modulePath(apiVersion, kind)))[kind];
  } catch {
    Model = undefined;
  }
  if (!Model) {
    entry.errors.push(`no schema for ${apiVersion} ${kind}`);
    return entry;
  }
  try {
    new Model(obj).validate();
  } catch (e) {
    const details = e.errors ?? [];
    if (details.length === 0) {
      entry.errors.push(e.message);
    }
    for (const d of details) {
      entry.errors.push(`${d.instancePath || "/"} ${d.message ?? d.keyword} ${JSON.stringify(d.params ?? {})}`);
    }
  }
  return entry;
}

const files = process.argv.slice(2);
if (files.length === 0) {
  console.error("usage: node validate.mjs FILE.yaml ...");
  process.exit(2);
}
const objects = [];
for (const file of files) {
  for (const doc of parseAllDocuments(readFileSync(file, "utf8"))) {
    if (doc.errors.length > 0) {
      objects.push({ apiVersion: "", kind: "", name: file, errors: doc.errors.map((e) => e.message) });
      continue;
    }
    const obj = doc.toJS();
    if (obj !== null && obj !== undefined) {
      objects.push(await check(obj));
    }
  }
}
console.log(JSON.stringify({ objects }, null, 1));
process.exit(objects.some((o) => o.errors.length > 0) ? 1 : 0);
