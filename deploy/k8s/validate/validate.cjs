// node validate.cjs <documents.json>
// Validates Kubernetes objects against the schemas of the Kubernetes API (kubernetes-models,
// generated from the OpenAPI document of Kubernetes): types, required fields, enums, formats
// (quantities, int-or-string). documents.json: [{ "source": "...", "doc": { apiVersion, kind, ... } }].
// Prints one JSON line per document: { "source", "kind", "errors": [...] }; exit 0 when all are valid,
// 1 when one is not, 2 on bad input.
"use strict";
const fs = require("fs");

function modelOf(apiVersion, kind) {
  if (typeof apiVersion !== "string" || typeof kind !== "string" || !/^[A-Za-z0-9]+$/.test(kind)) {
    throw new Error("apiVersion and kind must be strings");
  }
  const parts = apiVersion.split("/");
  const path = parts.length === 1 ? `kubernetes-models/${parts[0]}/${kind}` : `kubernetes-models/${parts[0]}/${parts[1]}/${kind}`;
  let module;
  try {
    module = require(path);
  } catch (e) {
    throw new Error(`no schema for ${apiVersion} ${kind} (not a Kubernetes kind of this version)`);
  }
  const model = module[kind] || module.default;
  if (!model) {
    throw new Error(`no model ${kind} in ${path}`);
  }
  return model;
}

let documents;
try {
  documents = JSON.parse(fs.readFileSync(process.argv[2], "utf8"));
} catch (e) {
  console.error(`cannot read ${process.argv[2]}: ${e.message}`);
  process.exit(2);
}
let invalid = 0;
for (const { source, doc } of documents) {
  const errors = [];
  try {
    const Model = modelOf(doc && doc.apiVersion, doc && doc.kind);
    new Model(doc).validate();
  } catch (e) {
    errors.push(e.message);
  }
  if (errors.length > 0) {
    invalid++;
  }
  console.log(JSON.stringify({ source, kind: doc && doc.kind, errors }));
}
process.exit(invalid > 0 ? 1 : 0);
